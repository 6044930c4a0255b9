import { Alert, Anchor, Badge, Button, Group, List, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import type { Payroll, PayrollRow } from '@ps/contracts';
import { todayInBrowser } from '@ps/contracts/common/zonedTime';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { IconCheck, IconDownload } from '../../components/icons';
import { type KitColumn, ListError, ResourceTable, useWholeListTable } from '../../components/ListKit';
import { ApiError, toastApiError } from '../../lib/api';
import { downloadCsv } from '../../lib/csv';
import { useCan } from '../../lib/currentUser';
import { formatDay, formatNumber, useMoney } from '../../lib/format';
import { usePageSearch } from '../../lib/listPage';
import { usePageTitle } from '../../lib/pageTitle';
import { toastSuccess } from '../../lib/toast';
import { useApproveMany, usePayroll } from './api';
import { FigureTiles } from './FigureTiles';
import { hoursText, payrollStatusColour, useFormatMonth, usePeriodText } from './format';
import { approvableDrafts, DEFAULT_PAYROLL_SORT, type PayrollSort, payrollCsv, sortPayrollRows, validatePayrollSearch } from './payroll';
import { monthOf, monthPeriod, recentMonths } from './period';

const route = getRouteApi('/$companyId/payroll');

/** Months offered by the picker, as on a driver's page: two years back is far enough for a late payout. */
const MONTHS_OFFERED = 24;

type Row = PayrollRow & { id: number };

/** A refusal of the approval, with the ids it was sent (a detail names one as `ids.<index>`). */
interface Refusal {
  error: ApiError;
  ids: number[];
}

/**
 * The payroll (issue 21, section 9): a month's payouts across every driver who takes work, with the totals; each
 * row opens the driver's payout. Drafts that can be approved are chosen and approved together after one
 * confirmation stating how many and the total (all or none: the API refuses the lot if one cannot be). A CSV of
 * the same rows and totals. A table from 768 px, a card per driver below.
 */
export function PayrollPage() {
  const { t } = useTranslation();
  usePageTitle(t('payouts.payroll.title'));
  const { companyId } = route.useParams();
  const [search, navigate] = usePageSearch(route, validatePayrollSearch);
  const offered = useMemo(() => recentMonths(todayInBrowser(), MONTHS_OFFERED), []);
  // Payroll is done for a month that has ended: last month unless the URL names another.
  const month = search.month ?? monthOf(todayInBrowser(), -1);
  const sort: PayrollSort = search.sort ?? DEFAULT_PAYROLL_SORT;
  const payroll = usePayroll(month);
  const monthName = useFormatMonth();
  const periodText = usePeriodText();
  const period = monthPeriod(month);
  const [chosen, setChosen] = useState<number[]>([]);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const months = offered.includes(month) ? offered : [month, ...offered];
  const data = payroll.data;

  const setSearch = (patch: Partial<{ month: string; sort: PayrollSort }>) => {
    if (patch.month !== undefined) {
      setChosen([]);
      setRefusal(null);
    }
    void navigate({ search: (previous) => ({ ...previous, month, ...patch }), replace: true });
  };

  return (
    <Stack gap="md" maw={1200}>
      <Title order={1} size="h2">
        {t('payouts.payroll.title')}
      </Title>
      <Text maw={760}>{t('payouts.payroll.intro')}</Text>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Group align="flex-end" gap="md" wrap="wrap">
          <NativeSelect
            size="md"
            label={t('payouts.payroll.month')}
            value={month}
            onChange={(event) => setSearch({ month: event.currentTarget.value })}
            data={months.map((value) => ({ value, label: monthName(value) }))}
            style={{ flex: '1 1 200px', maxWidth: 320 }}
          />
          {data ? <PayrollCsvButton payroll={data} sort={sort} /> : null}
        </Group>
        <Text size="sm" mt="xs">
          {t('payouts.payroll.period', { period: periodText(period.start, period.end) })}
        </Text>
      </Paper>
      {payroll.isError && !data ? (
        <ListError title={t('payouts.payroll.loadError')} error={payroll.error} onRetry={() => void payroll.refetch()} />
      ) : (
        <>
          {data ? <PayrollSummary payroll={data} /> : null}
          {refusal ? <RefusalAlert refusal={refusal} payroll={data} onClose={() => setRefusal(null)} /> : null}
          <PayrollTable
            companyId={companyId}
            payroll={data}
            fetching={payroll.isFetching}
            sort={sort}
            onSort={(next) => setSearch({ sort: next })}
            chosen={chosen}
            onChoose={setChosen}
            onRefused={setRefusal}
            onRefetch={() => payroll.refetch()}
          />
        </>
      )}
    </Stack>
  );
}

/** The month's amounts by kind: approved, on drafts, on no payout yet. Label / value rows on a phone. */
function PayrollSummary({ payroll }: { payroll: Payroll }) {
  const { t } = useTranslation();
  const money = useMoney();
  const tiles = [
    { key: 'approved', label: t('payouts.payroll.summary.approved'), value: money.format(payroll.totals.approved_amount) },
    { key: 'drafts', label: t('payouts.payroll.summary.drafts'), value: money.format(payroll.totals.draft_amount) },
    { key: 'unpaid', label: t('payouts.payroll.summary.unpaid'), value: money.format(payroll.totals.unpaid_amount) },
  ];
  return <FigureTiles tiles={tiles} cols={3} valueColumn="content" label={t('payouts.payroll.summary.label')} testId="payroll-summary" />;
}

/** The days of a list, shown in the user's language: "5 Mar 2026, 6 Mar 2026". */
function useDaysText() {
  return (days: readonly string[]) => days.map((item) => formatDay(item)).join(', ');
}

/** A row's status: its badge, and what stands out (several payouts, a draft that cannot be approved, pay on no payout). */
function StatusCell({ row }: { row: PayrollRow }) {
  const { t } = useTranslation();
  const money = useMoney();
  const daysText = useDaysText();
  const refused = row.payouts.filter((payout) => payout.refusal !== null);
  return (
    <Stack gap={4} align="flex-start">
      {/* A long Tamil status wraps inside its badge on a phone's card rather than widen it. */}
      <Badge
        color={payrollStatusColour[row.status]}
        variant="dot"
        size="md"
        tt="none"
        h="auto"
        py={2}
        styles={{ label: { whiteSpace: 'normal' } }}
      >
        {t(`payouts.payroll.status.${row.status}`)}
      </Badge>
      {row.payouts.length > 1 ? <Text size="sm">{t('payouts.payroll.notes.payouts', { count: row.payouts.length })}</Text> : null}
      {refused.map((payout) => (
        <Text key={payout.id} size="sm" c="red.9">
          {t(`payouts.payroll.notes.refusal.${payout.refusal}`, { days: daysText(payout.missing_rate_days) })}
        </Text>
      ))}
      {row.status !== 'none' && row.unpaid.amount > 0 ? (
        <Text size="sm">{t('payouts.payroll.notes.unpaidBeside', { amount: money.format(row.unpaid.amount) })}</Text>
      ) : null}
      {row.unpaid.missing_rate_days.length > 0 ? (
        <Text size="sm" c="red.9">
          {t('payouts.payroll.notes.missingRates', { days: daysText(row.unpaid.missing_rate_days) })}
        </Text>
      ) : null}
    </Stack>
  );
}

function PayrollTable({
  companyId,
  payroll,
  fetching,
  sort,
  onSort,
  chosen,
  onChoose,
  onRefused,
  onRefetch,
}: {
  companyId: string;
  payroll: Payroll | undefined;
  fetching: boolean;
  sort: PayrollSort;
  onSort: (sort: PayrollSort) => void;
  chosen: number[];
  onChoose: (driverIds: number[]) => void;
  onRefused: (refusal: Refusal | null) => void;
  onRefetch: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const monthName = useFormatMonth();
  const records: Row[] = useMemo(
    () => sortPayrollRows(payroll?.rows ?? [], sort).map((row) => ({ ...row, id: row.driver_id })),
    [payroll, sort],
  );
  const table = useWholeListTable<Row>(
    records.length,
    { columnAccessor: sort.replace(/^-/, ''), direction: sort.startsWith('-') ? 'desc' : 'asc' },
    ({ columnAccessor, direction }: { columnAccessor: unknown; direction: 'asc' | 'desc' }) =>
      onSort(`${direction === 'desc' ? '-' : ''}${String(columnAccessor)}` as PayrollSort),
  );
  const totals = payroll?.totals;

  // The row opens the driver's page at its payout (a draft first), or with the month ready to compute.
  const opener = (row: Row) => {
    const payout = row.payouts.find((candidate) => candidate.status === 'draft') ?? row.payouts[0];
    return (
      <Anchor
        component={Link}
        to="/$companyId/drivers/$driverId"
        params={{ companyId, driverId: String(row.driver_id) } as never}
        search={(payout ? { payout: payout.id } : { month: payroll?.month }) as never}
        fw={700}
        // Dark enough on a chosen row's tint too.
        c="blue.9"
        className="ps-wrap"
      >
        {row.driver_name}
      </Anchor>
    );
  };

  const columns: KitColumn<Row>[] = [
    {
      accessor: 'driver_name',
      title: t('payouts.payroll.fields.driver'),
      sortable: true,
      render: opener,
      hideInCard: true,
      footer: totals ? <Text fw={700}>{t('payouts.payroll.totals')}</Text> : undefined,
    },
    {
      accessor: 'hours',
      title: t('payouts.payroll.fields.hours'),
      sortable: true,
      textAlign: 'right',
      render: (row) => hoursText(row.hours),
      footer: totals ? <Text fw={700}>{hoursText(totals.hours)}</Text> : undefined,
    },
    {
      accessor: 'trip_count',
      title: t('payouts.payroll.fields.trips'),
      sortable: true,
      textAlign: 'right',
      render: (row) => formatNumber(row.trip_count),
      footer: totals ? <Text fw={700}>{formatNumber(totals.trip_count)}</Text> : undefined,
    },
    {
      accessor: 'amount',
      title: t('payouts.payroll.fields.amount'),
      sortable: true,
      textAlign: 'right',
      render: (row) => money.format(row.amount),
      footer: totals ? (
        <Text fw={700} data-testid="payroll-total-amount">
          {money.format(totals.amount)}
        </Text>
      ) : undefined,
    },
    { accessor: 'status', title: t('payouts.payroll.fields.status'), sortable: true, render: (row) => <StatusCell row={row} /> },
  ];

  const chosenRows = records.filter((row) => chosen.includes(row.id) && approvableDrafts(row).length > 0);

  return (
    <Stack gap="sm">
      {payroll ? (
        <ApproveChosen
          month={payroll.month}
          rows={chosenRows}
          fetching={fetching}
          onClear={() => onChoose([])}
          onRefused={onRefused}
          onRefetch={onRefetch}
        />
      ) : null}
      <ResourceTable<Row>
        records={records}
        fetching={fetching}
        noRecordsText={payroll ? t('payouts.payroll.empty') : t('app.loading')}
        columns={columns}
        table={table}
        cardTitle={opener}
        label={payroll ? t('payouts.payroll.list', { month: monthName(payroll.month) }) : t('payouts.payroll.title')}
        totalsTitle={t('payouts.payroll.totals')}
        selection={{
          selected: chosenRows,
          onChange: (rows) => onChoose(rows.map((row) => row.id)),
          label: (row) => t('payouts.payroll.select', { name: row.driver_name }),
          permission: 'payouts.approve',
          selectable: (row) => approvableDrafts(row).length > 0,
        }}
      />
    </Stack>
  );
}

/**
 * "2 payouts chosen · £1,234.00 [Approve the chosen payouts]": the confirmation reads the month again first, then
 * says how many payouts, for whom and the total; the API is sent that total and refuses the lot if it changed.
 */
function ApproveChosen({
  month,
  rows,
  fetching,
  onClear,
  onRefused,
  onRefetch,
}: {
  month: string;
  rows: Row[];
  fetching: boolean;
  onClear: () => void;
  onRefused: (refusal: Refusal | null) => void;
  onRefetch: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const can = useCan();
  const monthName = useFormatMonth();
  const approve = useApproveMany();
  const [confirming, setConfirming] = useState(false);
  if (!can('payouts.approve') || (rows.length === 0 && !confirming)) return null;
  const payouts = rows.flatMap(approvableDrafts);
  const total = payouts.reduce((sum, payout) => sum + payout.amount, 0);
  const ids = payouts.map((payout) => payout.id);

  const open = () => {
    onRefused(null);
    setConfirming(true);
    void onRefetch();
  };
  const confirm = () => {
    approve.mutateAsync({ ids, expected_total: total }).then(
      (result) => {
        setConfirming(false);
        onClear();
        toastSuccess(
          t('payouts.payroll.toast.approved', { count: result.count, month: monthName(month), total: money.format(result.total) }),
        );
      },
      (error: unknown) => {
        setConfirming(false);
        if (error instanceof ApiError && [400, 404, 409].includes(error.status)) onRefused({ error, ids });
        else toastApiError(error);
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="sm" role="region" aria-label={t('payouts.payroll.bulk.region')}>
      <Group gap="sm" justify="space-between" wrap="wrap">
        <Text fw={600}>{t('payouts.payroll.bulk.selected', { count: payouts.length, total: money.format(total) })}</Text>
        <Group gap="sm" wrap="wrap">
          <Button size="md" leftSection={<IconCheck size={18} aria-hidden />} onClick={open} disabled={payouts.length === 0}>
            {t('payouts.payroll.bulk.approve')}
          </Button>
          <Button size="md" variant="subtle" onClick={onClear}>
            {t('payouts.payroll.bulk.clear')}
          </Button>
        </Group>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={t('payouts.payroll.approveDialog.title')}
        body={
          <Stack gap="xs">
            {fetching ? (
              <Text role="status">{t('payouts.payroll.approveDialog.reading')}</Text>
            ) : (
              <>
                <Text>
                  {t('payouts.payroll.approveDialog.body', { count: payouts.length, month: monthName(month), total: money.format(total) })}
                </Text>
                <List size="sm" spacing={4}>
                  {rows.map((row) => (
                    <List.Item key={row.id}>
                      {row.driver_name}: {money.format(approvableDrafts(row).reduce((sum, payout) => sum + payout.amount, 0))}
                    </List.Item>
                  ))}
                </List>
                <Text size="sm">{t('payouts.payroll.approveDialog.effect')}</Text>
              </>
            )}
          </Stack>
        }
        confirmLabel={t('payouts.payroll.approveDialog.confirm', { total: money.format(total) })}
        busy={approve.isPending || fetching || payouts.length === 0}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}

/** The API's refusal of the lot, in its words, each refused payout named by its driver. */
function RefusalAlert({ refusal, payroll, onClose }: { refusal: Refusal; payroll: Payroll | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const driverOf = (payoutId: number | undefined) =>
    payroll?.rows.find((row) => row.payouts.some((payout) => payout.id === payoutId))?.driver_name;
  const reasons = refusal.error.details.flatMap((detail) => {
    const index = /^ids\.(\d+)$/.exec(detail.field)?.[1];
    const name = driverOf(index === undefined ? undefined : refusal.ids[Number(index)]);
    return detail.message ? [{ key: `${detail.field}-${detail.code}`, text: name ? `${name}: ${detail.message}` : detail.message }] : [];
  });
  return (
    <Alert
      color="red"
      variant="light"
      title={t('payouts.payroll.refused')}
      role="alert"
      withCloseButton
      onClose={onClose}
      closeButtonLabel={t('common.close')}
    >
      <Stack gap="xs">
        <Text size="sm">{refusal.error.message}</Text>
        {reasons.length > 0 ? (
          <List size="sm" spacing={4}>
            {reasons.map((reason) => (
              <List.Item key={reason.key}>{reason.text}</List.Item>
            ))}
          </List>
        ) : null}
      </Stack>
    </Alert>
  );
}

/** The CSV of the month as shown: its rows in the screen's order, then the totals. */
function PayrollCsvButton({ payroll, sort }: { payroll: Payroll; sort: PayrollSort }) {
  const { t } = useTranslation();
  const { currency } = useMoney();
  const download = () => {
    const rows = sortPayrollRows(payroll.rows, sort);
    const csv = payrollCsv(payroll, rows, currency, {
      columns: {
        driver: t('payouts.payroll.fields.driver'),
        hours: t('payouts.payroll.fields.hours'),
        trips: t('payouts.payroll.fields.trips'),
        amount: t('payouts.payroll.fields.amount'),
        status: t('payouts.payroll.fields.status'),
      },
      totals: t('payouts.payroll.totals'),
      status: (row) => t(`payouts.payroll.status.${row.status}`),
    });
    downloadCsv(`${t('payouts.payroll.exportFile')}-${payroll.month}.csv`, csv);
    toastSuccess(t('kit.export.done', { count: rows.length }));
  };
  return (
    <Button variant="default" size="md" leftSection={<IconDownload size={18} aria-hidden />} onClick={download}>
      {t('kit.export.button')}
    </Button>
  );
}
