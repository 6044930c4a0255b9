/**
 * The URL state each list had when the user left it (search box, filters, sort, page), by path, for the links and
 * redirects that lead back to it from its forms: saving, cancelling or "back to the list" returns to the list as it
 * was, not to its first page unfiltered. Kept for the tab's life; a reload starts the lists afresh.
 */
const lastSearch = new Map<string, Record<string, unknown>>();

/** Called by every list page (`usePageSearch`) whenever its URL state changes. */
export function rememberListSearch(pathname: string, search: Record<string, unknown>): void {
  lastSearch.set(pathname, search);
}

/**
 * The way back to the list at `path` (e.g. `/1/yards`), for `navigate(...)` or a `Link`'s props. The routes declare
 * no search types (each page parses its own, lib/listPage.ts), so the router types any search as `never`.
 */
export function backToList(path: string): { to: string; search: never } {
  return { to: path, search: (lastSearch.get(path) ?? {}) as never };
}
