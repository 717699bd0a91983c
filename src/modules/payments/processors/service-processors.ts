// The real processors of the service, registered at start (app.ts) with its settings: base URLs
// (PROCESSOR_A_API_URL / PROCESSOR_B_API_URL, unset for the processors' real endpoints) and the
// longest wait for one call. Connections name one of these by `provider`. A later app's settings
// replace an earlier app's in the same process; a test that registered a fake under a name keeps it.
import { createPixApiAdapter } from './pix-api/index.ts';
import { createProcessorAAdapter } from './processor-a/index.ts';
import { createProcessorBAdapter } from './processor-b/index.ts';
import { registerServiceAdapter } from './registry.ts';
import type { ProcessorSettings } from './types.ts';

export function registerServiceProcessors(settings: ProcessorSettings): void {
  registerServiceAdapter(createProcessorAAdapter(settings));
  registerServiceAdapter(createProcessorBAdapter(settings));
  registerServiceAdapter(createPixApiAdapter(settings));
}
