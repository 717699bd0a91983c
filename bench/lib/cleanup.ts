// Cleanup that runs on every way out: normal end, a thrown error, Ctrl-C or SIGTERM from CI.
// A registered step can also be run early (a phase's servers and database go when the phase
// ends); whatever is still registered runs at exit, last-registered first.
import { stopAllServers } from './processes.ts';

interface Step {
  name: string;
  run: () => Promise<void>;
  done: boolean;
}

const steps: Step[] = [];

async function runStep(step: Step): Promise<void> {
  if (step.done) return;
  step.done = true;
  try {
    await step.run();
  } catch (error) {
    console.error(`cleanup "${step.name}" failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Registers a cleanup step; the returned function runs it now (once). */
export function onCleanup(name: string, run: () => Promise<void>): () => Promise<void> {
  const step = { name, run, done: false };
  steps.push(step);
  return () => runStep(step);
}

let cleaning: Promise<void> | null = null;

export function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    await stopAllServers().catch(() => undefined);
    for (const step of [...steps].reverse()) await runStep(step);
  })();
  return cleaning;
}

export function cleanupOnSignals(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`${signal}: stopping servers and dropping the benchmark database`);
      void cleanup().finally(() => process.exit(130));
    });
  }
}
