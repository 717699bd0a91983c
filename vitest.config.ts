import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './test/sequencer.ts';

// Files that talk to a processor's mock server through its official SDK: the SDKs keep module-level
// clients and agents bound to the first server they met, so these files keep a fresh module
// registry each (isolated), as every file had before.
const ISOLATED = ['test/processors/**/*.test.ts', 'test/browser/live-card.test.ts', 'src/modules/payments/processors/**/*.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Each file opens its own database (embedded PGlite or a fresh PostgreSQL schema).
    fileParallelism: true,
    // One worker more than the cores: a worker often waits (on a child service process, PGlite's
    // I/O, a test's timers). On 2 cores, 2 workers kept the CPUs 110-145% busy (of 200%). With 3, a
    // whole PGlite run took 670 s at 158% (docs/decisions/operations.md, "The suite's time").
    maxWorkers: Math.min(availableParallelism() + 1, 8),
    // PGlite: initdb and the migrations once per run, each file's database a copy of the result.
    globalSetup: ['test/global-setup.ts'],
    // The longest files first, so no worker is left alone with one at the end (test/sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
          exclude: ISOLATED,
          // Files share a worker's module cache: the service's modules are imported once per
          // worker, not once per file (import time was 220-400 s of a run). Safe because no test
          // mocks modules and every file builds its own app, database and clock
          // (docs/decisions/operations.md, "The suite's time").
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED, isolate: true } },
    ],
  },
});
