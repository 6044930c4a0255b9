import { useRouterState } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { toastApiError } from './api';
import { type ListSearch, useEmptyPageStepBack, useListTableProps, useSearchBox } from './list';
import { rememberListSearch } from './listReturn';
import type { ListResource } from './resource';
import { toastSuccess } from './toast';

/** Writes the list's URL state; the route's own `navigate` does it (typed per route, so passed in). */
export type NavigateSearch<S> = (options: { search: (previous: S) => S; replace: boolean }) => unknown;

/** What `usePageSearch` needs of a page's route (`getRouteApi(...)`). */
interface PageRoute {
  useSearch: () => unknown;
  useNavigate: () => (options: { search: never; replace: boolean }) => unknown;
}

/**
 * A page's URL state, parsed in the page's own lazy chunk. Its route has no `validateSearch`: the router is in the
 * sign-in bundle, and each parser there (with its sort fields) cost that page's budget (docs/decisions.md "Sign-in
 * bundle budget (issue 5)"). `validate` reads the raw search as the router would have, also before each write.
 */
export function usePageSearch<S>(route: PageRoute, validate: (raw: Record<string, unknown>) => S): [S, NavigateSearch<S>] {
  const raw = route.useSearch() as Record<string, unknown>;
  const search = useMemo(() => validate(raw), [validate, raw]);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // Its forms lead back to the list as it is now (lib/listReturn.ts).
  useEffect(() => rememberListSearch(pathname, raw), [pathname, raw]);
  const routeNavigate = route.useNavigate();
  const navigate: NavigateSearch<S> = ({ search: next, replace }) =>
    routeNavigate({ search: ((previous: Record<string, unknown>) => next(validate(previous))) as never, replace });
  return [search, navigate];
}

/**
 * The state every list page keeps: its URL state (search box, paging, sort, filters), its rows, the
 * selection for bulk changes, a status change and a deletion with their toasts. The page renders it with the
 * list kit (components/ListKit.tsx).
 */
export function useListPage<Row extends { id: number }, S extends ListSearch>({
  resource,
  search,
  navigate,
  defaultSort,
  statusChanged,
  deleted,
}: {
  resource: ListResource<Row, S>;
  search: S;
  navigate: NavigateSearch<S>;
  defaultSort: string;
  /** The success toast of one record's status change. */
  statusChanged: (row: Row) => string;
  /** The success toast of a deletion. */
  deleted: (row: Row) => string;
}) {
  const list = resource.useList(search);
  const setStatus = resource.useSetStatus();
  const remove = resource.useDelete();
  const [toDelete, setToDelete] = useState<Row | null>(null);
  const [selected, setSelected] = useState<Row[]>([]);

  // A filter change clears the selection and goes back to page 1 (unless told not to).
  const setSearch = (patch: Partial<S>, resetPage = true) => {
    setSelected([]);
    return navigate({ search: (previous) => ({ ...previous, ...(resetPage ? { page: undefined } : {}), ...patch }), replace: true });
  };
  const [searchText, setSearchText] = useSearchBox(search, setSearch);
  const table = useListTableProps<Row, S>(search, setSearch, list.data?.total ?? 0, defaultSort, list.data?.capped ?? false);
  useEmptyPageStepBack(search, setSearch, list.data, list.isFetching);

  const changeStatus = (row: Row, status: 0 | 1) =>
    setStatus.mutate(
      { ids: [row.id], status },
      {
        onSuccess: ({ updated, failed }) => {
          for (const changed of updated) toastSuccess(statusChanged(changed));
          for (const failure of failed) toastApiError(failure.error);
        },
      },
    );
  const statusBusy = (row: Row) => setStatus.isPending && setStatus.variables?.ids.includes(row.id) === true;
  const confirmDelete = () => {
    if (!toDelete) return;
    const row = toDelete;
    remove.mutate(row.id, {
      onSuccess: () => {
        toastSuccess(deleted(row));
        setToDelete(null);
      },
      onError: () => setToDelete(null),
    });
  };

  return {
    list,
    setSearch,
    searchText,
    setSearchText,
    table,
    selection: {
      selected,
      setSelected,
      busy: setStatus.isPending,
      setStatus: (ids: number[], status: 0 | 1) => setStatus.mutateAsync({ ids, status }),
    },
    changeStatus,
    statusBusy,
    deletion: { toDelete, ask: setToDelete, cancel: () => setToDelete(null), confirm: confirmDelete, busy: remove.isPending },
  };
}
