// The yardstick for `npm run bench`: a plain Fastify + pg handler running the same SQL as the product's
// airport get and list (company-scoped, joined with countries, paged with a count) and quote (the one
// statement of modules/quote/quote.repository.ts), with no auth, no validation and Fastify's default
// serializer. In its own process, forked by run.ts. Also the bookings list and get (issue 7): the statements of
// modules/bookings/bookings.repository.ts, captured from the product's query builders.

import type { BookingListQuery } from '@ps/contracts';
import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify from 'fastify';
import pg from 'pg';
import { listBookings } from '../apps/api/src/modules/bookings/bookings.list.ts';
import { createBookingsRepository } from '../apps/api/src/modules/bookings/bookings.repository.ts';
import { quoteLookupQuery } from '../apps/api/src/modules/quote/quote.repository.ts';
import { serveMemoryReports } from './ipc.ts';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const companyId = Number(process.env.BENCH_COMPANY_ID);
const app = Fastify({ logger: false });

const columns = `a.id, a.company_id, a.core_airport_id, a.iata_code, a.name, a.country_id, c.name as country_name,
  c.iso_code as country_iso_code, a.time_zone, a.status, a.created_at, a.updated_at`;

app.get<{ Params: { id: string } }>('/plain/airport/get/:id', async (request, reply) => {
  const { rows } = await pool.query(
    `select ${columns} from airports a inner join countries c on c.id = a.country_id where a.company_id = $1 and a.id = $2 limit 1`,
    [companyId, Number(request.params.id)],
  );
  if (!rows[0]) return reply.code(404).send({ message: 'Not found' });
  return { message: 'Fetched', data: rows[0] };
});

app.get<{ Querystring: { page?: string; page_size?: string } }>('/plain/airport/list', async (request) => {
  const page = Number(request.query.page ?? 1);
  const pageSize = Number(request.query.page_size ?? 20);
  const [list, total] = await Promise.all([
    pool.query(
      `select ${columns} from airports a inner join countries c on c.id = a.country_id where a.company_id = $1
       order by a.iata_code asc, a.id asc limit $2 offset $3`,
      [companyId, pageSize, (page - 1) * pageSize],
    ),
    pool.query('select count(*)::int as total from airports where company_id = $1', [companyId]),
  ]);
  return { message: 'Listed', data: list.rows, pagination: { page, page_size: pageSize, total: total.rows[0]?.total ?? 0 } };
});

// The quote's statement as the product sends it (text and parameter order taken from the product's query, once
// at start), prepared by name on each connection as the product's is.
const quoteCompanyId = Number(process.env.BENCH_QUOTE_COMPANY_ID);
const quoteStatement = quoteLookupQuery(drizzle({ client: pool }) as never).toSQL();
const quoteParams = quoteStatement.params.map((param) => (param as { name: string }).name);
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

app.get<{ Querystring: Record<string, string> }>('/plain/quote', async (request) => {
  const q = request.query;
  const days = dayNumber(q.arrival_date ?? '') - dayNumber(q.departure_date ?? '') + 1;
  const values: Record<string, unknown> = {
    companyId: quoteCompanyId,
    airportId: Number(q.airport_id),
    departureId: Number(q.departure_id),
    arrivalId: Number(q.arrival_id),
    packageId: q.package_id ? Number(q.package_id) : null,
    serviceIds: q.service_ids ?? '',
    voucherCode: q.voucher_code ?? null,
    days: Math.min(days, 366),
    month: Number(q.departure_date?.slice(5, 7)),
  };
  const { rows } = await pool.query({ name: 'quote_lookup', text: quoteStatement.sql, values: quoteParams.map((name) => values[name]) });
  const row = rows[0] as { prices: unknown[] } & Record<string, unknown>;
  return { message: 'Fetched', data: { prices: row.prices, quote: row } };
});

// The bookings list and get: the product repository's own statements (the list's from bookings.list.ts), captured once at start (text and
// parameters, through Drizzle's query log) and then sent as they are by plain pg: the list's page and count
// side by side as the product sends them, the get with the asked-for id in place of a marker. The product
// prepares its list statements (named, planned once per connection), so the plain handler names them too.
const bookingsCompanyId = Number(process.env.BENCH_BOOKINGS_COMPANY_ID);
if (bookingsCompanyId) {
  const captured: Array<{ text: string; values: unknown[] }> = [];
  const capturing = drizzle({ client: pool, logger: { logQuery: (text, values) => captured.push({ text, values }) } });
  const repository = createBookingsRepository(capturing as never, bookingsCompanyId);
  const listQuery = { page: 1, page_size: 50, sort: 'departure_at', status: ['confirmed'] } as BookingListQuery;
  await listBookings(capturing as never, bookingsCompanyId, listQuery, { timeZone: null });
  const [listRows, listCount] = captured.splice(0);
  const marker = 2_147_483_000;
  await repository.findById(marker);
  const [byId] = captured.splice(0);
  if (!listRows || !listCount || !byId) throw new Error('the bookings statements were not captured');

  app.get('/plain/booking/list', async () => {
    const [list, total] = await Promise.all([
      pool.query({ name: 'plain_booking_list', text: listRows.text, values: listRows.values }),
      pool.query({ name: 'plain_booking_count', text: listCount.text, values: listCount.values }),
    ]);
    return {
      message: 'Listed',
      data: list.rows,
      pagination: { page: 1, page_size: 50, total: Number((total.rows[0] as { total: number } | undefined)?.total ?? 0) },
    };
  });

  app.get<{ Params: { id: string } }>('/plain/booking/get/:id', async (request, reply) => {
    const id = Number(request.params.id);
    const { rows } = await pool.query(
      byId.text,
      byId.values.map((value) => (value === marker ? id : value)),
    );
    if (!rows[0]) return reply.code(404).send({ message: 'Not found' });
    return { message: 'Fetched', data: rows[0] };
  });
}

const address = await app.listen({ host: '127.0.0.1', port: 0 });
serveMemoryReports(address, async () => {
  await app.close();
  await pool.end();
});
