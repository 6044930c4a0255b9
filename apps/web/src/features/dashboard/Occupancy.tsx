import { Box, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { CarParkOccupancy } from '@ps/contracts';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/i18n';
import { useOccupancy } from './api';
import { dayName, type LoadBand, loadBand } from './dates';

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

function CarParkCalendar({ carPark }: { carPark: CarParkOccupancy }) {
  const { t, i18n } = useTranslation();
  const fullDays = carPark.days.filter((day) => loadBand(day.booked, carPark.capacity, day.full) === 'full').length;
  return (
    <Paper withBorder radius="md" p="md" data-testid="occupancy-car-park">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={3} size="h4">
            {carPark.name}
          </Title>
          <Text size="sm">
            {t('dashboard.occupancy.capacity', { capacity: formatNumber(carPark.capacity) })}
            {fullDays > 0 ? ` · ${t('dashboard.occupancy.fullDays', { count: fullDays })}` : ''}
          </Text>
        </Group>
        <Box
          component="ol"
          p={0}
          m={0}
          aria-label={t('dashboard.occupancy.daysOf', { name: carPark.name })}
          style={{ listStyle: 'none', display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(40px, 1fr))', gap: 4 }}
        >
          {carPark.days.map((day, index) => {
            const band = loadBand(day.booked, carPark.capacity, day.full);
            const [, month, dayOfMonth] = day.date.split('-');
            const label = t(band === 'full' ? 'dashboard.occupancy.dayFull' : 'dashboard.occupancy.day', {
              day: dayName(day.date, i18n.language, 'long'),
              booked: formatNumber(day.booked),
              capacity: formatNumber(carPark.capacity),
            });
            const monthStart = index === 0 || dayOfMonth === '01';
            return (
              <Box
                component="li"
                key={day.date}
                title={label}
                data-band={band}
                data-date={day.date}
                style={{
                  ...bandStyle[band],
                  borderRadius: 6,
                  minHeight: 44,
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: 'center',
                  justifyContent: 'center',
                  outline: band === 'full' ? '2px solid var(--mantine-color-red-9)' : undefined,
                  outlineOffset: 1,
                }}
              >
                <span aria-hidden="true" style={{ fontSize: 10, lineHeight: 1.1 }}>
                  {monthStart
                    ? new Intl.DateTimeFormat(i18n.language, { month: 'short', timeZone: 'UTC' }).format(
                        new Date(Date.UTC(2000, Number(month) - 1, 1)),
                      )
                    : ''}
                </span>
                <span aria-hidden="true" style={{ fontWeight: 700, fontSize: 14, lineHeight: 1.2 }}>
                  {Number(dayOfMonth)}
                  {band === 'full' ? '!' : ''}
                </span>
                <VisuallyHidden>{label}</VisuallyHidden>
              </Box>
            );
          })}
        </Box>
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
