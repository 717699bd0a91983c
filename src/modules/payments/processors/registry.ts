// The processors the service can charge through, by name. app.ts registers the real adapters
// (processor_a, processor_b, pix_api) at start with the service's ProcessorSettings; tests register
// a fake. Connections (modules/providers) take their credential fields from here, and live charges,
// refunds, events and the repair poller reach the adapter of a connection through here.
import type { ProcessorAdapter, ProcessorName } from './types.ts';

const adapters = new Map<ProcessorName, ProcessorAdapter>();

export function registerProcessor(adapter: ProcessorAdapter): void {
  adapters.set(adapter.name, adapter);
}

/** Tests only: forget an adapter registered for one test file. */
export function unregisterProcessor(name: ProcessorName): void {
  adapters.delete(name);
}

export function processorNamed(name: string): ProcessorAdapter | null {
  return adapters.get(name as ProcessorName) ?? null;
}

export const PROCESSOR_NAMES: readonly ProcessorName[] = ['processor_a', 'processor_b', 'pix_api'];
