// The global search's part of `npm run bench` (issue 21, section 3): on the bookings bench's company (100,000 bookings
// by default, bench/bookings.ts), with 200 drivers and 50 agencies added, what a user waits for as they type. Each of
// 20 bookings picked at random is typed four ways, a key at a time from the second character (every step asked, as if
// the typing paused after each key: more requests than the box's 150 ms pause makes): its registration, its reference
// (without "PS-", as read out on the phone), its customer's name and phone (national form, 07700 ...). One request at a
// time, each timed from the runner (HTTP included); printed as p50 / p95 per way and for all, and two of them loaded at
// --connections by autocannon beside the other scenarios.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { BOOKINGS_BENCH_ADMIN, type BookingsBench, FIRST_NAMES, SURNAMES } from './bookings.ts';
import type { Scenario } from './scenario.ts';

const DRIVERS = 200;
const AGENCIES = 50;
const SAMPLES = 20;

/** A booking as it is typed into the search box. */
interface Sample {
  reference: string;
  vehicle_reg: string;
  customer_name: string;
  customer_phone: string;
}

export interface SearchBench {
  samples: Sample[];
}

/** Drivers and agencies for the bookings bench's company, and bookings to type. */
export async function seedSearchBench(databaseUrl: string | undefined, dataDir: string, bench: BookingsBench): Promise<SearchBench> {
  const database = await openDatabase({ databaseUrl, dataDir, connectTimeoutMs: 3000 });
  const db = database.db;
  const names = (list: string[]) => sql.raw(`array[${list.map((name) => `'${name}'`).join(',')}]`);
  try {
    await db.execute(sql`
      insert into users (company_id, role, name, email, phn_nbr, password_hash)
      select ${bench.companyId}, 'driver', 'Bench search driver ' || n, 'bench-search-driver-' || n || '-' || ${bench.companyId} || '@example.com',
        '7900' || lpad(n::text, 6, '0'), 'not-a-hash'
      from generate_series(1, ${DRIVERS}) as n`);
    await db.execute(sql`
      insert into drivers (company_id, user_id, first_name, last_name, approve_status)
      select u.company_id, u.id, (${names(FIRST_NAMES)})[1 + u.id % ${FIRST_NAMES.length}],
        (${names(SURNAMES)})[1 + (u.id / 7) % ${SURNAMES.length}], 'approved'
      from users u where u.company_id = ${bench.companyId} and u.role = 'driver'`);
    await db.execute(sql`
      insert into agencies (company_id, name, commission_percent)
      select ${bench.companyId}, (${names(SURNAMES)})[1 + n % ${SURNAMES.length}] || ' Travel ' || n, 10
      from generate_series(1, ${AGENCIES}) as n`);
    await db.execute(sql`analyze users, drivers, agencies`);
    const picked = (await db.execute(sql`
      select reference, vehicle_reg, customer_name, customer_phone from bookings
      where company_id = ${bench.companyId} order by random() limit ${SAMPLES}`)) as unknown as { rows: Sample[] };
    return { samples: picked.rows };
  } finally {
    await database.close();
  }
}

/** What is typed for a booking, one way: the text at each key from the second character on. */
function typing(text: string): string[] {
  return Array.from({ length: text.length - 1 }, (_, index) => text.slice(0, index + 2)).filter((typed) => typed.trim().length >= 2);
}

/** The ways a booking is typed; `unique`: typed whole, it names one booking, which the answer must hold. */
const ways: Array<{ name: string; unique: boolean; typed: (sample: Sample) => string }> = [
  { name: 'registration', unique: true, typed: (sample) => sample.vehicle_reg.toLowerCase() },
  { name: 'reference (without PS-)', unique: true, typed: (sample) => sample.reference.slice(3) },
  // About 50 bookings share a name: the answer holds the 5 newest.
  { name: 'customer name', unique: false, typed: (sample) => sample.customer_name.toLowerCase() },
  // +44 7700 000123 as a caller says it: 07700 000123.
  { name: 'phone (national)', unique: true, typed: (sample) => sample.customer_phone.replace(/^\+44 /, '0') },
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** The search loaded at --connections (autocannon), for the main table: a registration and a name part. */
export async function searchScenarios(
  address: string,
  bench: SearchBench,
  signIn: (email: string, password: string) => Promise<Record<string, string>>,
): Promise<Scenario[]> {
  const headers = await signIn(BOOKINGS_BENCH_ADMIN.email, BOOKINGS_BENCH_ADMIN.password);
  const sample = bench.samples[0];
  if (!sample) return [];
  const scenarios: Scenario[] = [
    { name: 'GET /api/search (a registration)', path: `/api/search?q=${encodeURIComponent(sample.vehicle_reg)}`, headers },
    { name: 'GET /api/search (part of a name)', path: `/api/search?q=${encodeURIComponent(sample.customer_name.slice(0, 4))}`, headers },
  ];
  for (const scenario of scenarios) {
    const check = await fetch(`${address}${scenario.path}`, { headers });
    if (!check.ok) throw new Error(`${scenario.name} answers ${check.status}: ${await check.text()}`);
  }
  return scenarios;
}

/** Types each sample each way against the server, one request at a time; prints p50 / p95 (ms) per way and for all. */
export async function searchAsYouType(
  address: string,
  bench: SearchBench,
  signIn: (email: string, password: string) => Promise<Record<string, string>>,
): Promise<void> {
  const headers = await signIn(BOOKINGS_BENCH_ADMIN.email, BOOKINGS_BENCH_ADMIN.password);
  const ask = async (typed: string) => {
    const started = performance.now();
    const response = await fetch(`${address}/api/search?q=${encodeURIComponent(typed)}`, { headers });
    const body = (await response.json()) as { data?: { bookings: Sample[] } };
    const elapsed = performance.now() - started;
    if (!response.ok) throw new Error(`search "${typed}" answers ${response.status}`);
    return { elapsed, bookings: body.data?.bookings ?? [] };
  };
  // Warm up: the first requests of a process plan and load what the later ones reuse.
  for (const sample of bench.samples.slice(0, 3)) await ask(sample.customer_name);
  const all: number[] = [];
  const lines: string[] = [];
  for (const way of ways) {
    const times: number[] = [];
    let found = 0;
    for (const sample of bench.samples) {
      let last: Sample[] = [];
      for (const typed of typing(way.typed(sample))) {
        const { elapsed, bookings } = await ask(typed);
        times.push(elapsed);
        last = bookings;
      }
      if (last.some((booking) => booking.reference === sample.reference)) found++;
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    lines.push(
      `  ${way.name.padEnd(26)} ${String(times.length).padStart(5)} requests  p50 ${percentile(times, 50).toFixed(1).padStart(6)}  p95 ${percentile(times, 95).toFixed(1).padStart(6)}  max ${(times.at(-1) ?? 0).toFixed(1).padStart(6)}${way.unique ? `  found when typed whole: ${found}/${bench.samples.length}` : ''}`,
    );
  }
  all.sort((a, b) => a - b);
  console.log(
    `\nglobal search as you type (issue 21: p50 < 50 ms with ${FIRST_NAMES.length * SURNAMES.length} names over the bench's bookings), ms, one request at a time:`,
  );
  for (const line of lines) console.log(line);
  console.log(
    `  ${'all'.padEnd(26)} ${String(all.length).padStart(5)} requests  p50 ${percentile(all, 50).toFixed(1).padStart(6)}  p95 ${percentile(all, 95).toFixed(1).padStart(6)}  max ${(all.at(-1) ?? 0).toFixed(1).padStart(6)}`,
  );
}
