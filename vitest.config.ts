import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './test/sequencer.ts';

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
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    // Files share a worker's module cache: the service's modules are imported once per worker, not
    // once per file (import time was 220-400 s of a run). Safe because no test mocks modules and
    // every file builds its own app, database and clock; what a module keeps per process is keyed
    // by what it was built from (the processors' adapters: each app's settings replace an earlier
    // app's) (docs/decisions/operations.md, "The suite's time").
    isolate: false,
  },
});
