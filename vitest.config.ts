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
      // The API files share a worker process (isolate: false): each still builds its own app on its own database, and
      // none mocks a module; loading the app once per worker instead of once per file took the run from 773 to 452 s
      // (docs/decisions.md, "API tests share a worker process"). The unit files mock modules, so they stay isolated.
      { test: { name: 'api:pglite', include: apiTests, isolate: false, env: { TEST_DB: 'pglite' } } },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'api:postgres',
                include: apiTests,
                isolate: false,
                env: { TEST_DB: 'postgres' },
                // pg 9's rule now: a client runs one query at a time (apps/api/test/one-query-per-client.ts).
                setupFiles: ['apps/api/test/one-query-per-client.ts'],
              },
            },
          ]
        : []),
    ],
  },
});
