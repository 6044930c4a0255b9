import { SEARCH_LIMIT, type SearchKind, type SearchResult, searchKindPermissions, searchKinds } from '@ps/contracts';
import type { Db } from '../../db/client.ts';
import { readTogether } from '../../db/client.ts';
import { createSearchRepository } from './search.repository.ts';
import { searchTerms } from './search.terms.ts';

export interface SearchActor {
  companyId: number;
  /** The caller's permissions as of this request: a kind their role may not view is not searched at all. */
  permissions: ReadonlySet<string>;
}

/** The global search: each kind the caller may view, at most SEARCH_LIMIT of each (one more is read to tell "more"). */
export function createSearchService(db: Db) {
  return {
    async search(actor: SearchActor, text: string): Promise<SearchResult> {
      const searched = searchKinds.filter((kind) => actor.permissions.has(searchKindPermissions[kind]));
      const terms = searchTerms(text);
      const repository = createSearchRepository(db, actor.companyId);
      const may = (kind: SearchKind) => searched.includes(kind);
      const [bookings, drivers, agencies] = await readTogether(db, [
        () => (may('bookings') ? repository.bookings(terms, SEARCH_LIMIT + 1) : Promise.resolve([])),
        () => (may('drivers') ? repository.drivers(terms, SEARCH_LIMIT + 1) : Promise.resolve([])),
        () => (may('agencies') ? repository.agencies(terms, SEARCH_LIMIT + 1) : Promise.resolve([])),
      ]);
      const found = { bookings, drivers, agencies };
      return {
        searched,
        bookings: bookings.slice(0, SEARCH_LIMIT),
        drivers: drivers.slice(0, SEARCH_LIMIT),
        agencies: agencies.slice(0, SEARCH_LIMIT),
        more: searchKinds.filter((kind) => found[kind].length > SEARCH_LIMIT),
      };
    },
  };
}
