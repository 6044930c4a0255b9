// The yardstick for `npm run bench`: a plain Fastify + pg handler running the same SQL as the product's
// airport get and list (company-scoped, joined with countries, paged with a count), with no auth, no
// validation and Fastify's default serializer. In its own process, forked by run.ts.
import Fastify from 'fastify';
import pg from 'pg';
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

const address = await app.listen({ host: '127.0.0.1', port: 0 });
serveMemoryReports(address, async () => {
  await app.close();
  await pool.end();
});
