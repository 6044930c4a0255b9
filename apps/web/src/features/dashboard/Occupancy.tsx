import { Box, Group, Paper, SimpleGrid, Stack, Table, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import type { CarParkOccupancy } from '@ps/contracts';
import { useTranslation } from 'react-i18next';
import { useFirstDayOfWeek } from '../../lib/companyWebConfig';
import { formatDay, formatMonth, formatNumber, formatPercent, formatWeekday } from '../../lib/format';
import { useOccupancy } from './api';
import { calendarMonths, type LoadBand, loadBand, weekdayOrder } from './dates';

/** Light fills with dark text, and a dark fill with white text for full days: every pair passes WCAG contrast. */
const bandStyle: Record<LoadBand, { background: string; color: string }> = {
  low: { background: 'var(--mantine-color-teal-1)', color: 'var(--mantine-color-dark-9)' },
  medium: { background: 'var(--mantine-color-yellow-3)', color: 'var(--mantine-color-dark-9)' },
  high: { background: 'var(--mantine-color-orange-4)', color: 'var(--mantine-color-dark-9)' },
  full: { background: 'var(--mantine-color-red-9)', color: 'var(--mantine-color-white)' },
};
const bands: LoadBand[] = ['low', 'medium', 'high', 'full'];

function Swatch({ band }: { band: LoadBand }) {
  return (
    <Box
      w={18}
      h={18}
      style={{ ...bandStyle[band], borderRadius: 4, border: '1px solid var(--mantine-color-gray-5)', flex: 'none' }}
      aria-hidden
    />
  );
}

type Day = CarParkOccupancy['days'][number];

/** One day of a car park: its number, coloured by load; its cars and how full on hover, tap and for screen readers. */
function DayCell({ day, capacity }: { day: Day; capacity: number }) {
  const { t } = useTranslation();
  const band = loadBand(day.booked, capacity, day.full);
  const label = t(band === 'full' ? 'dashboard.occupancy.dayFull' : 'dashboard.occupancy.day', {
    day: formatDay(day.date, 'full'),
    booked: formatNumber(day.booked),
    capacity: formatNumber(capacity),
    percent: formatPercent(capacity > 0 ? day.booked / capacity : 0),
  });
  return (
    <Tooltip label={label} events={{ hover: true, focus: false, touch: true }} multiline maw={260} withinPortal>
      <Box
        data-band={band}
        data-date={day.date}
        data-testid="occupancy-day"
        style={{
          ...bandStyle[band],
          borderRadius: 6,
          minHeight: 40,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          outline: band === 'full' ? '2px solid var(--mantine-color-red-9)' : undefined,
          outlineOffset: 1,
        }}
      >
        <span aria-hidden="true" style={{ fontWeight: 700, fontSize: 14 }}>
          {Number(day.date.slice(8))}
          {band === 'full' ? '!' : ''}
        </span>
        <VisuallyHidden>{label}</VisuallyHidden>
      </Box>
    </Tooltip>
  );
}

function CarParkCalendar({ carPark }: { carPark: CarParkOccupancy }) {
  const { t } = useTranslation();
  const firstDayOfWeek = useFirstDayOfWeek();
  const fullDays = carPark.days.filter((day) => loadBand(day.booked, carPark.capacity, day.full) === 'full').length;
  const weekdays = weekdayOrder(firstDayOfWeek);
  return (
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} data-testid="occupancy-car-park">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h4" className="ps-wrap">
            {carPark.name}
          </Title>
          <Text size="sm">
            {t('dashboard.occupancy.capacity', { capacity: formatNumber(carPark.capacity) })}
            {fullDays > 0 ? ` · ${t('dashboard.occupancy.fullDays', { count: fullDays })}` : ''}
          </Text>
        </Group>
        <SimpleGrid
          cols={{ base: 1, md: 2, xl: 3 }}
          spacing="md"
          style={{ alignItems: 'start' }}
          role="group"
          aria-label={t('dashboard.occupancy.daysOf', { name: carPark.name })}
        >
          {calendarMonths(carPark.days, firstDayOfWeek).map((month) => (
            <Table
              key={month.month}
              data-testid="occupancy-month"
              withRowBorders={false}
              verticalSpacing={2}
              horizontalSpacing={2}
              style={{ tableLayout: 'fixed' }}
            >
              <Table.Caption style={{ captionSide: 'top', textAlign: 'start', fontWeight: 600, marginBottom: 4 }}>
                {formatMonth(month.month)}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  {weekdays.map((isoDay) => (
                    <Table.Th key={isoDay} scope="col" ta="center" fz="xs" fw={600} px={0}>
                      <abbr title={formatWeekday(isoDay, 'long')} style={{ textDecoration: 'none' }}>
                        {formatWeekday(isoDay, 'short')}
                      </abbr>
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {month.weeks.map((week) => (
                  <Table.Tr key={week.find(Boolean)?.date}>
                    {week.map((day, column) => (
                      <Table.Td key={day?.date ?? `empty-${weekdays[column]}`}>
                        {day ? <DayCell day={day} capacity={carPark.capacity} /> : null}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/** The next 60 days of each car park, each day coloured by how many of its spaces are booked. */
export function OccupancyCalendar({ from, timeZone, pollMs }: { from: string; timeZone: string | undefined; pollMs: number | false }) {
  const { t } = useTranslation();
  const occupancy = useOccupancy(from, { timeZone, pollMs });
  return (
    <Stack gap="sm" component="section" aria-labelledby="occupancy-title" data-testid="occupancy">
      <Title order={2} size="h3" id="occupancy-title">
        {t('dashboard.occupancy.title')}
      </Title>
      <Group gap="md" wrap="wrap" role="list" aria-label={t('dashboard.occupancy.legend')}>
        {bands.map((band) => (
          <Group key={band} gap={6} wrap="nowrap" role="listitem">
            <Swatch band={band} />
            <Text size="sm">{t(`dashboard.occupancy.bands.${band}`)}</Text>
          </Group>
        ))}
      </Group>
      {occupancy.isError && !occupancy.data ? <Text c="red.8">{t('dashboard.occupancy.loadError')}</Text> : null}
      {occupancy.data && occupancy.data.car_parks.length === 0 ? <Text c="dimmed">{t('dashboard.carParks.none')}</Text> : null}
      {occupancy.data?.car_parks.map((carPark) => (
        <CarParkCalendar key={carPark.id} carPark={carPark} />
      ))}
    </Stack>
  );
}
