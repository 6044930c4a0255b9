// `npm run bench:scale`: the issue 24 scenarios against a database `npm run bench:seed` filled (1,000,000 bookings by
// default), without seeding again: the bookings list filtered and sorted, the searches, the day board, the cars on
// site at 1 connection (p50 / p99), then each export downloaded whole (first byte, whole file, the server's memory).
// The product server runs in its own process (the same bundle and V8 flags as `npm run bench`).
//
// Usage: npm run bench:scale -- --database-url postgres://postgres@127.0.0.1:5432/ps_scale [--seconds 5] [--only text]
//   [--entry bench/server-product.ts] (another server entry: a copy of an older commit's, for before/after figures)
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { API_DIST_DIR, buildApiBundle } from '../scripts/build-api.ts';
import { BOOKINGS_BENCH_ADMIN, loadBookingsBench, scaleScenarios } from './bookings.ts';
import { type ExportTarget, exportFigures } from './exports.ts';
import type { RunnerMessage, ServerMessage } from './ipc.ts';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    seconds: { type: 'string', default: '5' },
    only: { type: 'string' },
    entry: { type: 'string', default: 'bench/server-product.ts' },
    'no-exports': { type: 'boolean', default: false },
  },
});
const databaseUrl = values['database-url'];
if (!databaseUrl) throw new Error('--database-url: the database npm run bench:seed filled');
const here = import.meta.dirname;
const bench = await loadBookingsBench(databaseUrl);

const startScript = (JSON.parse(readFileSync(resolve(here, '../package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
const productFlags = (process.env.BENCH_NODE_FLAGS ?? startScript.match(/node ((?:--\S+ )*)apps\/api/)?.[1] ?? '')
  .split(' ')
  .filter(Boolean);
const bundle = resolve(API_DIST_DIR, 'bench-scale-server.js');
await buildApiBundle(resolve(here, '..', values.entry), bundle);
const child = fork(bundle, [], {
  env: { ...process.env, DATABASE_URL: databaseUrl, JWT_SECRET: randomBytes(32).toString('hex') },
  execArgv: productFlags,
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const address = await new Promise<string>((resolveAddress, reject) => {
  child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  child.once('message', (message: ServerMessage) => {
    if (message.type === 'listening') resolveAddress(message.address);
  });
});
const memory = () =>
  new Promise<{ rss: number; heapUsed: number }>((resolveMemory) => {
    child.once('message', (reply: ServerMessage) => {
      if (reply.type === 'memory') resolveMemory(reply);
    });
    child.send({ type: 'memory' } satisfies RunnerMessage);
  });

try {
  const login = await fetch(`${address}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...BOOKINGS_BENCH_ADMIN, type: 'email', org_instance_id: 1 }),
  });
  const headers = { authorization: `Bearer ${((await login.json()) as { data: { access_token: string } }).data.access_token}` };
  const scenarios = scaleScenarios(bench, headers).filter((scenario) => !values.only || scenario.name.includes(values.only));
  console.log(`\nissue 24 at scale: ${values.seconds}s per scenario, 1 connection (${new URL(databaseUrl).pathname.slice(1)})\n`);
  console.log('scenario'.padEnd(72), 'req/s'.padStart(7), 'p50'.padStart(6), 'p99'.padStart(6), 'err'.padStart(5), '  total');
  for (const scenario of scenarios) {
    const check = await fetch(`${address}${scenario.path}`, { headers });
    const body = (await check.json()) as { pagination?: { total: number; total_capped?: boolean } };
    if (!check.ok) throw new Error(`${scenario.name} answers ${check.status}: ${JSON.stringify(body)}`);
    const result = await autocannon({ url: `${address}${scenario.path}`, headers, duration: Number(values.seconds), connections: 1 });
    const total = body.pagination ? `${body.pagination.total.toLocaleString('en')}${body.pagination.total_capped ? '+' : ''}` : '';
    console.log(
      scenario.name.padEnd(72),
      String(Math.round(result.requests.average)).padStart(7),
      String(result.latency.p50).padStart(6),
      String(result.latency.p99).padStart(6),
      String(result.errors + result.non2xx).padStart(5),
      ` ${total}`,
    );
  }
  if (!values['no-exports'] && (!values.only || values.only.includes('export'))) {
    const week = `from=${bench.today}&to=${new Date(Date.parse(bench.today) + 6 * 86_400_000).toISOString().slice(0, 10)}`;
    const targets: ExportTarget[] = [
      // A booking's creation is one line per field (about 45): a day's entries are some 600,000 lines.
      { name: "GET /api/audit/export (today's entries)", path: `/api/audit/export?from=${bench.today}&to=${bench.today}`, headers },
      // The Reports screen's downloads (issue 24, section 3): every report of this month as XLSX, one as CSV.
      { name: 'GET /api/reports/export (this month, every report, XLSX)', path: '/api/reports/export?report=all&format=xlsx', headers },
      { name: 'GET /api/reports/export (this month, occupancy, CSV)', path: '/api/reports/export?report=occupancy&format=csv', headers },
    ];
    // Whether this build has the bookings export (an older one's is 404): its answer's status, then the download stopped.
    const stop = new AbortController();
    const exportCheck = await fetch(`${address}/api/booking/export?status=confirmed`, { headers, signal: stop.signal });
    stop.abort();
    if (exportCheck.ok)
      targets.unshift(
        { name: "GET /api/booking/export (this week's departures)", path: `/api/booking/export?${week}`, headers },
        {
          name: 'GET /api/booking/export (30 days, newest first)',
          path: `/api/booking/export?from=${bench.today}&to=${new Date(Date.parse(bench.today) + 29 * 86_400_000).toISOString().slice(0, 10)}&sort=-departure_at`,
          headers,
        },
      );
    await exportFigures(address, targets, memory, 3);
  }
} finally {
  child.removeAllListeners('exit');
  child.kill('SIGTERM');
}
