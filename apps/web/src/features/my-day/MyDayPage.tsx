import { Alert, Anchor, Button, Center, Group, Loader, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { browserTimeZone, dayIn } from '@ps/contracts/common/zonedTime';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { IconCalendarTime, IconRefresh, IconWifiOff } from '../../components/icons';
import { useCurrentUser } from '../../lib/currentUser';
import { formatDateTime, formatDay, formatTime } from '../../lib/format';
import { usePageTitle } from '../../lib/pageTitle';
import { toastError } from '../../lib/toast';
import { useAttendanceOf, useDrivers, useMyDay } from './api';
import { ClockCard } from './ClockCard';
import { clockView, dayView } from './optimistic';
import { QueuePanel } from './QueuePanel';
import { type ActionSubject, newActionKey, type QueuedRequest, queueShown } from './queue';
import { TripCard } from './TripCard';
import { addDays, isDay } from './trip';
import { useOnline, useOutbox } from './useOutbox';

const route = getRouteApi('/$companyId/my-day');

/** "14:05" for a copy made today on the company's clock, "9 Mar, 14:05" for an older one. */
function copyTime(instant: string, zone: string, today: string): string {
  return dayIn(zone, instant) === today ? formatTime(instant, zone) : formatDateTime(instant, zone, 'short');
}

/**
 * "My day" (issue 22, section 3): the driver's trips of a day in time order, phone-first and for one hand; their clock at
 * the top; what waits to be sent. It reads the day from the phone's copy first and the API next, so it stays readable
 * without signal (with a banner saying how old the copy is), and every tap goes through the queue (outbox.ts): applied
 * on screen at once, sent in order when the connection allows. An office user picks whose day to read (the API's
 * `driver_id`): a driver's day as the driver sees it.
 */
export function MyDayPage() {
  const { t } = useTranslation();
  usePageTitle(t('myDay.title'));
  const { companyId } = route.useParams();
  const navigate = route.useNavigate();
  // The route has no validateSearch (its parser stays out of the sign-in bundle): the page reads the URL itself.
  const raw = route.useSearch() as Record<string, unknown>;
  const setSearch = (patch: Record<string, string | undefined>) =>
    void navigate({ search: ((previous: Record<string, unknown>) => ({ ...previous, ...patch })) as never, replace: true });

  const user = useCurrentUser();
  const me = user.data;
  const permissions = me?.permissions ?? [];
  const has = (permission: string) => permissions.includes(permission);
  const isDriver = me?.role === 'driver';
  const zone = me?.company_time_zone ?? browserTimeZone();
  const today = dayIn(zone);
  const date = isDay(raw.date) ? raw.date : today;
  const picked = Number(raw.driver);
  const driverId = !isDriver && Number.isInteger(picked) && picked > 0 ? picked : null;
  const readable = isDriver || driverId !== null;

  const online = useOnline();
  const { queue, outbox } = useOutbox(me?.id);
  const day = useMyDay(me?.id, driverId, date, zone, Boolean(me) && readable);
  const clock = useAttendanceOf(me?.id, today, isDriver);
  const drivers = useDrivers(Boolean(me) && !isDriver && has('drivers.view'));

  const view = useMemo(() => (day.data ? dayView(day.data, queue) : null), [day.data, queue]);
  const clockState = useMemo(() => clockView(clock.data ?? null, today, queue), [clock.data, today, queue]);

  const add = (request: QueuedRequest, subject: ActionSubject | null) => {
    if (!outbox) return;
    const kept = outbox.add(request, { key: newActionKey(), madeAt: new Date().toISOString(), subject });
    if (!kept) toastError(t('myDay.queue.notKept'));
  };
  const onClock = (kind: 'clockIn' | 'clockOut') => {
    const at = new Date().toISOString();
    add(kind === 'clockIn' ? { kind, day: today, at } : { kind, day: today, at, attendanceId: clockState.id }, null);
  };
  const refresh = () => {
    void day.refetch();
    if (isDriver) void clock.refetch();
    void outbox?.flush();
  };

  const can = { status: has('trips.status'), movement: has('trips.movement'), handover: has('handovers.create') };
  const choices = [
    { day: addDays(today, -1), label: t('myDay.days.yesterday') },
    { day: today, label: t('myDay.days.today') },
    { day: addDays(today, 1), label: t('myDay.days.tomorrow') },
  ];
  const stale = day.data && (!online || day.isError);

  if (!me) {
    return (
      <Center py="xl" role="status">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }

  return (
    <Stack gap="md" maw={720} w="100%">
      <Title order={1} size="h2">
        {t('myDay.title')}
      </Title>

      {!isDriver ? (
        has('drivers.view') ? (
          <Stack gap={4}>
            <Text size="sm">{t('myDay.whose.hint')}</Text>
            <Select
              label={t('myDay.whose.label')}
              placeholder={t('myDay.whose.placeholder')}
              size="md"
              searchable
              maw={420}
              data={(drivers.data ?? []).map((driver) => ({
                value: String(driver.id),
                label: `${driver.first_name} ${driver.last_name}`.trim(),
              }))}
              value={driverId === null ? null : String(driverId)}
              onChange={(value) => setSearch({ driver: value ?? undefined })}
              nothingFoundMessage={t('common.nothingFound')}
            />
          </Stack>
        ) : (
          <Alert color="blue" variant="light">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('myDay.whose.notDriver')}</Text>
              <Anchor component={Link} to="/$companyId/dispatch" params={{ companyId } as never} fw={600}>
                {t('myDay.whose.openDispatch')}
              </Anchor>
            </Stack>
          </Alert>
        )
      ) : null}

      {isDriver ? <ClockCard view={clockState} zone={zone} onClock={onClock} /> : null}

      {queueShown(queue, online) ? (
        <QueuePanel
          queue={queue}
          online={online}
          zone={zone}
          onSend={() => void outbox?.flush()}
          onDiscard={(key) => outbox?.discard(key)}
          onTryAgain={(key) => outbox?.tryAgain(key)}
        />
      ) : null}

      {readable ? (
        <>
          <SimpleGrid cols={3} spacing="xs" role="group" aria-label={t('myDay.days.label')}>
            {choices.map((choice) => (
              <Button
                key={choice.day}
                size="md"
                px={4}
                className="ps-myday-tap"
                variant={choice.day === date ? 'filled' : 'default'}
                aria-pressed={choice.day === date}
                onClick={() => setSearch({ date: choice.day === today ? undefined : choice.day })}
              >
                {choice.label}
              </Button>
            ))}
          </SimpleGrid>

          {stale && day.data ? (
            <Alert
              color={online ? 'orange' : 'gray'}
              variant="light"
              icon={<IconWifiOff size={20} aria-hidden />}
              role="status"
              data-testid="my-day-offline"
            >
              <Text fw={600} size="sm">
                {t(online ? 'myDay.unreachable' : 'myDay.offline', { time: copyTime(day.data.day.generated_at, zone, today) })}
              </Text>
              {!online ? <Text size="sm">{t('myDay.offlineHint')}</Text> : null}
            </Alert>
          ) : null}

          <Stack gap={4}>
            <Title order={2} size="h4" className="ps-wrap">
              {t('myDay.heading', { day: formatDay(date, 'full') })}
            </Title>
            <Group justify="space-between" align="center" gap="xs" wrap="nowrap">
              <Text size="sm" c="dimmed" className="ps-wrap" data-testid="my-day-updated">
                {view
                  ? [
                      t('myDay.count', { count: view.trips.length }),
                      t('myDay.updated', { time: copyTime(view.generated_at, zone, today) }),
                    ].join(' · ')
                  : null}
              </Text>
              <Button
                size="md"
                variant="default"
                className="ps-myday-tap"
                style={{ flex: 'none' }}
                leftSection={<IconRefresh size={18} aria-hidden />}
                loading={day.isFetching && online}
                onClick={refresh}
              >
                {t('myDay.refresh')}
              </Button>
            </Group>
          </Stack>

          {view ? (
            view.trips.length === 0 ? (
              <Text c="dimmed">{t('myDay.empty')}</Text>
            ) : (
              <Stack gap="sm">
                {view.trips.map((trip) => (
                  <TripCard key={trip.id} trip={trip} zone={view.time_zone} companyId={companyId} can={can} onAct={add} />
                ))}
              </Stack>
            )
          ) : !online ? (
            <Alert color="gray" variant="light" icon={<IconWifiOff size={20} aria-hidden />} role="status">
              {t('myDay.offlineNoCopy')}
            </Alert>
          ) : day.isError ? (
            <Alert color="red" variant="light" role="alert">
              {day.error.message || t('myDay.loadError')}
            </Alert>
          ) : (
            <Center py="xl" role="status">
              <Loader aria-label={t('app.loading')} />
            </Center>
          )}
        </>
      ) : null}

      {isDriver ? (
        <Button
          component={Link}
          to="/$companyId/my-day/days"
          params={{ companyId } as never}
          variant="light"
          size="md"
          className="ps-myday-tap"
          leftSection={<IconCalendarTime size={18} aria-hidden />}
        >
          {t('myDay.moreLink')}
        </Button>
      ) : null}
    </Stack>
  );
}
