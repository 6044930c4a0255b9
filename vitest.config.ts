import { defineConfig } from 'vitest/config';

const apiTests = ['apps/api/**/*.test.ts'];

// API tests run once on the embedded database (PGlite) and again on a PostgreSQL server when
// TEST_DATABASE_URL names one (.ci/run sets it): the same files, the same assertions.
export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { test: { name: 'unit', include: ['packages/contracts/**/*.test.ts', 'apps/web/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'api:pglite', include: apiTests, env: { TEST_DB: 'pglite' } } },
      ...(process.env.TEST_DATABASE_URL ? [{ test: { name: 'api:postgres', include: apiTests, env: { TEST_DB: 'postgres' } } }] : []),
    ],
  },
});
