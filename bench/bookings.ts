// The bookings part of `npm run bench` (issue 7, section 5): its data and its scenarios (bookingScenarios, below).
// The data: a company of its own with an admin, one airport, 10 car parks, parking bands and band-month defaults
// (so the quote prices any stay of up to a year), and `count` bookings over two years (one year back, one year
// ahead of today) spread across the 10 car parks.
// The bookings come from one INSERT ... SELECT over generate_series, so 1,000,000 rows take seconds, not hours.
// Every row is one the product could have written: prices that add up, start/end days that are the airport's
// days of departure/arrival, a status that fits its dates, a unique reference in the product's alphabet.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { airports, bandMonths, bands, companies, companyWebConfigs, locations, users } from '../apps/api/src/db/schema/index.ts';
import { hashPassword } from '../apps/api/src/lib/passwords.ts';
import { basicOf } from './quote.ts';
import type { Scenario } from './scenario.ts';

export const BOOKINGS_BENCH_ADMIN = { email: 'bench-bookings@example.com', password: 'Bench-bookings-2026' } as const;

const TIME_ZONE = 'Europe/London';
/** The product's reference symbols (bookings.pricing.ts): no 0/O or 1/I. */
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const CAR_PARKS = 10;
/** Stays of 1 to 14 nights: bands 1-3, 4-7, 8-14, then longer ones for the quote of any stay up to a year. */
const BAND_DAYS: [number, number][] = [
  [1, 3],
  [4, 7],
  [8, 14],
  [15, 30],
  [31, 365],
];

/** The customers' first names and surnames (bench/search.ts types them). */
export const FIRST_NAMES = [
  'Amelia',
  'Oliver',
  'Priya',
  'George',
  'Sofia',
  'Harriet',
  'Meera',
  'Thomas',
  'Kavin',
  'Daniel',
  'Emily',
  'Ravi',
  'Charlotte',
  'Farah',
  'Nadia',
  'Arjun',
  'Lakshmi',
  'James',
  'Aisha',
  'Mohammed',
  'Chen',
  'Olga',
  'Luca',
  'Fatima',
  'Noah',
  'Isla',
  'Jack',
  'Grace',
  'Rahul',
  'Anika',
  'Sanjay',
  'Zara',
  'Ethan',
  'Mia',
  'Leo',
  'Ava',
  'Kiran',
  'Divya',
  'Hannah',
  'Samuel',
];
export const SURNAMES = [
  'Hart',
  'Grant',
  'Natarajan',
  'Whitfield',
  'Marino',
  'Cole',
  'Pillai',
  'Fletcher',
  'Sivakumar',
  'Brooks',
  'Shaw',
  'Shankar',
  'Evans',
  'Siddiqui',
  'Rahman',
  'Mehta',
  'Iyer',
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Robinson',
  'Wright',
  'Thompson',
  'White',
  'Walker',
  'Green',
  'Hall',
  'Wood',
  'Clarke',
  'Patel',
  'Khan',
  'Singh',
  'Murphy',
  'Kelly',
  'Ryan',
  'Kumar',
  'Raman',
  'Fernando',
  'Perera',
  'Silva',
  'Nair',
  'Reddy',
  'Rao',
  'Das',
  'Bose',
];

export interface BookingsBench {
  companyId: number;
  adminUserId: number;
  airportId: number;
  carParkIds: number[];
  /** A booking of the bench's company (the get scenario's), its reference and registration (the searches'). */
  someBookingId: number;
  someReference: string;
  someRegistration: string;
  /** Today at the airport (YYYY-MM-DD): the day board's and the window's anchor. */
  today: string;
  /** The first and last days of the two years of bookings. */
  firstDay: string;
  lastDay: string;
  /** The seeding's time, milliseconds (bookings insert, capacities, ANALYZE). */
  seedMs: number;
  /** `Basic` of the company's id and client key: the public booking add's (issue 23). */
  clientKeyAuthorization: string;
}

const dayOf = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(date);
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export async function seedBookingsBench(
  databaseUrl: string | undefined,
  dataDir: string,
  count: number,
  options: { audit?: boolean } = {},
): Promise<BookingsBench> {
  const database = await openDatabase({ databaseUrl, dataDir, connectTimeoutMs: 3000 });
  const db = database.db;
  try {
    const [company] = await db
      .insert(companies)
      .values({ name: 'Bench Bookings Parking', client_key: `bench-bookings-${Date.now()}`, currency: 'GBP', time_zone: TIME_ZONE })
      .returning();
    if (!company) throw new Error('no bench company');
    await db.insert(companyWebConfigs).values({ company_id: company.id, name: company.name });
    const [admin] = await db
      .insert(users)
      .values({
        company_id: company.id,
        role: 'admin',
        name: 'Bench Bookings Admin',
        email: BOOKINGS_BENCH_ADMIN.email,
        password_hash: await hashPassword(BOOKINGS_BENCH_ADMIN.password),
      })
      .returning();
    if (!admin) throw new Error('no bench admin');
    const [airport] = await db
      .insert(airports)
      .values({ company_id: company.id, iata_code: 'LGW', name: 'London Gatwick', country_id: 826, time_zone: TIME_ZONE })
      .returning();
    if (!airport) throw new Error('no bench airport');
    // Capacities are set after the bookings, from the busiest day (below).
    const carParks = await db
      .insert(locations)
      .values(
        Array.from({ length: CAR_PARKS }, (_, index) => ({
          company_id: company.id,
          airport_id: airport.id,
          name: `Long stay ${String(index + 1).padStart(2, '0')}`,
          type: 'car_park' as const,
          capacity: 1,
        })),
      )
      .returning();
    const bandRows = await db
      .insert(bands)
      .values(
        BAND_DAYS.map(([min, max]) => ({
          company_id: company.id,
          name: `${min}-${max} days`,
          type: 'parking' as const,
          min_days: min,
          max_days: max,
        })),
      )
      .returning();
    await db.insert(bandMonths).values(
      bandRows.flatMap((band, b) =>
        Array.from({ length: 12 }, (_, m) => ({
          company_id: company.id,
          band_id: band.id,
          month: m + 1,
          price: 3000 + b * 2500 + m * 100,
        })),
      ),
    );

    const today = dayOf(new Date());
    const firstDay = addDays(today, -365);
    const lastDay = addDays(today, 364);
    const carParkIds = carParks.map((carPark) => carPark.id);
    const started = performance.now();
    // Symbol k (0-5) of the reference: 5 bits of the scrambled row number.
    const scrambled = '((i::bigint * 387420489) % 1073741824)';
    const symbol = (k: number) => sql.raw(`substr('${REFERENCE_ALPHABET}', ((${scrambled} >> ${25 - 5 * k}) & 31)::int + 1, 1)`);
    const reference = sql.join(
      [sql.raw(`'PS-'`), symbol(0), symbol(1), symbol(2), symbol(3), sql.raw(`'-'`), symbol(4), symbol(5)],
      sql.raw(' || '),
    );
    // Customers' names as people have them (40 first names x 50 surnames; the global search looks inside them, and
    // "Customer 123" would match every row from "cus" on).
    const customerName = sql.raw(
      `(array[${FIRST_NAMES.map((name) => `'${name}'`).join(',')}])[1 + i % ${FIRST_NAMES.length}] || ' ' || (array[${SURNAMES.map((name) => `'${name}'`).join(',')}])[1 + (i / ${FIRST_NAMES.length}) % ${SURNAMES.length}]`,
    );
    // Row i: car park i mod 10; departure at a random minute (rounded to 5) of the two years; a stay of 1 to
    // 14 days and 0 to 12 hours; the reference is i times an odd number modulo 2^30 (a bijection, so unique)
    // written as 6 symbols of the product's alphabet. Statuses by date: done stays completed (or cancelled /
    // no-show), current ones checked in or parked, future ones confirmed (pending for some web and agency).
    await db.execute(sql`
      insert into bookings (company_id, reference, type, channel, status, language, customer_name, customer_phone,
        vehicle_reg, vehicle_make, airport_id, departure_id, arrival_id, car_park_id, departure_at, arrival_at,
        start_day, end_day, outbound_flight, return_flight, passengers, base_price, package_price, services_price,
        discount, total, currency, created_by, created_at, updated_at)
      select ${company.id}, reference, 'parking', channel,
        case
          when arrival_at <= now() then (case when i % 25 = 0 then 'cancelled' when i % 25 = 1 then 'no_show' else 'completed' end)
          when departure_at <= now() then (case when i % 25 = 0 then 'cancelled' when i % 2 = 0 then 'parked' else 'checked_in' end)
          when i % 25 = 0 then 'cancelled'
          when channel in ('web', 'agency') and i % 3 = 0 then 'pending'
          else 'confirmed'
        end,
        case when i % 7 = 0 then 'ta' else 'en' end,
        ${customerName}, '+44 7700 ' || lpad((i % 1000000)::text, 6, '0'),
        'B' || lpad((i % 100)::text, 2, '0') || ' ' || chr(65 + i % 26) || chr(65 + (i / 26) % 26) || chr(65 + (i / 676) % 26),
        (array['Ford', 'Toyota', 'Volkswagen', 'BMW', 'Kia'])[1 + i % 5],
        ${airport.id}, car_park, car_park, car_park, departure_at, arrival_at,
        (departure_at at time zone ${TIME_ZONE})::date, (arrival_at at time zone ${TIME_ZONE})::date,
        'BA' || (1000 + i % 9000), 'BA' || (1000 + (i + 7) % 9000), 1 + i % 4,
        base_price, 0, 0, discount, base_price - discount, 'GBP', ${admin.id},
        made_at, made_at
      from (
        select i, departure_at, departure_at + stay as arrival_at, channel, car_park, base_price,
          -- Made 1 to 60 days before departure, and those departing later within the last 30 days: each at its own
          -- moment (not 40,000 bookings made at one instant, which no company has; the global search reads newest first).
          least(now() - made_ago, departure_at - (1 + i % 60) * interval '1 day') as made_at,
          case when i % 10 = 0 then base_price / 10 else 0 end as discount,
          ${reference} as reference
        from (
          select i,
            date_trunc('hour', (${firstDay}::date)::timestamp at time zone ${TIME_ZONE} + random() * interval '729 days')
              + (floor(random() * 12) * 5) * interval '1 minute' as departure_at,
            (1 + floor(random() * 14)) * interval '1 day' + floor(random() * 13) * interval '1 hour' as stay,
            (array['phone', 'web', 'walk_in', 'agency'])[1 + i % 4] as channel,
            (${`{${carParkIds.join(',')}}`}::int[])[1 + i % ${CAR_PARKS}] as car_park,
            2500 + (i % 14) * 450 as base_price,
            random() * interval '30 days' as made_ago
          from generate_series(1, ${count}::int) as i
        ) as drawn
      ) as booking`);
    // Capacities that fit the load: the busiest day's stays (not cancelled or no-show) of each car park plus a
    // quarter and 200 spaces, so the create scenario always finds room. A running sum of stays starting minus
    // stays ended per day: one pass over the rows.
    await db.execute(sql`
      update locations l set capacity = fit.capacity
      from (
        select car_park_id, (max(held) * 1.25)::int + 200 as capacity
        from (
          select car_park_id, sum(delta) over (partition by car_park_id order by day) as held
          from (
            select car_park_id, day, sum(delta) as delta
            from (
              select car_park_id, start_day as day, 1 as delta from bookings
                where company_id = ${company.id} and status not in ('cancelled', 'no_show')
              union all
              select car_park_id, end_day + 1, -1 from bookings
                where company_id = ${company.id} and status not in ('cancelled', 'no_show')
            ) as moves
            group by car_park_id, day
          ) as per_day
        ) as running
        group by car_park_id
      ) as fit
      where l.company_id = ${company.id} and l.id = fit.car_park_id`);
    // The cars on site (issue 22): every booking checked in or parked holds a place, as the check-in's handover writes
    // it (no bay: the bench has no yards), its key at the desk, placed when the car came in.
    await db.execute(sql`
      insert into car_places (company_id, booking_id, position_id, holds_one, key_location, placed_at, placed_by)
      select company_id, id, null, false, 'Key box ' || (1 + id % 40), departure_at, ${admin.id}
      from bookings where company_id = ${company.id} and status in ('checked_in', 'parked')`);
    // Each booking's creation in the audit log, as the kit writes it (every field but the bookkeeping times, each
    // { "to": value }), at the moment it was made: the Audit screen's list and export read a log of the bookings' size.
    if (options.audit !== false)
      await db.execute(sql`
        insert into audit_log (company_id, actor_user_id, entity, entity_id, action, changes, created_at)
        select b.company_id, ${admin.id}, 'booking', b.id::text, 'create',
          (select jsonb_object_agg(field.key, jsonb_build_object('to', field.value))
             from jsonb_each(to_jsonb(b) - 'created_at' - 'updated_at') as field),
          b.created_at
        from bookings b where b.company_id = ${company.id}`);
    // As autovacuum would have by now: the visibility map lets counts read the indexes only, and fresh statistics
    // (also of the statistics' summary, filled by the insert's trigger: without them its 70,000 rows are planned
    // as 2 and sorted on disk).
    await db.execute(sql`vacuum analyze bookings, booking_departure_slots, car_places, audit_log`);
    const seedMs = performance.now() - started;
    const found = (await db.execute(
      sql`select id, reference, vehicle_reg from bookings where company_id = ${company.id} order by id limit 1`,
    )) as unknown as {
      rows: Array<{ id: number | null; reference: string; vehicle_reg: string }>;
    };
    const someBookingId = Number(found.rows[0]?.id);
    if (!someBookingId) throw new Error('no bench booking');
    return {
      companyId: company.id,
      adminUserId: admin.id,
      airportId: airport.id,
      carParkIds,
      someBookingId,
      someReference: found.rows[0]?.reference ?? '',
      someRegistration: found.rows[0]?.vehicle_reg ?? '',
      today,
      firstDay,
      lastDay,
      seedMs,
      clientKeyAuthorization: basicOf(company.id, company.client_key),
    };
  } finally {
    await database.close();
  }
}

/**
 * The body of the n-th booking the create scenario posts: a phone booking (no e-mail, so no confirmation mail
 * is queued) at car park n mod 10, departing 1 to 360 days ahead at 06:00-17:45, for 1 to 7 days, each with its
 * own registration: stays spread over the days, so no car park fills and no lock is held for long by one day.
 */
export function createBookingBody(bench: BookingsBench, n: number): string {
  const carPark = bench.carParkIds[n % bench.carParkIds.length] ?? 0;
  const departureDay = addDays(bench.today, 1 + (Math.floor(n / bench.carParkIds.length) % 360));
  const departureAt = new Date(`${departureDay}T${String(6 + (n % 12)).padStart(2, '0')}:${String((n % 4) * 15).padStart(2, '0')}:00Z`);
  const arrivalAt = new Date(departureAt.getTime() + (1 + (n % 7)) * 86_400_000 + 3 * 3_600_000);
  return JSON.stringify({
    customer_name: `Bench Customer ${n}`,
    customer_phone: `+44 7800 ${String(n % 1_000_000).padStart(6, '0')}`,
    vehicle_reg: `BN${String(n % 100).padStart(2, '0')} ${String.fromCharCode(65 + (n % 26), 65 + (Math.floor(n / 26) % 26), 65 + (Math.floor(n / 676) % 26))}`,
    airport_id: bench.airportId,
    departure_id: carPark,
    arrival_id: carPark,
    departure_at: departureAt.toISOString(),
    arrival_at: arrivalAt.toISOString(),
    channel: 'phone',
  });
}

/**
 * The body of the n-th booking a customer makes on the company's web site (the public add, issue 23): the stay of
 * `createBookingBody`, with an e-mail (so its confirmation is queued, as every web booking's is) and the form's
 * fields; no channel (it is `web`).
 */
export function publicBookingBody(bench: BookingsBench, n: number): string {
  const { channel: _channel, customer_phone: _phone, ...stay } = JSON.parse(createBookingBody(bench, n)) as Record<string, unknown>;
  return JSON.stringify({
    ...stay,
    customer_email: `bench.customer.${n}@example.com`,
    form_started_at: new Date(Date.now() - 60_000).toISOString(),
  });
}

/**
 * The bookings scenarios, each checked once first (a scenario answering an error would measure nothing). The
 * latency targets (list, add, board, dashboard, segments) are one request's time: those run at 1 connection, and
 * the list, add, board and dashboard also at --connections to show them under load (the list's ratio there).
 */
export async function bookingScenarios(
  address: string,
  bench: BookingsBench,
  signIn: (email: string, password: string) => Promise<Record<string, string>>,
): Promise<Scenario[]> {
  const headers = await signIn(BOOKINGS_BENCH_ADMIN.email, BOOKINGS_BENCH_ADMIN.password);
  // The bodies of the check and of each load start at their own offsets, so no two posts ask for the same stay.
  let offset = 0;
  const add = () => {
    offset += 1_000_000;
    const start = offset;
    return (n: number) => createBookingBody(bench, start + n);
  };
  const publicAdd = () => {
    offset += 1_000_000;
    const start = offset;
    return (n: number) => publicBookingBody(bench, start + n);
  };
  const statistics = (query: string) => `/api/booking/statistics${query}`;
  const scenarios: Scenario[] = [
    {
      name: 'GET /api/booking/list (50, confirmed, by departure)',
      path: '/api/booking/list?status=confirmed&sort=departure_at&page_size=50',
      headers,
      plain: '/plain/booking/list',
    },
    {
      name: 'GET /api/booking/list (same; 1 conn)',
      path: '/api/booking/list?status=confirmed&sort=departure_at&page_size=50',
      headers,
      plain: '/plain/booking/list',
      connections: 1,
    },
    {
      name: 'GET /api/booking/get/{id}',
      path: `/api/booking/get/${bench.someBookingId}`,
      headers,
      plain: `/plain/booking/get/${bench.someBookingId}`,
    },
    { name: 'POST /api/booking/add (1 conn)', path: '/api/booking/add', headers, body: add(), connections: 1 },
    { name: 'POST /api/booking/add', path: '/api/booking/add', headers, body: add() },
    {
      name: 'POST /api/public/booking/add (client key; 1 conn)',
      path: '/api/public/booking/add',
      headers: { authorization: bench.clientKeyAuthorization },
      body: publicAdd(),
      // A form's own key each time (the same key would answer the first booking again).
      requestHeaders: () => ({ 'idempotency-key': randomUUID() }),
      connections: 1,
    },
    {
      name: 'GET statistics/in-out/list (today, in; 1 conn)',
      path: statistics(`/in-out/list?type=in&date=${bench.today}`),
      headers,
      connections: 1,
    },
    { name: 'GET statistics/in-out/list (today, in)', path: statistics(`/in-out/list?type=in&date=${bench.today}`), headers },
    { name: 'GET statistics/list (dashboard; 1 conn)', path: statistics('/list'), headers, connections: 1 },
    { name: 'GET statistics/list (dashboard)', path: statistics('/list'), headers },
    {
      name: 'GET statistics-by-segment (month, 2 years; 1 conn)',
      path: `/api/booking/statistics-by-segment?segment=month&from=${bench.firstDay}&to=${bench.lastDay}`,
      headers,
      connections: 1,
    },
    {
      name: 'GET statistics-by-segment (year, 5 years; 1 conn)',
      path: `/api/booking/statistics-by-segment?segment=year&to=${bench.lastDay}`,
      headers,
      connections: 1,
    },
    // Issue 24: what a user of a 1,000,000-booking company waits for (`--bookings 1000000 --connections 1`), each at
    // 1 connection: the list as the screen opens it, filtered, sorted by another column, paged far, searched; the day
    // board; the cars on site.
    ...scaleScenarios(bench, headers),
  ];
  for (const scenario of scenarios) {
    const check = await fetch(`${address}${scenario.path}`, {
      headers: scenario.body
        ? { ...scenario.headers, ...scenario.requestHeaders?.(0), 'content-type': 'application/json' }
        : scenario.headers,
      ...(scenario.body ? { method: 'POST', body: scenario.body(-1) } : {}),
    });
    if (!check.ok) throw new Error(`${scenario.name} answers ${check.status}: ${await check.text()}`);
  }
  return scenarios;
}

/** The calendar month before `day`'s (YYYY-MM-DD), first and last day. */
function lastMonth(day: string): { from: string; to: string } {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 2, 1));
  const last = new Date(Date.UTC(year, month - 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

/** A day `days` after `day` (YYYY-MM-DD). */
export const dayAfter = addDays;

/** The list, search, board and on-site scenarios of issue 24, each at 1 connection (the target is one request's time). */
export function scaleScenarios(bench: BookingsBench, headers: Record<string, string>): Scenario[] {
  const list = (query: string) => `/api/booking/list?page_size=50&${query}`;
  const week = `from=${bench.today}&to=${addDays(bench.today, 6)}`;
  const scenario = (name: string, path: string): Scenario => ({ name: `${name}; 1 conn`, path, headers, connections: 1 });
  return [
    scenario('GET /api/booking/list (scale: as the screen opens, newest departure)', list('sort=-departure_at')),
    scenario('GET /api/booking/list (scale: status confirmed)', list('sort=-departure_at&status=confirmed')),
    scenario('GET /api/booking/list (scale: status checked in or parked)', list('sort=-departure_at&status=checked_in,parked')),
    scenario("GET /api/booking/list (scale: this week's departures)", list(`sort=-departure_at&${week}`)),
    scenario('GET /api/booking/list (scale: by customer name)', list('sort=customer_name')),
    scenario('GET /api/booking/list (scale: by total, highest first)', list('sort=-total')),
    scenario('GET /api/booking/list (scale: page 100)', list('sort=-departure_at&page=100')),
    scenario(
      'GET /api/booking/list (scale: search a registration)',
      list(`sort=-departure_at&search=${encodeURIComponent(bench.someRegistration.toLowerCase())}`),
    ),
    scenario(
      'GET /api/booking/list (scale: search a reference)',
      list(`sort=-departure_at&search=${encodeURIComponent(bench.someReference.slice(3))}`),
    ),
    scenario('GET /api/search (scale: a registration)', `/api/search?q=${encodeURIComponent(bench.someRegistration)}`),
    scenario('GET /api/search (scale: a reference)', `/api/search?q=${encodeURIComponent(bench.someReference)}`),
    scenario('GET statistics/in-out/list (scale: today, out)', `/api/booking/statistics/in-out/list?type=out&date=${bench.today}`),
    scenario('GET /api/handover/on-site/list (scale: every car)', '/api/handover/on-site/list?page_size=50'),
    scenario('GET /api/handover/on-site/list (scale: overdue)', '/api/handover/on-site/list?page_size=50&flag=overdue'),
    scenario(
      'GET /api/handover/on-site/list (scale: search)',
      `/api/handover/on-site/list?page_size=50&search=${encodeURIComponent(bench.someRegistration.slice(0, 3))}`,
    ),
    // The Reports screen (issue 24, section 3): every report of this month, then of the month before it.
    scenario('GET /api/reports/view (scale: this month)', '/api/reports/view'),
    scenario(
      'GET /api/reports/view (scale: last month)',
      `/api/reports/view?from=${lastMonth(bench.today).from}&to=${lastMonth(bench.today).to}`,
    ),
  ];
}

/**
 * The bench of a database `seedBookingsBench` filled earlier (`npm run bench:seed`): its company found by the bench
 * admin's e-mail, for `npm run bench:scale` against it.
 */
export async function loadBookingsBench(databaseUrl: string): Promise<BookingsBench> {
  const database = await openDatabase({ databaseUrl, dataDir: 'memory://', connectTimeoutMs: 3000 });
  try {
    const found = (await database.db.execute(sql`
      select u.company_id, u.id as admin_id, c.client_key,
        (select min(id) from airports a where a.company_id = u.company_id) as airport_id,
        (select array_agg(id order by id) from locations l where l.company_id = u.company_id and l.type = 'car_park') as car_park_ids,
        b.id as booking_id, b.reference, b.vehicle_reg
      from users u join companies c on c.id = u.company_id
      cross join lateral (select id, reference, vehicle_reg from bookings where company_id = u.company_id order by id limit 1) b
      where u.email = ${BOOKINGS_BENCH_ADMIN.email}
      order by u.id desc limit 1`)) as unknown as {
      rows: Array<{
        company_id: number;
        admin_id: number;
        client_key: string;
        airport_id: number;
        car_park_ids: number[];
        booking_id: number;
        reference: string;
        vehicle_reg: string;
      }>;
    };
    const row = found.rows[0];
    if (!row) throw new Error(`no bookings bench in ${new URL(databaseUrl).pathname}: npm run bench:seed first`);
    const today = dayOf(new Date());
    return {
      companyId: row.company_id,
      adminUserId: row.admin_id,
      airportId: row.airport_id,
      carParkIds: row.car_park_ids,
      someBookingId: row.booking_id,
      someReference: row.reference,
      someRegistration: row.vehicle_reg,
      today,
      firstDay: addDays(today, -365),
      lastDay: addDays(today, 364),
      seedMs: 0,
      clientKeyAuthorization: basicOf(row.company_id, row.client_key),
    };
  } finally {
    await database.close();
  }
}
