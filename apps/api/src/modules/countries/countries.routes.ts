import { type CountryListQuery, countryListQuerySchema, countrySchema, listEnvelope } from '@ps/contracts';
import { and, asc, count, desc, ilike, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { countries } from '../../db/schema/index.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { containsPattern } from '../airports/airports.repository.ts';

/** Countries are read-only reference data: the list query is all there is, so it lives beside its route. */
async function listCountries(db: Db, query: CountryListQuery) {
  const filters: SQL[] = [];
  if (query.search) {
    const matches = or(ilike(countries.name, containsPattern(query.search)), ilike(countries.iso_code, containsPattern(query.search)));
    if (matches) filters.push(matches);
  }
  const where = filters.length ? and(...filters) : undefined;
  const column = query.sort?.replace(/^-/, '') === 'iso_code' ? countries.iso_code : countries.name;
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(countries)
      .where(where)
      .orderBy(query.sort?.startsWith('-') ? desc(column) : asc(column))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ total: count() }).from(countries).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export function registerCountryRoutes(app: FastifyInstance, db: Db): void {
  // Spec: `GET country/?page_size=1000`; the trailing slash still matches (ignoreTrailingSlash), the reference
  // names the path without it (Spectral: path-keys-no-trailing-slash).
  app.withTypeProvider<ZodTypeProvider>().get('/api/country', {
    onRequest: app.requirePermission('countries.view'),
    schema: {
      tags: ['reference'],
      security: [{ bearer: [] }],
      summary: 'Countries with dialling codes (the web app asks with page_size=1000)',
      description:
        'ISO 3166-1 countries with their dialling codes, for country pickers and phone numbers. Paged (page, page_size), sorted by name or iso_code (a leading - sorts descending) and searchable by name or ISO code.',
      querystring: countryListQuerySchema,
      response: { 200: listEnvelope(countrySchema), ...errorResponses(400, 401, 503) },
    },
    handler: async (request) => {
      const { rows, total } = await listCountries(db, request.query);
      return {
        message: request.t('success.list'),
        data: rows,
        pagination: { page: request.query.page, page_size: request.query.page_size, total },
      };
    },
  });
}
