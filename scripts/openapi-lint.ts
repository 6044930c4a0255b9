// The API reference check of the test command: builds the API (no database work, no server), writes its
// OpenAPI document (what /api/docs/json serves) to a temporary file and lints it with Spectral's `spectral:oas`
// ruleset. Fails on any finding, warnings and hints included. Usage: npm run check:openapi
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';

const root = resolve(import.meta.dirname, '..');
const config = loadConfig(
  { DATA_DIR: 'memory://', LOG_LEVEL: 'silent', JWT_SECRET: 'openapi-lint-secret-long-enough-for-hs256' },
  { WEB_DIST_DIR: '/nonexistent' },
);
const database = await openDatabase({ dataDir: config.DATA_DIR, connectTimeoutMs: 3000 });
const app = await buildApp({ config, database, secret: 'openapi-lint-secret-long-enough-for-hs256' });
await app.ready();
const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
await app.close();
await database.close();
if (response.statusCode !== 200) throw new Error(`/api/docs/json answered ${response.statusCode}`);

const dir = mkdtempSync(join(tmpdir(), 'ps-openapi-'));
const document = join(dir, 'openapi.json');
const ruleset = join(dir, '.spectral.yaml');
writeFileSync(document, response.body);
writeFileSync(ruleset, 'extends: ["spectral:oas"]\n');
try {
  execFileSync(
    join(root, 'node_modules/.bin/spectral'),
    ['lint', document, '--ruleset', ruleset, '--fail-severity', 'hint', '--display-only-failures'],
    {
      stdio: 'inherit',
    },
  );
  console.log('OpenAPI reference: Spectral (spectral:oas) reports nothing.');
} catch {
  console.error(
    'OpenAPI reference: Spectral (spectral:oas) found the problems above (every operation needs an operationId, a summary, a description and a declared tag).',
  );
  process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
