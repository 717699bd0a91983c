import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Each file opens its own database (embedded PGlite or a fresh PostgreSQL schema).
    fileParallelism: true,
    maxWorkers: 2,
    // PGlite: initdb and the migrations once per run, each file's database a copy of the result.
    globalSetup: ['test/global-setup.ts'],
  },
});
