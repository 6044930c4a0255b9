import { Badge, Button, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import type { BookingStatus } from '@ps/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../lib/currentUser';
import { useLiveEvents } from '../../lib/liveEvents';
import { usePageTitle } from '../../lib/pageTitle';
import { dashboardKeys, POLL_MS, useHeadline, useStatusOptions } from './api';
import { Board } from './Board';
import { SegmentCharts } from './Charts';
import { todayIn } from './dates';
import { ExpiringDocuments } from './ExpiringDocuments';
import { CarParkLoads, Figures } from './Figures';
import { OccupancyCalendar } from './Occupancy';
import { SetupChecklist } from './SetupChecklist';

const route = getRouteApi('/$companyId/dashboard');

/**
 * The first screen after sign-in for those who see statistics: today's figures, the IN and OUT boards with
 * one-click check-in and check-out, car park loads, charts and the occupancy calendar. Every figure is of the
 * company's day. A live stream refetches them on each booking change; while it is down they poll.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  usePageTitle(t('dashboard.title'));
  const { companyId } = route.useParams();
  const user = useCurrentUser();
  const timeZone = user.data?.company_time_zone ?? undefined;
  const today = todayIn(timeZone);
  const [chosenDate, setChosenDate] = useState<string | null>(null);
  const date = chosenDate ?? today;

  const queryClient = useQueryClient();
  const liveState = useLiveEvents(() => void queryClient.invalidateQueries({ queryKey: dashboardKeys.all }));
  const live = liveState === 'live';
  // Whatever changed while the stream was down is read again once it is back; its first connection follows the
  // page's own first reads, so nothing is read twice on opening the page.
  const wasDown = useRef(false);
  useEffect(() => {
    if (liveState === 'down') wasDown.current = true;
    if (liveState === 'live' && wasDown.current) {
      wasDown.current = false;
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    }
  }, [liveState, queryClient]);
  const pollMs = live ? false : POLL_MS;

  const headline = useHeadline({ timeZone, pollMs });
  const statuses = useStatusOptions();
  const statusLabel = (status: BookingStatus) => statuses.data?.find((option) => option.value === status)?.label ?? status;

  if (!user.data) return null;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {t('dashboard.title')}
        </Title>
        <Badge
          role="status"
          variant="dot"
          color={live ? 'green' : 'gray'}
          size="lg"
          tt="none"
          data-testid="live-state"
          data-live={live ? 'true' : 'false'}
        >
          {live ? t('dashboard.live.on') : t('dashboard.live.polling', { seconds: POLL_MS / 1000 })}
        </Badge>
      </Group>

      <SetupChecklist companyId={companyId} userId={user.data.id} />
      <Figures headline={headline.data} />

      <Stack gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            type="date"
            size="md"
            label={t('dashboard.board.date')}
            value={date}
            onChange={(event) => setChosenDate(event.currentTarget.value || null)}
            style={{ flex: '0 1 220px' }}
          />
          {date !== today ? (
            <Button variant="default" size="md" onClick={() => setChosenDate(null)}>
              {t('dashboard.board.today')}
            </Button>
          ) : null}
        </Group>
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <Board type="in" date={date} timeZone={timeZone} pollMs={pollMs} companyId={companyId} statusLabel={statusLabel} />
          <Board type="out" date={date} timeZone={timeZone} pollMs={pollMs} companyId={companyId} statusLabel={statusLabel} />
        </SimpleGrid>
      </Stack>

      <CarParkLoads headline={headline.data} companyId={companyId} />
      {user.data.permissions.includes('drivers.view') ? <ExpiringDocuments companyId={companyId} timeZone={timeZone} /> : null}
      {/* The charts and the calendar are the page's heaviest drawing: they start once the figures are in, so a slow
          phone paints the figures first instead of after them (issue 20, section 7). */}
      {headline.isFetched ? (
        <>
          <SegmentCharts timeZone={timeZone} pollMs={pollMs} />
          <OccupancyCalendar from={today} timeZone={timeZone} pollMs={pollMs} />
        </>
      ) : null}
    </Stack>
  );
}
