// The real processors of the service, registered at start (app.ts) with its settings: base URLs
// (PROCESSOR_A_API_URL / PROCESSOR_B_API_URL, unset for the processors' real endpoints) and the
// longest wait for one call. Connections name one of these by `provider`. A test that registered a
// fake under a name first keeps it.
import { createPixApiAdapter } from './pix-api/index.ts';
import { createProcessorAAdapter } from './processor-a/index.ts';
import { createProcessorBAdapter } from './processor-b/index.ts';
import { registerProcessor } from './registry.ts';
import type { ProcessorSettings } from './types.ts';

export function registerServiceProcessors(settings: ProcessorSettings): void {
  registerProcessor(createProcessorAAdapter(settings), { ifAbsent: true });
  registerProcessor(createProcessorBAdapter(settings), { ifAbsent: true });
  registerProcessor(createPixApiAdapter(settings), { ifAbsent: true });
}
