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
  },
});
