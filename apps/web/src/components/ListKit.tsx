import 'mantine-datatable/styles.css';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Group,
  Loader,
  NativeSelect,
  Pagination,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastApiError } from '../lib/api';
import { type CsvColumn, downloadBlob, downloadCsv, toCsv } from '../lib/csv';
import { useCan } from '../lib/currentUser';
import { formatNumber } from '../lib/format';
import type { BulkResult } from '../lib/resource';
import { toastError, toastSuccess } from '../lib/toast';
import { ConfirmDialog } from './ConfirmDialog';
import { IconDownload, IconPlus, IconSearch } from './icons';
import { StatusSwitch } from './StatusSwitch';

/** Below this width a list shows one card per record: nothing needs a sideways swipe at 375 px. */
export const CARD_LAYOUT_QUERY = '(max-width: 767.98px)';

export function useCardLayout(): boolean {
  return useMediaQuery(CARD_LAYOUT_QUERY, typeof window === 'undefined' ? false : window.matchMedia(CARD_LAYOUT_QUERY).matches, {
    getInitialValueInEffect: false,
  });
}

export type StatusFilterValue = 0 | 1 | undefined;

/** All / Active / Inactive, kept in the URL as `status`. */
export function StatusFilter({
  value,
  onChange,
  label,
}: {
  value: StatusFilterValue;
  onChange: (value: StatusFilterValue) => void;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      fullWidth
      size="md"
      aria-label={label}
      value={value === undefined ? 'all' : String(value)}
      onChange={(next) => onChange(next === 'all' ? undefined : (Number(next) as 0 | 1))}
      data={[
        { value: 'all', label: t('kit.filter.all') },
        { value: '1', label: t('status.active') },
        { value: '0', label: t('status.inactive') },
      ]}
      style={{ flex: '1 1 260px' }}
    />
  );
}

/** The search box and filters above a list. */
export function ListToolbar({
  searchText,
  onSearchText,
  searchLabel,
  searchPlaceholder,
  children,
}: {
  searchText: string;
  onSearchText: (text: string) => void;
  searchLabel: string;
  searchPlaceholder: string;
  children?: ReactNode;
}) {
  return (
    <Paper p={{ base: 'sm', sm: 'md' }} radius="md" withBorder>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          type="search"
          size="md"
          aria-label={searchLabel}
          placeholder={searchPlaceholder}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={searchText}
          onChange={(event) => onSearchText(event.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
        />
        {children}
      </Group>
    </Paper>
  );
}

/** A list that failed to load, with a way to try again. */
export function ListError({ title, error, onRetry }: { title: string; error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{error.message}</Text>
        <Button variant="default" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

export interface KitColumn<Row> {
  accessor: string;
  title: string;
  sortable?: boolean;
  render?: (row: Row) => ReactNode;
  textAlign?: 'left' | 'right' | 'center';
  /** Left out of the cards (the card's title already shows it). */
  hideInCard?: boolean;
  /** The column's total: a table's footer row; below the cards, a card of the totals of its own (`totalsTitle`). */
  footer?: ReactNode;
}

/**
 * The status column of a list: a switch per row that asks before it changes and shows the change's
 * progress (the list page's `changeStatus` and `statusBusy`, lib/listPage.ts).
 */
export function statusColumn<Row extends { status: 0 | 1 }>(
  page: { changeStatus: (row: Row, status: 0 | 1) => unknown; statusBusy: (row: Row) => boolean },
  {
    title,
    sortable = true,
    nameOf,
    permission,
  }: {
    title: string;
    sortable?: boolean;
    nameOf: (row: Row) => string;
    /** What changing a status needs (e.g. `airports.update`); without it the column only reads. */
    permission: string;
  },
): KitColumn<Row> {
  return {
    accessor: 'status',
    title,
    sortable,
    render: (row) => (
      <StatusSwitch
        active={row.status === 1}
        recordName={nameOf(row)}
        permission={permission}
        busy={page.statusBusy(row)}
        onChange={(status) => page.changeStatus(row, status)}
      />
    ),
  };
}

/**
 * What fills an empty list, offered in the empty state to those who may use it (issue 22, section 6): "Add airport" on
 * an empty airports list, "Add an airport first" on a company's empty locations without an airport. A list passes it
 * when nothing filters it (an empty search result wants its filters changed, not a new record).
 */
export interface EmptyAction {
  to: string;
  label: string;
  /** What using it needs (e.g. `airports.create`): without it the empty list only says it is empty. */
  permission: string;
}

/** The empty list's words, and its action when there is one the user may take. */
function EmptyState({ text, action }: { text: string; action: EmptyAction }) {
  return (
    // DataTable's overlay lets clicks through to the table (pointer-events: none); its link must take them.
    <Stack align="center" gap="sm" px="md" style={{ pointerEvents: 'auto' }} data-testid="empty-state">
      <Text ta="center">{text}</Text>
      <Button component={Link} to={action.to} size="md" variant="light" leftSection={<IconPlus size={18} aria-hidden />}>
        {action.label}
      </Button>
    </Stack>
  );
}

/** An empty list drawn outside the kit's table (a price grid without bands): its words and, for who may, its action. */
export function EmptyPanel({ text, action }: { text: string; action?: EmptyAction }) {
  const can = useCan();
  return (
    <Paper withBorder radius="md" p="lg">
      {action && can(action.permission) ? <EmptyState text={text} action={action} /> : <Text ta="center">{text}</Text>}
    </Paper>
  );
}

export interface RowSelection<Row> {
  selected: Row[];
  onChange: (rows: Row[]) => void;
  /** The checkbox's name for one row, e.g. "Select LHR". */
  label: (row: Row) => string;
  /** What the selection's bulk action needs (e.g. `airports.update`): without it there are no checkboxes. */
  permission: string;
  /** Whether a row may be chosen (a draft payout that can be approved); the others have no checkbox. */
  selectable?: (row: Row) => boolean;
}

/**
 * A list's paging and sorting: a paged list's (`useListTableProps`, lib/list.ts), or a whole list's
 * (`useWholeListTable`: one page, no page size to choose).
 */
interface TableProps<Row> {
  sortStatus: DataTableSortStatus<Row>;
  onSortStatusChange: (status: DataTableSortStatus<Row>) => void;
  page: number;
  onPageChange: (page: number) => void;
  totalRecords: number;
  recordsPerPage: number;
  /** The page size choice: all three, or none (DataTable takes it whole or not at all). */
  recordsPerPageOptions?: number[];
  onRecordsPerPageChange?: (size: number) => void;
  recordsPerPageLabel?: string;
  paginationText: (range: { from: number; to: number; totalRecords: number }) => string;
  getPaginationControlProps: (control: string) => Record<string, string>;
  /** The range line of the cards' pager ("1–50 of 120", "1–50 of more than 10,000"); the table's own otherwise. */
  rangeText?: (from: number, to: number) => string;
}

/**
 * The table props of a list shown whole (a month's payroll: every driver on one page), sorted by the caller: the
 * same range line as a paged list ("1-9 of 9"), and no page size to choose.
 */
export function useWholeListTable<Row>(
  total: number,
  sortStatus: TableProps<Row>['sortStatus'],
  onSortStatusChange: TableProps<Row>['onSortStatusChange'],
): TableProps<Row> {
  const { t } = useTranslation();
  return {
    sortStatus,
    onSortStatusChange,
    page: 1,
    onPageChange: () => undefined,
    totalRecords: total,
    recordsPerPage: Math.max(total, 1),
    paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
      t('table.range', { from: formatNumber(from), to: formatNumber(to), total: formatNumber(totalRecords) }),
    getPaginationControlProps: (control: string) => ({ 'aria-label': t(`table.controls.${control}`) }),
  };
}

/**
 * A paged, sorted list whose state lives in the URL: a table from 768 px, cards below (with a sort choice and
 * large paging controls). Loading, empty and filtered-empty texts are the caller's.
 */
export function ResourceTable<Row extends { id: number }>({
  records,
  fetching,
  noRecordsText,
  columns,
  table,
  cardTitle,
  actions,
  selection: offered,
  label,
  totalsTitle,
  emptyAction: offeredAction,
}: {
  records: Row[];
  fetching: boolean;
  noRecordsText: string;
  columns: KitColumn<Row>[];
  table: TableProps<Row>;
  cardTitle: (row: Row) => ReactNode;
  actions?: (row: Row) => ReactNode;
  selection?: RowSelection<Row>;
  /** The list's name for assistive technology, e.g. "Airports". */
  label: string;
  /** The title of the totals' card below the cards, for a list whose columns have a `footer`. */
  totalsTitle?: string;
  /** What fills the list, offered when it is empty (and not while it loads). */
  emptyAction?: EmptyAction;
}) {
  const { t } = useTranslation();
  const cards = useCardLayout();
  const can = useCan();
  // A role that may not take the bulk action gets no checkboxes that lead nowhere.
  const selection = offered && can(offered.permission) ? offered : undefined;
  // Nor a way to fill the list that it may not take. Only on an empty list, loaded: DataTable keeps its empty state in
  // the page (transparent) beside the rows, where a link would still be read out and reached by the keyboard.
  const emptyAction = offeredAction && can(offeredAction.permission) && !fetching && records.length === 0 ? offeredAction : undefined;

  if (cards) {
    return (
      <ResourceCards
        {...{ records, fetching, noRecordsText, columns, table, cardTitle, actions, selection, label, totalsTitle, emptyAction }}
      />
    );
  }

  const dataColumns: DataTableColumn<Row>[] = columns.map((column) => ({
    accessor: column.accessor,
    title: column.title,
    sortable: column.sortable,
    textAlign: column.textAlign,
    render: column.render,
    ...(column.footer === undefined ? {} : { footer: column.footer }),
  }));
  if (actions) dataColumns.push({ accessor: 'actions', title: t('common.actions'), textAlign: 'right', render: actions });

  // DataTable takes the page size choice whole or not at all (a whole list has none).
  const { recordsPerPageOptions, onRecordsPerPageChange, recordsPerPageLabel, ...paging } = table;
  const pageSizes =
    recordsPerPageOptions && onRecordsPerPageChange ? { recordsPerPageOptions, onRecordsPerPageChange, recordsPerPageLabel } : {};
  const common = {
    withTableBorder: true,
    borderRadius: 'md',
    highlightOnHover: true,
    minHeight: records.length ? undefined : 220,
    records,
    fetching,
    loadingText: t('app.loading'),
    noRecordsText,
    ...(emptyAction ? { emptyState: <EmptyState text={noRecordsText} action={emptyAction} /> } : {}),
    idAccessor: 'id' as const,
    columns: dataColumns,
    paginationSize: 'md' as const,
    'aria-label': label,
    ...paging,
    ...pageSizes,
  };
  return selection ? (
    <DataTable<Row>
      {...common}
      selectedRecords={selection.selected}
      onSelectedRecordsChange={selection.onChange}
      selectionCheckboxProps={{ size: 'md' }}
      getRecordSelectionCheckboxProps={(row) => ({ size: 'md', 'aria-label': selection.label(row) })}
      isRecordSelectable={selection.selectable}
      allRecordsSelectionCheckboxProps={{ size: 'md', 'aria-label': t('kit.selectAllOnPage') }}
    />
  ) : (
    <DataTable<Row> {...common} />
  );
}

function ResourceCards<Row extends { id: number }>({
  records,
  fetching,
  noRecordsText,
  columns,
  table,
  cardTitle,
  actions,
  selection,
  label,
  totalsTitle,
  emptyAction,
}: {
  records: Row[];
  fetching: boolean;
  noRecordsText: string;
  columns: KitColumn<Row>[];
  table: TableProps<Row>;
  cardTitle: (row: Row) => ReactNode;
  actions?: (row: Row) => ReactNode;
  selection?: RowSelection<Row>;
  label: string;
  totalsTitle?: string;
  emptyAction?: EmptyAction;
}) {
  const { t } = useTranslation();
  const sortable = columns.filter((column) => column.sortable);
  const current = `${table.sortStatus.direction === 'desc' ? '-' : ''}${String(table.sortStatus.columnAccessor)}`;
  const pages = Math.max(1, Math.ceil(table.totalRecords / table.recordsPerPage));
  const from = table.totalRecords === 0 ? 0 : (table.page - 1) * table.recordsPerPage + 1;
  const to = Math.min(table.totalRecords, table.page * table.recordsPerPage);
  const isSelected = (row: Row) => selection?.selected.some((other) => other.id === row.id) ?? false;
  const selectable = records.filter((row) => selection?.selectable?.(row) ?? true);
  const totals = columns.filter((column) => column.footer !== undefined && !column.hideInCard);

  return (
    <Stack gap="sm" aria-busy={fetching}>
      {sortable.length > 0 ? (
        <NativeSelect
          size="md"
          label={t('kit.sortBy')}
          value={current}
          onChange={(event) => {
            const value = event.currentTarget.value;
            table.onSortStatusChange({ columnAccessor: value.replace(/^-/, ''), direction: value.startsWith('-') ? 'desc' : 'asc' });
          }}
          data={sortable.flatMap((column) => [
            { value: column.accessor, label: t('kit.sortAscending', { column: column.title }) },
            { value: `-${column.accessor}`, label: t('kit.sortDescending', { column: column.title }) },
          ])}
        />
      ) : null}
      {selection && selectable.length > 0 ? (
        <Checkbox
          size="md"
          label={t('kit.selectAllOnPage')}
          checked={selectable.every(isSelected)}
          indeterminate={!selectable.every(isSelected) && selectable.some(isSelected)}
          onChange={(event) => selection.onChange(event.currentTarget.checked ? selectable : [])}
        />
      ) : null}
      <Stack component="ul" gap="sm" aria-label={label} p={0} m={0} style={{ listStyle: 'none' }}>
        {records.map((row) => (
          <Paper component="li" key={row.id} withBorder radius="md" p="sm" data-testid="record-card">
            {/* A title too long to sit beside the actions puts them on the next line: its words stay whole. */}
            <Group justify="space-between" align="flex-start" gap="sm">
              <Group gap="sm" wrap="nowrap" align="flex-start" miw={0}>
                {selection && (selection.selectable?.(row) ?? true) ? (
                  <Checkbox
                    size="md"
                    aria-label={selection.label(row)}
                    checked={isSelected(row)}
                    onChange={(event) =>
                      selection.onChange(
                        event.currentTarget.checked
                          ? [...selection.selected, row]
                          : selection.selected.filter((other) => other.id !== row.id),
                      )
                    }
                  />
                ) : null}
                <Box miw={0}>{cardTitle(row)}</Box>
              </Group>
              {actions ? <Box style={{ flexShrink: 0 }}>{actions(row)}</Box> : null}
            </Group>
            {/* The labels' column is at most 40 %: sized to its longest label, a long Tamil one left the values too
                little room and pushed the card wider than a phone. */}
            <Box
              component="dl"
              className="ps-record-fields"
              m={0}
              mt="xs"
              style={{ display: 'grid', gridTemplateColumns: 'minmax(6rem, 40%) minmax(0, 1fr)', gap: '6px 12px' }}
            >
              {columns
                .filter((column) => !column.hideInCard)
                .map((column) => (
                  <Box key={column.accessor} style={{ display: 'contents' }}>
                    <Text component="dt" size="sm" c="dimmed">
                      {column.title}
                    </Text>
                    <Box component="dd" m={0} miw={0} className="ps-wrap">
                      {column.render ? column.render(row) : String((row as Record<string, unknown>)[column.accessor] ?? '')}
                    </Box>
                  </Box>
                ))}
            </Box>
          </Paper>
        ))}
      </Stack>
      {totalsTitle && totals.length > 0 && records.length > 0 ? (
        <Paper withBorder radius="md" p="sm" data-testid="record-totals" bg="gray.0">
          <Text fw={700}>{totalsTitle}</Text>
          <Box
            component="dl"
            m={0}
            mt="xs"
            style={{ display: 'grid', gridTemplateColumns: 'minmax(6rem, 40%) minmax(0, 1fr)', gap: '6px 12px' }}
          >
            {totals.map((column) => (
              <Box key={column.accessor} style={{ display: 'contents' }}>
                <Text component="dt" size="sm" c="dimmed">
                  {column.title}
                </Text>
                <Box component="dd" m={0} miw={0} className="ps-wrap">
                  {column.footer}
                </Box>
              </Box>
            ))}
          </Box>
        </Paper>
      ) : null}
      {records.length === 0 ? (
        <Paper withBorder radius="md" p="lg">
          {fetching ? (
            <Group justify="center" gap="xs" role="status">
              <Loader size="sm" aria-hidden />
              <Text>{t('app.loading')}</Text>
            </Group>
          ) : emptyAction ? (
            <EmptyState text={noRecordsText} action={emptyAction} />
          ) : (
            <Text ta="center">{noRecordsText}</Text>
          )}
        </Paper>
      ) : null}
      <Stack gap="xs" align="center">
        <Text size="sm">
          {table.rangeText
            ? table.rangeText(from, to)
            : t('table.range', { from: formatNumber(from), to: formatNumber(to), total: formatNumber(table.totalRecords) })}
        </Text>
        {pages > 1 ? (
          <Pagination
            total={pages}
            value={table.page}
            onChange={table.onPageChange}
            size="lg"
            siblings={0}
            boundaries={1}
            getControlProps={(control) => table.getPaginationControlProps(control)}
            getItemProps={(page) => ({ 'aria-label': t('kit.page', { page }) })}
          />
        ) : null}
      </Stack>
    </Stack>
  );
}

/**
 * Exports EVERY row of the current filters and sort (all pages, not just the one shown) as CSV with
 * translated headers.
 */
export function ExportCsvButton<Row>({
  fetchAll,
  columns,
  fileName,
}: {
  fetchAll: () => Promise<Row[]>;
  columns: CsvColumn<Row>[];
  fileName: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const rows = await fetchAll();
      downloadCsv(fileName, toCsv(rows, columns));
      toastSuccess(t('kit.export.done', { count: rows.length }));
    } catch (error) {
      toastApiError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" size="md" leftSection={<IconDownload size={18} aria-hidden />} loading={busy} onClick={() => void run()}>
      {t('kit.export.button')}
    </Button>
  );
}

/**
 * "Export CSV" of a file the API writes (a long list's export, streamed by the server): downloads it as it comes and
 * saves it under `fileName`.
 */
export function ExportFileButton({ download, fileName }: { download: () => Promise<Blob>; fileName: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      downloadBlob(fileName, await download());
      toastSuccess(t('kit.export.downloading'));
    } catch (error) {
      toastApiError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" size="md" leftSection={<IconDownload size={18} aria-hidden />} loading={busy} onClick={() => void run()}>
      {t('kit.export.button')}
    </Button>
  );
}

/**
 * "3 selected: Set active · Set inactive", with a confirmation naming how many records change. Reports what
 * changed and what did not (one update per record).
 */
export function BulkStatusBar<Row extends { id: number }>({
  selected,
  onClear,
  setStatus,
  busy,
  permission,
}: {
  /** What the change needs (e.g. `airports.update`): without it the bar is not shown. */
  permission: string;
  selected: Row[];
  onClear: () => void;
  setStatus: (ids: number[], status: 0 | 1) => Promise<BulkResult<Row>>;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<0 | 1 | null>(null);
  const can = useCan();
  if (selected.length === 0 || !can(permission)) return null;
  const confirm = async () => {
    if (pending === null) return;
    const status = pending;
    const result = await setStatus(
      selected.map((row) => row.id),
      status,
    );
    setPending(null);
    if (result.updated.length > 0) {
      toastSuccess(t(status === 1 ? 'kit.bulk.activated' : 'kit.bulk.deactivated', { count: result.updated.length }));
    }
    if (result.failed.length > 0) toastError(t('kit.bulk.failed', { count: result.failed.length }));
    onClear();
  };
  return (
    <Paper withBorder radius="md" p="sm" role="region" aria-label={t('kit.bulk.region')}>
      <Group gap="sm" justify="space-between" wrap="wrap">
        <Text fw={600}>{t('kit.bulk.selected', { count: selected.length })}</Text>
        <Group gap="sm" wrap="wrap">
          <Button size="md" variant="default" onClick={() => setPending(1)}>
            {t('kit.bulk.setActive')}
          </Button>
          <Button size="md" variant="default" onClick={() => setPending(0)}>
            {t('kit.bulk.setInactive')}
          </Button>
          <Button size="md" variant="subtle" onClick={onClear}>
            {t('kit.bulk.clear')}
          </Button>
        </Group>
      </Group>
      <ConfirmDialog
        opened={pending !== null}
        title={t(pending === 1 ? 'kit.bulk.confirmActiveTitle' : 'kit.bulk.confirmInactiveTitle')}
        body={t(pending === 1 ? 'kit.bulk.confirmActive' : 'kit.bulk.confirmInactive', { count: selected.length })}
        confirmLabel={t(pending === 1 ? 'kit.bulk.setActive' : 'kit.bulk.setInactive')}
        busy={busy}
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      />
    </Paper>
  );
}

/** A list's "Add ..." button, shown only when the role may create (`permission`, e.g. `airports.create`). */
export function AddButton({ to, label, permission }: { to: string; label: string; permission: string }) {
  const can = useCan();
  if (!can(permission)) return null;
  return (
    <Button component={Link} to={to} size="md" leftSection={<IconPlus size={18} aria-hidden />} className="ps-primary-action">
      {label}
    </Button>
  );
}
