// The processors the service can charge through, by name. app.ts registers the real adapters
// (processor_a, processor_b, pix_api) at start, built with `config.processors` (ProcessorSettings),
// with `{ ifAbsent: true }`: a test that registered a fake under the name first keeps it, however
// many apps it builds. Connections (modules/providers) take their credential fields from here, and live charges,
// refunds, events and the repair poller reach the adapter of a connection through here.
import type { ProcessorAdapter, ProcessorName } from './types.ts';

const adapters = new Map<ProcessorName, ProcessorAdapter>();

export function registerProcessor(adapter: ProcessorAdapter, options: { ifAbsent?: boolean } = {}): void {
  if (options.ifAbsent && adapters.has(adapter.name)) return;
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
