// Load figures for the main read paths, on an in-memory embedded database with demo data. Prints numbers;
// never fails a build. Usage: npm run bench [-- --seconds 10 --connections 10]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { bootstrapDatabase } from '../apps/api/src/db/bootstrap.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { airports } from '../apps/api/src/db/schema/index.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '8' }, connections: { type: 'string', default: '10' } } });
const duration = Number(values.seconds);
const connections = Number(values.connections);

const config = loadConfig(
  { DATA_DIR: 'memory://', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000000' },
  { WEB_DIST_DIR: '/nonexistent' },
);
const database = await openDatabase({ dataDir: config.DATA_DIR, connectTimeoutMs: 3000 });
const { secret } = await bootstrapDatabase(database, config);
// 500 more airports, so list, search and sort work on a realistic page.
await database.db.insert(airports).values(
  Array.from({ length: 500 }, (_, index) => ({
    company_id: 1,
    iata_code: `${String.fromCharCode(65 + (Math.floor(index / 26) % 26))}${String.fromCharCode(65 + (index % 26))}${String.fromCharCode(75 + Math.floor(index / 676))}`,
    name: `Bench Airport ${index}`,
    country_id: 826,
    time_zone: 'Europe/London',
  })),
);
const app = await buildApp({ config, database, secret });
const address = await app.listen({ host: '127.0.0.1', port: 0 });

const login = await fetch(`${address}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'admin@example.com', password: 'admin123', type: 'email', org_instance_id: 1 }),
});
const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
const bearer = { authorization: `Bearer ${token}` };

const scenarios = [
  { name: 'GET /healthz', path: '/healthz', headers: {} },
  { name: 'GET /api/airport/list (page 1, 20 rows)', path: '/api/airport/list', headers: bearer },
  { name: 'GET /api/airport/list?search=bench&sort=-name', path: '/api/airport/list?search=bench&sort=-name&page=3', headers: bearer },
  { name: 'GET /api/airport/get/1', path: '/api/airport/get/1', headers: bearer },
];

console.log(`Parking Solutions benchmarks: ${duration}s each, ${connections} connections, embedded database (PGlite)\n`);
console.log('scenario'.padEnd(52), 'req/s'.padStart(8), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'errors'.padStart(7));
for (const scenario of scenarios) {
  const result = await autocannon({ url: `${address}${scenario.path}`, headers: scenario.headers, duration, connections });
  const errors = result.errors + result.non2xx;
  console.log(
    scenario.name.padEnd(52),
    String(Math.round(result.requests.average)).padStart(8),
    String(result.latency.p50).padStart(8),
    String(result.latency.p99).padStart(8),
    String(errors).padStart(7),
  );
}

await app.close();
await database.close();

// The sign-in page's weight: what a first visit downloads before anyone signs in, and the lazy main chunk.
const assets = resolve(import.meta.dirname, '../apps/web/dist/assets');
if (existsSync(assets)) {
  console.log('\nweb bundles (npm run build first)'.padEnd(53), 'raw kB'.padStart(8), 'gzip kB'.padStart(8));
  for (const file of readdirSync(assets)
    .filter((name) => /\.(js|css)$/.test(name))
    .sort()) {
    const content = readFileSync(join(assets, file));
    const role = file.startsWith('mainApp') ? 'after sign-in' : 'sign-in page';
    console.log(
      `${file} (${role})`.padEnd(52),
      (content.length / 1024).toFixed(1).padStart(8),
      (gzipSync(content).length / 1024).toFixed(1).padStart(8),
    );
  }
}
