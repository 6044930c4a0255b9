import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import { Paper, SegmentedControl, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { type StatisticsSegment, statisticsSegments } from '@ps/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSeesMoney } from '../../lib/finance';
import { formatMoney, formatNumber, toMajor, toMinor } from '../../lib/format';
import { useSegments } from './api';
import { periodLabel } from './dates';

/** Bookings and revenue by day, week, month or year (cancelled bookings never count). */
export function SegmentCharts({ timeZone, pollMs }: { timeZone: string | undefined; pollMs: number | false }) {
  const { t } = useTranslation();
  const [segment, setSegment] = useState<StatisticsSegment>('day');
  const statistics = useSegments(segment, { timeZone, pollMs });
  const currency = statistics.data?.currency ?? 'GBP';
  const money = (minor: number) => formatMoney(minor, currency);
  const seesMoney = useSeesMoney();
  const rows = (statistics.data?.periods ?? []).map((period) => ({
    label: periodLabel(period.period_start, segment),
    bookings: period.bookings,
    // Null for a role without finance.view, whose screen has no revenue chart.
    revenue: toMajor(period.revenue ?? 0, currency),
    revenueMinor: period.revenue ?? 0,
  }));

  const chart = (key: 'bookings' | 'revenue', title: string, colour: string) => (
    <Paper withBorder radius="md" p="md" data-testid={`chart-${key}`}>
      <Stack gap="xs">
        <Title order={3} size="h4">
          {title}
        </Title>
        {/* The chart is drawn for the eye; the same figures are a table for screen readers. */}
        <div aria-hidden="true">
          <BarChart
            h={240}
            data={rows}
            dataKey="label"
            series={[{ name: key, label: title, color: colour }]}
            valueFormatter={(value) => (key === 'revenue' ? money(toMinor(value, currency)) : formatNumber(value))}
            // One set of horizontal lines at round values (whole bookings, whole pounds); a gap between the day
            // labels so a phone's axis stays readable.
            gridAxis="x"
            tickLine="none"
            yAxisProps={{
              allowDecimals: false,
              tickFormatter: (value: number) =>
                key === 'revenue' ? formatMoney(toMinor(value, currency), currency, true) : formatNumber(value),
            }}
            xAxisProps={{ minTickGap: 12, interval: 'preserveStartEnd' }}
            // Recharts' keyboard layer would make the hidden chart focusable; the table below is the accessible form.
            barChartProps={{ accessibilityLayer: false }}
          />
        </div>
        <VisuallyHidden>
          <Table>
            <caption>{title}</caption>
            <thead>
              <tr>
                <th>{t('dashboard.charts.period')}</th>
                <th>{title}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.label}>
                  <td>{row.label}</td>
                  <td>{key === 'revenue' ? money(row.revenueMinor) : formatNumber(row.bookings)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </VisuallyHidden>
      </Stack>
    </Paper>
  );

  return (
    <Stack gap="sm" component="section" aria-labelledby="charts-title">
      <Title order={2} size="h3" id="charts-title">
        {t(seesMoney ? 'dashboard.charts.title' : 'dashboard.charts.titleBookingsOnly')}
      </Title>
      <SegmentedControl
        aria-label={t('dashboard.charts.segment')}
        value={segment}
        onChange={(value) => setSegment(value as StatisticsSegment)}
        data={statisticsSegments.map((value) => ({ value, label: t(`dashboard.charts.segments.${value}`) }))}
        w={{ base: '100%', sm: 'auto' }}
        style={{ alignSelf: 'flex-start' }}
      />
      {statistics.isError && !statistics.data ? <Text c="red.8">{t('dashboard.charts.loadError')}</Text> : null}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
        {chart('bookings', t('dashboard.charts.bookings'), 'blue.7')}
        {seesMoney ? chart('revenue', t('dashboard.charts.revenue'), 'teal.7') : null}
      </SimpleGrid>
    </Stack>
  );
}
