// `npm run bench:seed`: a database of its own with one company of --bookings (default 1,000,000) bookings, left in
// place for EXPLAIN ANALYZE, the reports' figures (issue 24) or a bench run against it. The same data as `npm run bench`
// makes for its bookings scenarios (bench/bookings.ts `seedBookingsBench`, with the search bench's drivers and agencies):
// migrations, reference data, then one set-based insert whose triggers fill the summary tables as the product would.
//
// Usage: npm run bench:seed -- [--bookings 1000000] [--database ps_scale]
//   The server is BENCH_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres; the
//   database (default ps_scale_<time>) is created there and must not exist yet. Prints its URL and the admin's sign-in.
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { seedReferenceData } from '../apps/api/src/db/reference.ts';
import { BOOKINGS_BENCH_ADMIN, seedBookingsBench } from './bookings.ts';
import { seedSearchBench } from './search.ts';

const { values } = parseArgs({
  options: { bookings: { type: 'string', default: '1000000' }, database: { type: 'string' } },
});
const name = values.database ?? `ps_scale_${Date.now()}`;
if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`--database: ${name} is not a plain database name`);
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${name}`);
await admin.end();
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const databaseUrl = url.toString();

const database = await openDatabase({ databaseUrl, dataDir: 'memory://', connectTimeoutMs: 3000 });
await database.migrate();
await seedReferenceData(database.db);
await database.close();
const started = performance.now();
const bench = await seedBookingsBench(databaseUrl, 'memory://', Number(values.bookings));
await seedSearchBench(databaseUrl, 'memory://', bench);
console.log(
  `seeded ${Number(values.bookings).toLocaleString('en')} bookings in ${((performance.now() - started) / 1000).toFixed(1)} s\n` +
    `database: ${databaseUrl}\ncompany ${bench.companyId}, admin ${BOOKINGS_BENCH_ADMIN.email} / ${BOOKINGS_BENCH_ADMIN.password}, today ${bench.today}`,
);
