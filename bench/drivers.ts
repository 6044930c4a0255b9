// The drivers part of `npm run bench` (issue 8, section 6): its data and its scenarios (driverScenarios, below).
// The data: a company of its own with 200 approved drivers, two required document types (each driver holds both,
// one in ten has let one expire, so eligibility has reasons to find), an hourly rate each, a yard and a terminal,
// 2,000 trips a day over 100 days (200,000) spread over the drivers and the day (today's: a quarter waiting, half of
// those with a driver taken off by a late flight), and for one driver last month's attendance (22 days) and 60
// completed trips with a draft payout of that month.
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { airports, companies, companyWebConfigs, drivers, locations, payouts, users, yards } from '../apps/api/src/db/schema/index.ts';
import { hashPassword } from '../apps/api/src/lib/passwords.ts';
import type { Scenario } from './scenario.ts';

export const DRIVERS_BENCH_ADMIN = { email: 'bench-drivers@example.com', password: 'Bench-drivers-2026' } as const;

const TIME_ZONE = 'Europe/London';
export const BENCH_DRIVERS = 200;
export const BENCH_TRIPS_TODAY = 2000;

export interface DriversBench {
  companyId: number;
  today: string;
  /** The driver with last month's attendance and trips, and their draft payout of that month. */
  payDriverId: number;
  payoutId: number;
}

const dayOf = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(date);

export async function seedDriversBench(databaseUrl: string | undefined, dataDir: string): Promise<DriversBench> {
  const database = await openDatabase({ databaseUrl, dataDir, connectTimeoutMs: 3000 });
  const db = database.db;
  try {
    const [company] = await db
      .insert(companies)
      .values({
        name: 'Bench Drivers Transfers',
        client_key: `bench-drivers-${Date.now()}`,
        currency: 'GBP',
        time_zone: TIME_ZONE,
        trip_fee: 800,
      })
      .returning();
    if (!company) throw new Error('no bench company');
    const c = company.id;
    await db.insert(companyWebConfigs).values({ company_id: c, name: company.name });
    await db.insert(users).values({
      company_id: c,
      role: 'admin',
      name: 'Bench Drivers Admin',
      email: DRIVERS_BENCH_ADMIN.email,
      password_hash: await hashPassword(DRIVERS_BENCH_ADMIN.password),
    });
    const [airport] = await db
      .insert(airports)
      .values({ company_id: c, iata_code: 'STN', name: 'London Stansted', country_id: 826, time_zone: TIME_ZONE })
      .returning();
    if (!airport) throw new Error('no bench airport');
    const [terminal] = await db
      .insert(locations)
      .values({ company_id: c, airport_id: airport.id, name: 'Stansted terminal', type: 'terminal', capacity: 0 })
      .returning();
    const [yard] = await db.insert(yards).values({ company_id: c, name: 'Bench yard', capacity: 500 }).returning();
    if (!terminal || !yard) throw new Error('no bench places');
    const today = dayOf(new Date());
    const passwordHash = await hashPassword('Bench-driver-2026');

    // Drivers: a user and a profile each (one statement each, over generate_series).
    await db.execute(sql`
      insert into users (company_id, role, name, email, password_hash)
      select ${c}, 'driver', 'Bench Driver ' || n, 'bench-driver-' || n || '-' || ${c} || '@example.com', ${passwordHash}
      from generate_series(1, ${BENCH_DRIVERS}) as n`);
    await db.execute(sql`
      insert into drivers (company_id, user_id, first_name, last_name, licence_expiry, approve_status)
      select u.company_id, u.id, 'Bench', 'Driver ' || u.id, (${today}::date + 400), 'approved'
      from users u where u.company_id = ${c} and u.role = 'driver'`);
    await db.execute(sql`
      insert into document_types (company_id, name, required, has_expiry)
      values (${c}, 'Driving licence', true, true), (${c}, 'Insurance certificate', true, true), (${c}, 'Photo ID', false, false)`);
    // Both required documents for every driver; one driver in ten holds an expired insurance.
    await db.execute(sql`
      insert into driver_documents (company_id, driver_id, document_type_id, expiry_date, file_name, stored_name, content_type, size_bytes)
      select d.company_id, d.id, t.id,
             case when t.name = 'Insurance certificate' and d.id % 10 = 0 then ${today}::date - 3 else ${today}::date + 200 end,
             'scan.pdf', 'bench-' || d.id || '-' || t.id || '-' || ${c}, 'application/pdf', 50000
      from drivers d join document_types t on t.company_id = d.company_id and t.required
      where d.company_id = ${c}`);
    await db.execute(sql`
      insert into driver_rates (company_id, driver_id, price_per_hour, effective_from)
      select company_id, id, 1200 + (id % 5) * 50, ${today}::date - 400 from drivers where company_id = ${c}
      union all
      select company_id, id, 1500, ${today}::date - 45 from drivers where company_id = ${c}`);

    // 2,000 trips a day from 50 days back to 49 ahead (200,000), each day's between 05:00 and 23:00: three in four
    // assigned (round robin over the drivers), the rest waiting; past days' trips completed.
    await db.execute(sql`
      with crew as (select id, row_number() over (order by id) - 1 as k from drivers where company_id = ${c})
      insert into trips (company_id, type, from_location_id, to_yard_id, scheduled_at, driver_id, status, driver_fee)
      select ${c}, case when n % 2 = 0 then 'in' else 'out' end, ${terminal.id}, ${yard.id},
             ((${today}::date + d) + time '05:00' + (n * interval '32 seconds')) at time zone ${TIME_ZONE},
             case when n % 4 = 0 and d >= 0 then null else crew.id end,
             case when d < 0 then 'completed' when n % 4 = 0 then 'scheduled' else 'assigned' end, 800
      from generate_series(-50, 49) as d
      cross join generate_series(1, ${BENCH_TRIPS_TODAY}) as n
      join crew on crew.k = n % ${BENCH_DRIVERS}`);
    // Half the waiting trips lost their driver to a late flight (the dispatch screen's warning): a schedule change
    // naming the driver and the status history of the take-off, as flight tracking writes them.
    await db.execute(sql`
      insert into trip_schedule_changes (company_id, trip_id, from_at, to_at, reason, unassigned_driver_id, changed_at)
      select t.company_id, t.id, t.scheduled_at - interval '40 minutes', t.scheduled_at, 'flight_delayed',
             (select id from drivers where company_id = ${c} order by id offset (t.id % ${BENCH_DRIVERS}) limit 1), now() - interval '1 hour'
      from trips t where t.company_id = ${c} and t.status = 'scheduled' and t.id % 2 = 0
        and t.scheduled_at >= ${today}::date and t.scheduled_at < ${today}::date + 1`);
    await db.execute(sql`
      insert into trip_status_history (company_id, trip_id, from_status, to_status, note, changed_at)
      select company_id, trip_id, 'assigned', 'scheduled', 'flight_delayed', changed_at from trip_schedule_changes where company_id = ${c}`);

    // Last month, for the first driver: 22 worked days of 7-9 hours and 60 completed trips, and its draft payout.
    const [first] = await db.select({ id: drivers.id }).from(drivers).where(eq(drivers.company_id, c)).orderBy(drivers.id).limit(1);
    if (!first) throw new Error('no bench driver');
    const payDriverId = first.id;
    const monthStart = `${today.slice(0, 7)}-01`;
    const monthEnd = new Date(Date.parse(`${monthStart}T00:00:00Z`) - 86_400_000);
    const periodEnd = monthEnd.toISOString().slice(0, 10);
    const periodStart = `${periodEnd.slice(0, 7)}-01`;
    await db.execute(sql`
      insert into attendance (company_id, driver_id, day, worked_minutes, attendance_status)
      select ${c}, ${payDriverId}, day::date, 420 + (extract(day from day)::int % 3) * 60, 'present'
      from generate_series((${monthStart}::date - interval '1 month'), (${monthStart}::date - 1), interval '1 day') as day
      where extract(isodow from day) < 6
      limit 22`);
    await db.execute(sql`
      insert into trips (company_id, type, from_location_id, to_yard_id, scheduled_at, driver_id, status, driver_fee)
      select ${c}, 'in', ${terminal.id}, ${yard.id}, (${monthStart}::date - interval '1 month') + n * interval '11 hours', ${payDriverId}, 'completed', 800
      from generate_series(1, 60) as n`);
    const [payout] = await db
      .insert(payouts)
      .values({ company_id: c, driver_id: payDriverId, period_start: periodStart, period_end: periodEnd })
      .returning();
    if (!payout) throw new Error('no bench payout');
    await db.execute(sql`analyze`);
    return { companyId: c, today, payDriverId, payoutId: payout.id };
  } finally {
    await database.close();
  }
}

/** The drivers scenarios, each checked once first. The targets are one request's time, so they run at 1 connection. */
export async function driverScenarios(
  address: string,
  bench: DriversBench,
  signIn: (email: string, password: string) => Promise<Record<string, string>>,
): Promise<Scenario[]> {
  const headers = await signIn(DRIVERS_BENCH_ADMIN.email, DRIVERS_BENCH_ADMIN.password);
  const trips = (query: string) => `/api/trips/list?date=${bench.today}&${query}`;
  const scenarios: Scenario[] = [
    {
      name: `GET /api/trips/list (a day of ${BENCH_TRIPS_TODAY}, 100 rows; 1 conn)`,
      path: trips('page_size=100'),
      headers,
      connections: 1,
    },
    { name: `GET /api/trips/list (a day of ${BENCH_TRIPS_TODAY}, 100 rows)`, path: trips('page_size=100'), headers },
    { name: 'GET /api/trips/list (the day, unassigned, 100; 1 conn)', path: trips('unassigned=1&page_size=100'), headers, connections: 1 },
    {
      name: `GET /api/trips/list (the dispatch day: ${BENCH_TRIPS_TODAY} trips, 1,000 a page, warnings; 1 conn)`,
      path: `/api/trips/list?date=${bench.today}&page_size=1000`,
      headers,
      connections: 1,
    },
    {
      name: `GET /api/driver/list (${BENCH_DRIVERS} approved, eligibility; 1 conn)`,
      path: '/api/driver/list?page_size=1000&approve_status=approved',
      headers,
      connections: 1,
    },
    {
      name: 'GET /api/driver/payouts/get/{id} (a driver-month computed; 1 conn)',
      path: `/api/driver/payouts/get/${bench.payoutId}`,
      headers,
      connections: 1,
    },
  ];
  for (const scenario of scenarios) {
    const check = await fetch(`${address}${scenario.path}`, { headers });
    if (check.status !== 200) throw new Error(`bench scenario ${scenario.name} answers ${check.status}: ${await check.text()}`);
  }
  return scenarios;
}
