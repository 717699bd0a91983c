// The processors the service can charge through, by name. app.ts registers the real adapters
// (processor_a, processor_b, pix_api) at start, built with `config.processors` (ProcessorSettings)
// through registerServiceAdapter: a later app's replace an earlier app's (test files sharing a
// process each build an app naming their own processor mocks), and a test that registered a fake
// under the name keeps it, however many apps it builds. Connections (modules/providers) take their
// credential fields from here, and live charges, refunds, events and the repair poller reach the
// adapter of a connection through here.
import type { ProcessorAdapter, ProcessorName } from './types.ts';

const adapters = new Map<ProcessorName, ProcessorAdapter>();
/** The adapters an app built from its settings, as opposed to a test's fakes. */
const builtByService = new WeakSet<ProcessorAdapter>();

/** Registers `adapter` under its name (tests: a fake, until unregisterProcessor). */
export function registerProcessor(adapter: ProcessorAdapter): void {
  adapters.set(adapter.name, adapter);
}

/** The service's own adapter for an app's settings: replaces another app's, never a test's fake. */
export function registerServiceAdapter(adapter: ProcessorAdapter): void {
  const current = adapters.get(adapter.name);
  if (current && !builtByService.has(current)) return;
  builtByService.add(adapter);
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
