import { Anchor, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { HeadlineStatistics } from '@ps/contracts';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/currentUser';
import { useSeesMoney } from '../../lib/finance';
import { formatMoney, formatNumber } from '../../lib/format';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2} c="var(--ps-color-title)" data-testid={`${testId}-value`}>
        {value}
      </Text>
    </Paper>
  );
}

/** The headline figures of the company's today and month. */
export function Figures({ headline }: { headline: HeadlineStatistics | undefined }) {
  const { t } = useTranslation();
  const number = (value: number | undefined) => (value === undefined ? '…' : formatNumber(value));
  // Revenue only for a role that may see money (the API sends it null otherwise).
  const seesMoney = useSeesMoney();
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" aria-live="polite">
      <Figure testId="figure-in" label={t('dashboard.figures.todayIn')} value={number(headline?.today_in)} />
      <Figure testId="figure-out" label={t('dashboard.figures.todayOut')} value={number(headline?.today_out)} />
      <Figure testId="figure-on-site" label={t('dashboard.figures.onSite')} value={number(headline?.on_site_now)} />
      <Figure testId="figure-month-bookings" label={t('dashboard.figures.monthBookings')} value={number(headline?.month_bookings)} />
      {seesMoney ? (
        <Figure
          testId="figure-month-revenue"
          label={t('dashboard.figures.monthRevenue')}
          value={headline?.month_revenue != null ? formatMoney(headline.month_revenue, headline.currency) : '…'}
        />
      ) : null}
    </SimpleGrid>
  );
}

/** How many cars are on site now in each car park, against its capacity; none yet leads to adding one. */
export function CarParkLoads({ headline, companyId }: { headline: HeadlineStatistics | undefined; companyId: string }) {
  const { t } = useTranslation();
  const can = useCan();
  if (!headline) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="car-parks-title">
      <Title order={2} size="h3" id="car-parks-title">
        {t('dashboard.carParks.title')}
      </Title>
      {headline.car_parks.length === 0 ? (
        <Text>
          {t('dashboard.carParks.none')}{' '}
          {can('locations.create') ? (
            <Anchor component={Link} to={`/${companyId}/locations/new`} fw={600}>
              {t('dashboard.carParks.add')}
            </Anchor>
          ) : null}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {headline.car_parks.map((carPark) => {
            const share = carPark.capacity > 0 ? Math.min(100, (carPark.on_site_now / carPark.capacity) * 100) : 0;
            const text = t('dashboard.carParks.onSite', {
              count: carPark.on_site_now,
              onSite: formatNumber(carPark.on_site_now),
              capacity: formatNumber(carPark.capacity),
            });
            return (
              <Paper key={carPark.id} withBorder radius="md" p="md" data-testid="car-park-load">
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Text fw={700}>{carPark.name}</Text>
                  <Text size="sm">{text}</Text>
                </Group>
                <Progress
                  mt="xs"
                  size="lg"
                  value={share}
                  color={share >= 100 ? 'red.8' : share >= 80 ? 'orange.7' : 'teal.7'}
                  aria-label={`${carPark.name}: ${text}`}
                />
                <Text size="sm" c="dimmed" mt={4}>
                  {t('dashboard.carParks.bookedToday', { booked: formatNumber(carPark.booked_today) })}
                </Text>
              </Paper>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}
