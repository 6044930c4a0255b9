import { type CountryListQuery, countryListQuerySchema, countrySchema, listEnvelope } from '@ps/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { countries } from '../../db/schema/index.ts';
import { countRows, listPage, listParts } from '../../kit/list.ts';
import { errorResponses } from '../../plugins/errors.ts';

/** Countries are read-only reference data: the list query is all there is, so it lives beside its route. */
function listCountries(db: Db, query: CountryListQuery) {
  const parts = listParts(query, {
    filters: [],
    searchColumns: [countries.name, countries.iso_code],
    sortColumns: { name: countries.name, iso_code: countries.iso_code },
    defaultSort: 'name',
    tieBreaker: countries.id,
  });
  return listPage(parts, {
    rows: ({ where, orderBy, limit, offset }) =>
      db
        .select()
        .from(countries)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    count: (where) => countRows(db, countries, where),
  });
}

export function registerCountryRoutes(app: FastifyInstance, db: Db): void {
  // Spec: `GET country/?page_size=1000`; the trailing slash still matches (ignoreTrailingSlash), the reference
  // names the path without it (Spectral: path-keys-no-trailing-slash).
  app.withTypeProvider<ZodTypeProvider>().get('/api/country', {
    config: { permission: 'countries.view' },
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
