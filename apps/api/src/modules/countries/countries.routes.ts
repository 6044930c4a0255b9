import { type CountryListQuery, countryEndpoints } from '@ps/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { countries } from '../../db/schema/index.ts';
import { endpointServer, listAnswer } from '../../kit/endpoints.ts';
import { countRows, listPage, listParts } from '../../kit/list.ts';
import type { ModuleDeps } from '../../kit/modules.ts';

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

export function registerCountryRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  // Spec: `GET country/?page_size=1000`; the trailing slash still matches (ignoreTrailingSlash), the reference
  // names the path without it (Spectral: path-keys-no-trailing-slash).
  endpointServer(app, 'reference')(countryEndpoints.list, {
    summary: 'Countries with dialling codes (the web app asks with page_size=1000)',
    description:
      'ISO 3166-1 countries with their dialling codes, for country pickers and phone numbers. Paged (page, page_size), sorted by name or iso_code (a leading - sorts descending) and searchable by name or ISO code.',
    handler: async (request) => {
      const { rows, total } = await listCountries(db, request.query);
      return listAnswer(request, { items: rows, total });
    },
  });
}
