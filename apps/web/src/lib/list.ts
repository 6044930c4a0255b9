import { useDebouncedValue } from '@mantine/hooks';
import type { DataTableSortStatus } from 'mantine-datatable';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from './format';
import { DEFAULT_PAGE_SIZE, type ListSearch, PAGE_SIZES, type SetListSearch } from './listSearch';

export {
  DEFAULT_PAGE_SIZE,
  type ListSearch,
  PAGE_SIZES,
  parseListSearch,
  parseStatusFilter,
  type SetListSearch,
} from './listSearch';

const SEARCH_DEBOUNCE_MS = 400;

/** The query parameters a list call sends for the URL state (with the defaults filled in). */
export function listQuery(search: ListSearch, defaultSort: string) {
  return {
    page: search.page ?? 1,
    page_size: search.page_size ?? DEFAULT_PAGE_SIZE,
    sort: search.sort ?? defaultSort,
    search: search.search,
  };
}

/**
 * The search box of a list: it types freely and writes to the URL once typing pauses, so the URL stays the
 * single source of truth and a back/forward or a shared link shows the same search.
 */
export function useSearchBox<S extends ListSearch>(search: S, setSearch: SetListSearch<S>) {
  const current = search.search ?? '';
  const [text, setText] = useState(current);
  const [debounced] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (debounced !== current) void setSearch({ search: debounced || undefined } as Partial<S>);
    // Only a newly typed value navigates (deliberately not re-run when the URL changes elsewhere).
  }, [debounced]);
  useEffect(() => setText(current), [current]);
  return [text, setText] as const;
}

/**
 * The empty-page step back: deleting (or deactivating under a filter) the last record of the last page leaves
 * an empty page; go to the last page that has records instead.
 */
export function useEmptyPageStepBack<S extends ListSearch>(
  search: S,
  setSearch: SetListSearch<S>,
  list: { records: unknown[]; total: number } | undefined,
  fetching: boolean,
) {
  const emptyPage = list !== undefined && list.records.length === 0 && (search.page ?? 1) > 1;
  useEffect(() => {
    if (!emptyPage || fetching) return;
    const pageSize = search.page_size ?? DEFAULT_PAGE_SIZE;
    const lastPage = Math.max(1, Math.ceil((list?.total ?? 0) / pageSize));
    void setSearch({ page: lastPage === 1 ? undefined : lastPage } as Partial<S>, false);
  }, [emptyPage, fetching]);
}

/**
 * The paging and sorting props of a mantine-datatable list whose state lives in the URL, with translated
 * texts; spread them into `<DataTable>`.
 */
export function useListTableProps<Row, S extends ListSearch>(
  search: S,
  setSearch: SetListSearch<S>,
  total: number,
  defaultSort: string,
  /** The API counted only up to `total` (`pagination.total_capped`): more rows match. */
  capped = false,
) {
  const { t } = useTranslation();
  const sort = search.sort ?? defaultSort;
  const page = search.page ?? 1;
  const pageSize = search.page_size ?? DEFAULT_PAGE_SIZE;
  // A capped count ("more than 10,000"): the pager reaches the counted pages and always one page past the current one,
  // so "next" keeps going while rows come back (an empty page steps back by itself).
  const totalRecords = capped ? Math.max(total, page * pageSize + 1) : total;
  const range = (from: number, to: number) =>
    t(capped ? 'table.rangeCapped' : 'table.range', { from: formatNumber(from), to: formatNumber(to), total: formatNumber(total) });
  const sortStatus: DataTableSortStatus<Row> = { columnAccessor: sort.replace(/^-/, ''), direction: sort.startsWith('-') ? 'desc' : 'asc' };
  return {
    sortStatus,
    onSortStatusChange: ({ columnAccessor, direction }: DataTableSortStatus<Row>) =>
      void setSearch({ sort: `${direction === 'desc' ? '-' : ''}${String(columnAccessor)}` } as Partial<S>),
    page,
    onPageChange: (next: number) => void setSearch({ page: next === 1 ? undefined : next } as Partial<S>, false),
    totalRecords,
    recordsPerPage: pageSize,
    recordsPerPageOptions: [...PAGE_SIZES],
    onRecordsPerPageChange: (size: number) => void setSearch({ page_size: size === DEFAULT_PAGE_SIZE ? undefined : size } as Partial<S>),
    recordsPerPageLabel: t('table.perPage'),
    paginationText: ({ from, to }: { from: number; to: number; totalRecords: number }) => range(from, to),
    getPaginationControlProps: (control: string) => ({ 'aria-label': t(`table.controls.${control}`) }),
    rangeText: range,
  };
}
