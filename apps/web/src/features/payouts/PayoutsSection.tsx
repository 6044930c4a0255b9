import { Anchor, Badge, Box, Group, Pagination, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { Driver, Payout } from '@ps/contracts';
import { isMonth } from '@ps/contracts/common/months';
import { dayIn } from '@ps/contracts/common/zonedTime';
import { useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCardLayout } from '../../components/ListKit';
import { Section } from '../../components/Section';
import { useCan, useCurrentUser } from '../../lib/currentUser';
import { formatNumber, useMoney } from '../../lib/format';
import { PAYOUTS_PAGE_SIZE, useDriverPayouts, usePayoutStatistics } from './api';
import { ComputePayoutForm } from './ComputePayoutForm';
import { FigureTiles } from './FigureTiles';
import { hoursText, paidUntilText, statusColour, usePeriodText } from './format';
import { PayoutDetailPanel } from './PayoutDetail';
import { hoursOf } from './period';

const DETAIL_ID = 'payout-detail';

/** What the payroll's link asks of the section (`?payout=<id>` opens it; `?month=YYYY-MM` is the one to compute). */
function useOpenedFromPayroll(): { payout: number | null; month: string | null } {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const payout = Number(search.payout);
  const month = typeof search.month === 'string' && isMonth(search.month) ? search.month : null;
  return { payout: Number.isInteger(payout) && payout > 0 ? payout : null, month };
}

/**
 * The Payouts section of a driver's page: what is owed and paid so far, a form that computes a draft for a
 * month or two days, the driver's payouts, and the one opened with its lines (approve or delete a draft there).
 * The payroll's rows open it with their payout (or, with none yet, their month in the form).
 */
export function PayoutsSection({ driver }: { driver: Driver }) {
  const { t } = useTranslation();
  const opened = useOpenedFromPayroll();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(opened.payout);
  useEffect(() => {
    // A payout opened scrolls itself into view once its figures are in; a month to compute brings the section.
    if (opened.payout === null && opened.month !== null) document.getElementById('driver-payouts')?.scrollIntoView({ block: 'start' });
  }, []);
  const name = `${driver.first_name} ${driver.last_name}`;
  const can = useCan();

  return (
    <Section title={t('payouts.title')} id="driver-payouts">
      <Stack gap="lg">
        <PayoutFigures driverId={driver.id} />
        {can('payouts.create') ? (
          <ComputePayoutForm
            driverId={driver.id}
            initialMonth={opened.month}
            onComputed={(payout) => {
              // The newest period is on page one (the list is newest first).
              setPage(1);
              setOpenId(payout.id);
            }}
          />
        ) : null}
        <PayoutList driverId={driver.id} page={page} onPage={setPage} openId={openId} onOpen={setOpenId} />
        {openId !== null ? (
          <Box id={DETAIL_ID}>
            <PayoutDetailPanel key={openId} driverId={driver.id} driverName={name} id={openId} onClose={() => setOpenId(null)} />
          </Box>
        ) : null}
      </Stack>
    </Section>
  );
}

/** The driver's figures from `driver-payout/statistics/list`: what is paid up to when, and what is owed. */
function PayoutFigures({ driverId }: { driverId: number }) {
  const { t } = useTranslation();
  const money = useMoney();
  const statistics = usePayoutStatistics(driverId);
  const figures = statistics.data;
  const today = dayIn(useCurrentUser().data?.company_time_zone ?? undefined);
  const paidUntil = (day: string) => paidUntilText(day, today, t);
  const loading = t('app.loading');
  const tiles = [
    {
      key: 'paidUntil',
      label: t('payouts.figures.paidUntil'),
      value: figures ? (figures.paid_until ? paidUntil(figures.paid_until) : t('payouts.figures.neverPaid')) : loading,
    },
    {
      key: 'unpaidHours',
      label: t('payouts.figures.unpaidHours'),
      value: figures ? hoursText(hoursOf(figures.unpaid_minutes)) : loading,
    },
    { key: 'unpaidTrips', label: t('payouts.figures.unpaidTrips'), value: figures ? formatNumber(figures.unpaid_trip_count) : loading },
    {
      key: 'drafts',
      label: t('payouts.figures.drafts'),
      value: figures
        ? figures.draft_count === 0
          ? t('payouts.figures.none')
          : t('payouts.figures.countAndTotal', { number: formatNumber(figures.draft_count), total: money.format(figures.draft_total) })
        : loading,
    },
    {
      key: 'approved',
      label: t('payouts.figures.paidSoFar'),
      value: figures
        ? figures.approved_count === 0
          ? t('payouts.figures.none')
          : t('payouts.figures.countAndTotal', {
              number: formatNumber(figures.approved_count),
              total: money.format(figures.approved_total),
            })
        : loading,
    },
  ];
  return <FigureTiles tiles={tiles} cols={{ base: 3, lg: 5 }} valueColumn="half" busy={statistics.isPending} />;
}

/** The driver's payouts, newest first: a table from 768 px, a card per payout below. */
function PayoutList({
  driverId,
  page,
  onPage,
  openId,
  onOpen,
}: {
  driverId: number;
  page: number;
  onPage: (page: number) => void;
  openId: number | null;
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const periodText = usePeriodText();
  const cards = useCardLayout();
  const list = useDriverPayouts(driverId, page);
  const rows = list.data?.records ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAYOUTS_PAGE_SIZE));

  const opener = (payout: Payout) => (
    <Anchor
      component="button"
      type="button"
      fw={600}
      ta="left"
      onClick={() => onOpen(payout.id)}
      aria-expanded={openId === payout.id}
      aria-controls={openId === payout.id ? DETAIL_ID : undefined}
      className="ps-wrap"
    >
      {periodText(payout.period_start, payout.period_end)}
    </Anchor>
  );
  const badge = (payout: Payout) => (
    <Badge color={statusColour[payout.status]} variant="dot" size="lg" tt="none" miw="max-content">
      {t(`payouts.status.${payout.status}`)}
    </Badge>
  );

  return (
    <Stack gap="xs">
      <Title order={3} size="h4" id="payout-list-title">
        {t('payouts.list.title')}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm">{list.isPending ? t('app.loading') : list.isError ? list.error.message : t('payouts.list.empty')}</Text>
      ) : cards ? (
        <Stack component="ul" gap="sm" m={0} p={0} aria-labelledby="payout-list-title" style={{ listStyle: 'none' }}>
          {rows.map((payout) => (
            <Paper component="li" key={payout.id} withBorder radius="md" p="sm" data-testid="payout-card">
              <Group justify="space-between" align="flex-start" gap="xs">
                {opener(payout)}
                {badge(payout)}
              </Group>
              <Box component="dl" m={0} mt="xs" style={{ display: 'grid', gridTemplateColumns: 'minmax(6rem, auto) 1fr', gap: '4px 12px' }}>
                <Text component="dt" size="sm">
                  {t('payouts.list.hours')}
                </Text>
                <Text component="dd" m={0} size="sm">
                  {hoursText(payout.hours)}
                </Text>
                <Text component="dt" size="sm">
                  {t('payouts.list.trips')}
                </Text>
                <Text component="dd" m={0} size="sm">
                  {formatNumber(payout.trip_count)}
                </Text>
                <Text component="dt" size="sm">
                  {t('payouts.list.total')}
                </Text>
                <Text component="dd" m={0} size="sm" fw={700}>
                  {money.format(payout.total)}
                </Text>
              </Box>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table striped highlightOnHover withTableBorder verticalSpacing="xs" aria-labelledby="payout-list-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('payouts.list.period')}</Table.Th>
              <Table.Th>{t('payouts.list.status')}</Table.Th>
              <Table.Th ta="right">{t('payouts.list.hours')}</Table.Th>
              <Table.Th ta="right">{t('payouts.list.trips')}</Table.Th>
              <Table.Th ta="right">{t('payouts.list.total')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((payout) => (
              <Table.Tr key={payout.id} bg={openId === payout.id ? 'blue.0' : undefined}>
                <Table.Td>{opener(payout)}</Table.Td>
                <Table.Td>{badge(payout)}</Table.Td>
                <Table.Td ta="right">{hoursText(payout.hours)}</Table.Td>
                <Table.Td ta="right">{formatNumber(payout.trip_count)}</Table.Td>
                <Table.Td ta="right" fw={700}>
                  {money.format(payout.total)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {pages > 1 ? (
        <Group justify="center">
          <Pagination
            total={pages}
            value={page}
            onChange={onPage}
            size={cards ? 'lg' : 'md'}
            siblings={cards ? 0 : 1}
            getItemProps={(item) => ({ 'aria-label': t('kit.page', { page: item }) })}
            getControlProps={(control) => ({ 'aria-label': t(`table.controls.${control}`) })}
          />
        </Group>
      ) : null}
    </Stack>
  );
}
