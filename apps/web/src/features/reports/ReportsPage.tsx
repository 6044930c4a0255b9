import {
  ActionIcon,
  Button,
  Card,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Spoiler,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { browserTimeZone, dayIn } from '@ps/contracts/common/zonedTime';
import {
  type Report,
  type ReportFormat,
  type ReportFrequency,
  type ReportKind,
  type ReportQuery,
  reportFrequencies,
  reportSubscriptionEndpoints,
} from '@ps/contracts/reports';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconDownload, IconTrash } from '../../components/icons';
import { keyboardScrollable } from '../../components/ReferenceSelects';
import { toastApiError } from '../../lib/api';
import { downloadBlob } from '../../lib/csv';
import { useCurrentUser } from '../../lib/currentUser';
import { useCanCall } from '../../lib/finance';
import { formatDay, formatMoney, formatMonth, formatNumber, formatPercent, toMajor, toMinor } from '../../lib/format';
import { translateMessage } from '../../lib/i18n';
import { usePageTitle } from '../../lib/pageTitle';
import { toastSuccess } from '../../lib/toast';
import { fetchReportFile, useRecipients, useReport, useSubscribe, useSubscriptions, useUnsubscribe } from './api';
import type { ChartProps } from './ReportCharts';

// The charts (recharts) are a chunk of their own: the page's tables show before it arrives.
const ReportChart = lazy(() => import('./ReportCharts'));

function Chart(props: ChartProps) {
  return (
    <Suspense fallback={<Loader size="sm" />}>
      <ReportChart {...props} />
    </Suspense>
  );
}

/** The last day of the month `YYYY-MM`. */
function monthEnd(month: string): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 1);
  date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

interface Column {
  key: string;
  label: string;
  numeric?: boolean;
}

/** A report's figures: a table from 768 px, one card per row below (nothing scrolls sideways on a phone). */
function FigureTable({ caption, columns, rows }: { caption: string; columns: Column[]; rows: Array<Record<string, ReactNode>> }) {
  const { t } = useTranslation();
  const wide = useMediaQuery('(min-width: 48em)', true);
  if (rows.length === 0) return <Text c="dimmed">{t('reports.figures.none')}</Text>;
  if (!wide) {
    const [first, ...rest] = columns;
    return (
      <Stack gap="xs" aria-label={caption} role="list">
        {rows.map((row, index) => (
          <Card key={index} withBorder padding="sm" role="listitem">
            <Text fw={600}>{first ? row[first.key] : null}</Text>
            {rest.map((column) => (
              <Group key={column.key} justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" c="dimmed">
                  {column.label}
                </Text>
                <Text size="sm" ta="right">
                  {row[column.key]}
                </Text>
              </Group>
            ))}
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table striped highlightOnHover withTableBorder aria-label={caption}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.key} ta={column.numeric ? 'right' : 'left'}>
              {column.label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, index) => (
          <Table.Tr key={index}>
            {columns.map((column) => (
              <Table.Td key={column.key} ta={column.numeric ? 'right' : 'left'}>
                {row[column.key]}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A long table (a day per row) shown a screen's height at first, the rest behind a button. */
function LongTable({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Spoiler maxHeight={320} showLabel={t('reports.figures.showAll')} hideLabel={t('reports.figures.showFewer')}>
      {children}
    </Spoiler>
  );
}

/** `/{company}/reports`: every report of a period and car park, with charts, tables and downloads; the report by mail. */
export function ReportsPage() {
  const { t } = useTranslation();
  usePageTitle(t('reports.title'));
  const user = useCurrentUser();
  const zone = user.data?.company_time_zone ?? browserTimeZone();
  const today = dayIn(zone);
  const [mode, setMode] = useState<'month' | 'custom'>('month');
  const [month, setMonth] = useState(today.slice(0, 7));
  const [from, setFrom] = useState(`${today.slice(0, 7)}-01`);
  const [to, setTo] = useState(today);
  const [carPark, setCarPark] = useState('');
  const backwards = mode === 'custom' && isDay(from) && isDay(to) && from > to;
  const period =
    mode === 'month'
      ? { from: `${month}-01`, to: monthEnd(month) }
      : isDay(from) && isDay(to) && !backwards
        ? { from, to }
        : { from: `${today.slice(0, 7)}-01`, to: monthEnd(today.slice(0, 7)) };
  const query: ReportQuery = { ...period, ...(carPark ? { car_park_id: Number(carPark) } : {}) };
  const report = useReport(query);
  const data = report.data;
  const [downloading, setDownloading] = useState<string | null>(null);

  const download = async (kind: ReportKind | 'all', format: ReportFormat) => {
    const key = `${kind}.${format}`;
    setDownloading(key);
    try {
      const blob = await fetchReportFile({ ...query, report: kind, format });
      const file = `report-${kind}-${query.from}-${query.to}.${format}`;
      downloadBlob(file, blob);
      toastSuccess(t('reports.download.done', { file }));
    } catch (error) {
      toastApiError(error);
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={2} style={{ flex: '1 1 20rem' }}>
          <Title order={1} size="h2">
            {t('reports.title')}
          </Title>
          <Text size="sm">{t('reports.intro')}</Text>
        </Stack>
        <Button
          size="md"
          className="ps-primary-action"
          leftSection={<IconDownload size={18} aria-hidden />}
          loading={downloading === 'all.xlsx'}
          disabled={backwards}
          onClick={() => void download('all', 'xlsx')}
        >
          {t('reports.download.all')}
        </Button>
      </Group>

      <Paper p={{ base: 'sm', sm: 'md' }} radius="md" withBorder component="section" aria-label={t('reports.filters.region')}>
        <Stack gap="sm">
          <SegmentedControl
            aria-label={t('reports.filters.mode')}
            value={mode}
            onChange={(value) => setMode(value as 'month' | 'custom')}
            data={[
              { value: 'month', label: t('reports.filters.month') },
              { value: 'custom', label: t('reports.filters.custom') },
            ]}
            w={{ base: '100%', sm: 'auto' }}
            style={{ alignSelf: 'flex-start' }}
          />
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
            {mode === 'month' ? (
              <TextInput
                size="md"
                type="month"
                label={t('reports.filters.month')}
                value={month}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  if (/^\d{4}-\d{2}$/.test(value)) setMonth(value);
                }}
              />
            ) : (
              <>
                <TextInput
                  size="md"
                  type="date"
                  label={t('reports.filters.from')}
                  value={from}
                  onChange={(event) => setFrom(event.currentTarget.value)}
                />
                <TextInput
                  size="md"
                  type="date"
                  label={t('reports.filters.to')}
                  value={to}
                  error={backwards ? translateMessage('validation.dateOrder') : undefined}
                  onChange={(event) => setTo(event.currentTarget.value)}
                />
              </>
            )}
            <Select
              {...keyboardScrollable}
              size="md"
              label={t('reports.filters.carPark')}
              data={[
                { value: '', label: t('reports.filters.allCarParks') },
                ...(data?.car_parks ?? []).map((park) => ({ value: String(park.id), label: park.name })),
              ]}
              value={carPark}
              allowDeselect={false}
              onChange={(value) => setCarPark(value ?? '')}
            />
          </SimpleGrid>
        </Stack>
      </Paper>

      {report.isError && !data ? (
        <Text c="red.8" role="alert">
          {t('reports.loadError')}
        </Text>
      ) : !data ? (
        <Loader />
      ) : (
        <ReportSections report={data} download={download} downloading={downloading} />
      )}

      <SubscriptionsSection />
    </Stack>
  );
}

function ReportSection({
  kind,
  hint,
  children,
  download,
  downloading,
}: {
  kind: ReportKind;
  hint?: string;
  children: ReactNode;
  download: (kind: ReportKind, format: ReportFormat) => Promise<void>;
  downloading: string | null;
}) {
  const { t } = useTranslation();
  const title = t(`reports.sections.${kind}`);
  const id = `report-${kind}`;
  return (
    <Paper component="section" withBorder radius="md" p={{ base: 'sm', sm: 'md' }} aria-labelledby={id} data-testid={id}>
      <Group justify="space-between" align="center" mb="xs" gap="xs">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        <Group gap="xs">
          {(['csv', 'xlsx'] as const).map((format) => (
            <Button
              key={format}
              variant="default"
              size="sm"
              leftSection={<IconDownload size={16} aria-hidden />}
              aria-label={t(format === 'csv' ? 'reports.download.csvOf' : 'reports.download.xlsxOf', { name: title })}
              loading={downloading === `${kind}.${format}`}
              onClick={() => void download(kind, format)}
            >
              {t(`reports.download.${format}`)}
            </Button>
          ))}
        </Group>
      </Group>
      {hint ? (
        <Text size="sm" c="dimmed" mb="sm">
          {hint}
        </Text>
      ) : null}
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}

function ReportSections({
  report,
  download,
  downloading,
}: {
  report: Report;
  download: (kind: ReportKind, format: ReportFormat) => Promise<void>;
  downloading: string | null;
}) {
  const { t } = useTranslation();
  const currency = report.currency;
  const money = (minor: number | null) => (minor === null ? '—' : formatMoney(minor, currency));
  const majorMoney = (value: number) => formatMoney(toMinor(value, currency), currency, true);
  const c = (key: string) => t(`reports.columns.${key}`);
  const section = { download, downloading };
  const percentOf = (part: number, whole: number) => (whole === 0 ? '—' : formatPercent(part / whole, 1));

  // Revenue per month over every car park, this period against last year's.
  const months = new Map<string, { thisYear: number; lastYear: number }>();
  for (const row of report.revenue) {
    const sums = months.get(row.month) ?? { thisYear: 0, lastYear: 0 };
    months.set(row.month, { thisYear: sums.thisYear + (row.revenue ?? 0), lastYear: sums.lastYear + (row.last_year_revenue ?? 0) });
  }
  const noCarParks = report.car_parks.length === 0;

  return (
    <Stack gap="md">
      <ReportSection kind="revenue" hint={t('reports.hints.revenue')} {...section}>
        {months.size > 0 ? (
          <Chart
            data={[...months].map(([month, sums]) => ({
              label: formatMonth(month.slice(0, 7), 'short'),
              thisYear: toMajor(sums.thisYear, currency),
              lastYear: toMajor(sums.lastYear, currency),
            }))}
            dataKey="label"
            series={[
              { name: 'thisYear', label: t('reports.figures.thisPeriod'), color: 'blue.7' },
              { name: 'lastYear', label: t('reports.figures.lastYear'), color: 'gray.6' },
            ]}
            valueFormatter={majorMoney}
          />
        ) : null}
        <FigureTable
          caption={t('reports.sections.revenue')}
          columns={[
            { key: 'carPark', label: c('carPark') },
            { key: 'month', label: c('month') },
            { key: 'bookings', label: c('bookings'), numeric: true },
            { key: 'revenue', label: c('revenue'), numeric: true },
            { key: 'lastYearBookings', label: c('lastYearBookings'), numeric: true },
            { key: 'lastYearRevenue', label: c('lastYearRevenue'), numeric: true },
          ]}
          rows={report.revenue.map((row) => ({
            carPark: row.car_park_name ?? t('reports.figures.noCarPark'),
            month: formatMonth(row.month.slice(0, 7)),
            bookings: formatNumber(row.bookings),
            revenue: money(row.revenue),
            lastYearBookings: formatNumber(row.last_year_bookings),
            lastYearRevenue: money(row.last_year_revenue),
          }))}
        />
      </ReportSection>

      <ReportSection kind="occupancy" hint={t('reports.hints.occupancy')} {...section}>
        {noCarParks ? (
          <Text c="dimmed">{t('reports.figures.noCarParks')}</Text>
        ) : (
          <>
            <Chart
              kind="line"
              data={report.occupancy.map((row) => ({
                label: formatDay(row.date, 'dayMonth'),
                occupancy: row.capacity === 0 ? 0 : Math.round((row.booked / row.capacity) * 1000) / 10,
              }))}
              dataKey="label"
              series={[{ name: 'occupancy', label: c('occupancy'), color: 'teal.7' }]}
              valueFormatter={(value) => formatPercent(value / 100)}
            />
            <LongTable>
              <FigureTable
                caption={t('reports.sections.occupancy')}
                columns={[
                  { key: 'date', label: c('date') },
                  { key: 'booked', label: c('booked'), numeric: true },
                  { key: 'capacity', label: c('capacity'), numeric: true },
                  { key: 'occupancy', label: c('occupancy'), numeric: true },
                ]}
                rows={report.occupancy.map((row) => ({
                  date: formatDay(row.date),
                  booked: formatNumber(row.booked),
                  capacity: formatNumber(row.capacity),
                  occupancy: percentOf(row.booked, row.capacity),
                }))}
              />
            </LongTable>
          </>
        )}
      </ReportSection>

      <ReportSection kind="forecast" hint={t('reports.hints.forecast')} {...section}>
        {noCarParks ? (
          <Text c="dimmed">{t('reports.figures.noCarParks')}</Text>
        ) : (
          <>
            <Chart
              kind="line"
              data={report.forecast.map((row) => ({
                label: formatDay(row.date, 'dayMonth'),
                onHand: row.on_hand,
                forecast: row.forecast,
              }))}
              dataKey="label"
              series={[
                { name: 'onHand', label: c('onHand'), color: 'blue.7' },
                { name: 'forecast', label: c('forecast'), color: 'orange.7' },
              ]}
              valueFormatter={(value) => formatNumber(value)}
            />
            <LongTable>
              <FigureTable
                caption={t('reports.sections.forecast')}
                columns={[
                  { key: 'date', label: c('date') },
                  { key: 'onHand', label: c('onHand'), numeric: true },
                  { key: 'forecast', label: c('forecast'), numeric: true },
                  { key: 'occupancy', label: c('occupancy'), numeric: true },
                ]}
                rows={report.forecast.map((row) => ({
                  date: formatDay(row.date),
                  onHand: formatNumber(row.on_hand),
                  forecast: formatNumber(row.forecast),
                  occupancy: percentOf(row.forecast, row.capacity),
                }))}
              />
            </LongTable>
          </>
        )}
      </ReportSection>

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {(['stays', 'lead_time'] as const).map((kind) => {
          const figures = kind === 'stays' ? report.stays : report.lead_time;
          return (
            <ReportSection key={kind} kind={kind} hint={kind === 'lead_time' ? t('reports.hints.lead_time') : undefined} {...section}>
              <Text fw={600}>
                {figures.average_days === null
                  ? t('reports.figures.noAverage')
                  : t('reports.figures.averageDays', { days: formatNumber(figures.average_days, 1) })}
              </Text>
              <Chart
                data={figures.buckets.map((bucket) => ({ label: bucket.bucket, bookings: bucket.bookings }))}
                dataKey="label"
                series={[{ name: 'bookings', label: c('bookings'), color: 'blue.7' }]}
                valueFormatter={(value) => formatNumber(value)}
              />
              <FigureTable
                caption={t(`reports.sections.${kind}`)}
                columns={[
                  { key: 'days', label: c('days') },
                  { key: 'bookings', label: c('bookings'), numeric: true },
                ]}
                rows={figures.buckets.map((bucket) => ({ days: bucket.bucket, bookings: formatNumber(bucket.bookings) }))}
              />
            </ReportSection>
          );
        })}
      </SimpleGrid>

      <ReportSection kind="outcomes" {...section}>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {t('reports.figures.cancellationRate')}
            </Text>
            <Text size="xl" fw={700} data-testid="cancellation-rate">
              {formatPercent(report.outcomes.cancellation_rate, 1)}
            </Text>
            <Text size="sm">
              {t('reports.figures.cancelled', {
                count: formatNumber(report.outcomes.cancelled),
                total: formatNumber(report.outcomes.bookings),
              })}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {t('reports.figures.noShowRate')}
            </Text>
            <Text size="xl" fw={700} data-testid="no-show-rate">
              {formatPercent(report.outcomes.no_show_rate, 1)}
            </Text>
            <Text size="sm">
              {t('reports.figures.noShows', {
                count: formatNumber(report.outcomes.no_show),
                total: formatNumber(report.outcomes.bookings),
              })}
            </Text>
          </Stack>
        </SimpleGrid>
      </ReportSection>

      <ReportSection kind="channels" {...section}>
        <FigureTable
          caption={t('reports.sections.channels')}
          columns={[
            { key: 'source', label: c('source') },
            { key: 'channel', label: c('channel') },
            { key: 'bookings', label: c('bookings'), numeric: true },
            { key: 'revenue', label: c('revenue'), numeric: true },
          ]}
          rows={report.channels.map((row) => ({
            source: t(`reports.sources.${row.source}`),
            channel: t(`reports.channels.${row.channel}`),
            bookings: formatNumber(row.bookings),
            revenue: money(row.revenue),
          }))}
        />
      </ReportSection>

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <ReportSection kind="agencies" {...section}>
          <FigureTable
            caption={t('reports.sections.agencies')}
            columns={[
              { key: 'agency', label: c('agency') },
              { key: 'bookings', label: c('bookings'), numeric: true },
              { key: 'revenue', label: c('revenue'), numeric: true },
              { key: 'commission', label: c('commission'), numeric: true },
            ]}
            rows={report.agencies.map((row) => ({
              agency: row.agency_name,
              bookings: formatNumber(row.bookings),
              revenue: money(row.revenue),
              commission: money(row.commission),
            }))}
          />
        </ReportSection>
        <ReportSection kind="vouchers" {...section}>
          <Text fw={600}>
            {t('reports.figures.discountTotal')}: {money(report.discount_total)}
          </Text>
          <FigureTable
            caption={t('reports.sections.vouchers')}
            columns={[
              { key: 'voucher', label: c('voucher') },
              { key: 'bookings', label: c('bookings'), numeric: true },
              { key: 'discount', label: c('discount'), numeric: true },
            ]}
            rows={report.vouchers.map((row) => ({
              voucher: row.voucher_code,
              bookings: formatNumber(row.bookings),
              discount: money(row.discount),
            }))}
          />
        </ReportSection>
      </SimpleGrid>

      <ReportSection kind="drivers" hint={t('reports.hints.drivers')} {...section}>
        <FigureTable
          caption={t('reports.sections.drivers')}
          columns={[
            { key: 'driver', label: c('driver') },
            { key: 'trips', label: c('trips'), numeric: true },
            { key: 'payouts', label: c('payouts'), numeric: true },
            { key: 'costPerTrip', label: c('costPerTrip'), numeric: true },
          ]}
          rows={report.drivers.map((row) => ({
            driver: row.driver_name,
            trips: formatNumber(row.trips),
            payouts: money(row.payouts),
            costPerTrip: money(row.cost_per_trip),
          }))}
        />
      </ReportSection>
    </Stack>
  );
}

/** Who receives the report by mail: the list, a new subscriber, and stopping one. */
function SubscriptionsSection() {
  const { t } = useTranslation();
  const canCall = useCanCall();
  const mayView = canCall(reportSubscriptionEndpoints.list);
  const mayAdd = canCall(reportSubscriptionEndpoints.add);
  const mayDelete = canCall(reportSubscriptionEndpoints.delete);
  const subscriptions = useSubscriptions(mayView);
  const recipients = useRecipients(mayAdd);
  const subscribe = useSubscribe();
  const unsubscribe = useUnsubscribe();
  const [recipient, setRecipient] = useState<string | null>(null);
  const [frequency, setFrequency] = useState<ReportFrequency>('weekly');
  const [language, setLanguage] = useState<'en' | 'ta'>('en');
  const [recipientError, setRecipientError] = useState<string | undefined>();
  if (!mayView) return null;

  const people = (recipients.data ?? []).filter((person) => person.email);
  const submit = async () => {
    if (!recipient) {
      setRecipientError(translateMessage('validation.required'));
      return;
    }
    setRecipientError(undefined);
    try {
      const created = await subscribe.mutateAsync({ user_id: Number(recipient), frequency, language });
      toastSuccess(t('reports.subscriptions.subscribed', { name: created.user_name }));
      setRecipient(null);
    } catch (error) {
      const details = (error as { details?: Array<{ field: string; message: string }> }).details;
      const onRecipient = details?.find((detail) => detail.field === 'user_id');
      if (onRecipient) setRecipientError(onRecipient.message);
      else toastApiError(error);
    }
  };

  return (
    <Paper component="section" withBorder radius="md" p={{ base: 'sm', sm: 'md' }} aria-labelledby="report-subscriptions">
      <Stack gap="sm">
        <Title order={2} size="h3" id="report-subscriptions">
          {t('reports.subscriptions.title')}
        </Title>
        <Text size="sm">{t('reports.subscriptions.intro')}</Text>
        {mayAdd ? (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" style={{ alignItems: 'end' }}>
            <Select
              {...keyboardScrollable}
              size="md"
              label={t('reports.subscriptions.recipient')}
              data={people.map((person) => ({ value: String(person.user_id), label: `${person.name} (${person.email})` }))}
              value={recipient}
              onChange={setRecipient}
              searchable
              error={recipientError}
            />
            <Select
              {...keyboardScrollable}
              size="md"
              label={t('reports.subscriptions.frequency')}
              data={reportFrequencies.map((value) => ({ value, label: t(`reports.subscriptions.${value}`) }))}
              value={frequency}
              allowDeselect={false}
              onChange={(value) => setFrequency((value ?? 'weekly') as ReportFrequency)}
            />
            <Select
              {...keyboardScrollable}
              size="md"
              label={t('reports.subscriptions.language')}
              data={(['en', 'ta'] as const).map((value) => ({ value, label: t(`reports.subscriptions.languages.${value}`) }))}
              value={language}
              allowDeselect={false}
              onChange={(value) => setLanguage((value ?? 'en') as 'en' | 'ta')}
            />
            <Button size="md" loading={subscribe.isPending} onClick={() => void submit()}>
              {t('reports.subscriptions.subscribe')}
            </Button>
          </SimpleGrid>
        ) : null}
        {(subscriptions.data ?? []).length === 0 ? (
          <Text c="dimmed">{t('reports.subscriptions.empty')}</Text>
        ) : (
          <Stack gap="xs" role="list" aria-label={t('reports.subscriptions.title')}>
            {(subscriptions.data ?? []).map((subscription) => (
              <Card key={subscription.id} withBorder padding="sm" role="listitem" data-testid="report-subscription">
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={600} className="ps-wrap">
                      {subscription.user_name}
                    </Text>
                    <Text size="sm" className="ps-wrap">
                      {t(`reports.subscriptions.${subscription.frequency}`)} ·{' '}
                      {t(`reports.subscriptions.languages.${subscription.language}`)} · {t('reports.subscriptions.lastSent')}:{' '}
                      {subscription.last_period_start ? formatDay(subscription.last_period_start) : t('reports.subscriptions.never')}
                    </Text>
                  </Stack>
                  {mayDelete ? (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={t('reports.subscriptions.removeNamed', { name: subscription.user_name })}
                      onClick={() =>
                        void unsubscribe
                          .mutateAsync(subscription.id)
                          .then(() => toastSuccess(t('reports.subscriptions.removed', { name: subscription.user_name })))
                      }
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  ) : null}
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
