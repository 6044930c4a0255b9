import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TripStatus } from '@ps/contracts';
import type { MyDayPlace } from '@ps/contracts/myDay';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconCar, IconCheck, IconCloudUpload, IconDoorExit, IconFlag, IconMapPin, IconPhone, IconPlayerPlay } from '../../components/icons';
import { formatTime } from '../../lib/format';
import type { TripView } from './optimistic';
import type { ActionSubject, QueuedRequest } from './queue';
import { carLine, fetchFrom, flightNews, handoverDue, mapLink, movementPlaces, telLink, tripActions, tripTask } from './trip';
import { useTapGuard } from './useTapGuard';

const statusColours: Record<TripStatus, string> = {
  scheduled: 'gray',
  assigned: 'blue',
  started: 'orange',
  completed: 'green',
  cancelled: 'red',
};

export interface TripCardCan {
  /** Start and complete (`trips.status`). */
  status: boolean;
  /** Record where the car is (`trips.movement`). */
  movement: boolean;
  /** Open the handover screen (`handovers.create`). */
  handover: boolean;
}

interface TripCardProps {
  trip: TripView;
  zone: string;
  companyId: string;
  can: TripCardCan;
  onAct: (request: QueuedRequest, subject: ActionSubject) => void;
}

/** A labelled fact of the trip (a `dt`/`dd` pair of the card's list). */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** A place the trip goes from or to: its name as a link to the map (when it has coordinates or an address). */
function PlaceLink({ place }: { place: MyDayPlace | null }) {
  const { t } = useTranslation();
  if (!place) return <Text span>—</Text>;
  const href = mapLink(place);
  return (
    <Stack gap={2} align="flex-start">
      {href ? (
        <Button
          component="a"
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          variant="light"
          size="md"
          className="ps-myday-tap ps-myday-start"
          leftSection={<IconMapPin size={18} aria-hidden />}
          aria-label={t('myDay.trip.openMap', { place: place.name })}
          maw="100%"
        >
          {place.name}
        </Button>
      ) : (
        <Text fw={600}>{place.name}</Text>
      )}
      {place.address ? (
        <Text size="sm" c="dimmed" className="ps-wrap">
          {place.address}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * One trip of the driver's day, in their words: when, what to do where, whom to call, the flight's news, the way (with
 * map links), the car and where to fetch it; then what they may do with it now, in big buttons for one hand. An action
 * goes into the queue (shown at once, sent when it can be) and the focus moves to the card's title, since the button
 * tapped gives way to the next step's.
 */
export function TripCard({ trip, zone, companyId, can, onAct }: TripCardProps) {
  const { t } = useTranslation();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [choosingPlace, setChoosingPlace] = useState(false);
  const time = formatTime(trip.scheduled_at, zone);
  const task = tripTask(trip);
  const title =
    task.key === 'shuttle'
      ? t('myDay.kind.shuttle')
      : task.place
        ? t(`myDay.kind.${task.key}`, { place: task.place })
        : t(`myDay.kind.${task.key}Nowhere`);
  const name = trip.booking_reference ?? t('myDay.kind.shuttle');
  const named = { time, name };
  const titleId = `my-trip-${trip.id}-title`;
  const subject: ActionSubject = { scheduledAt: trip.scheduled_at, reference: trip.booking_reference, type: trip.type };
  const allowed = tripActions(trip);
  const handover = can.handover ? handoverDue(trip) : null;
  const phone = telLink(trip.customer_phone);
  const news = flightNews(trip);
  const fetch = fetchFrom(trip);
  const car = carLine(trip);

  const { resting, guard } = useTapGuard();
  const act = (request: QueuedRequest) =>
    guard(() => {
      onAct(request, subject);
      setChoosingPlace(false);
      titleRef.current?.focus();
    });

  const newsText = (() => {
    if (!news) return null;
    const at = news.at ? formatTime(news.at, zone) : null;
    if (news.key === 'landed') return at ? t('myDay.trip.news.landedAt', { time: at }) : t('myDay.trip.news.landed');
    if (news.key === 'delayed') return at ? t('myDay.trip.news.delayedTo', { time: at }) : t('myDay.trip.news.delayed');
    if (news.key === 'expected') return t('myDay.trip.news.expected', { time: at ?? '' });
    return t('myDay.trip.news.cancelled');
  })();
  const fetchText = fetch ? [fetch.where, fetch.key ? t('myDay.trip.key', { key: fetch.key }) : null].filter(Boolean).join(' · ') : null;

  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      aria-labelledby={titleId}
      data-testid="my-trip"
      data-trip-id={trip.id}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Text className="ps-myday-time" data-testid="my-trip-time">
            {time}
          </Text>
          <Stack gap={4} align="flex-end" className="ps-wrap">
            <Badge variant="dot" color={statusColours[trip.status]} size="lg" tt="none" maw="100%" data-status={trip.status}>
              {t(`myDay.status.${trip.status}`)}
            </Badge>
            {trip.pending ? (
              <Badge
                color="yellow.3"
                autoContrast
                size="md"
                tt="none"
                maw="100%"
                leftSection={<IconCloudUpload size={14} aria-hidden />}
                data-testid="my-trip-waiting"
              >
                {t('myDay.trip.waiting')}
              </Badge>
            ) : null}
          </Stack>
        </Group>
        <Title order={3} size="h4" id={titleId} ref={titleRef} tabIndex={-1} className="ps-wrap">
          {title}
        </Title>
        {trip.booking_reference || trip.passengers ? (
          <Text size="sm" c="dimmed">
            {[
              trip.booking_reference ? t('myDay.trip.booking', { reference: trip.booking_reference }) : null,
              trip.passengers ? t('myDay.trip.passengers', { count: trip.passengers }) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        ) : null}

        <dl className="ps-myday-facts">
          {trip.customer_name || trip.customer_phone ? (
            <Fact label={t('myDay.trip.customer')}>
              <Stack gap={4} align="flex-start">
                {trip.customer_name ? <Text fw={600}>{trip.customer_name}</Text> : null}
                {phone ? (
                  <Button
                    component="a"
                    href={phone}
                    color="teal.9"
                    size="md"
                    className="ps-myday-tap"
                    leftSection={<IconPhone size={18} aria-hidden />}
                  >
                    {t('myDay.trip.call', { phone: trip.customer_phone ?? '' })}
                  </Button>
                ) : trip.customer_phone ? (
                  <Text>{trip.customer_phone}</Text>
                ) : null}
              </Stack>
            </Fact>
          ) : null}
          {trip.flight ? (
            <Fact label={t('myDay.trip.flight')}>
              <Text span fw={600}>
                {trip.flight}
              </Text>
              {newsText ? (
                <Text
                  span
                  fw={600}
                  c={news?.key === 'delayed' || news?.key === 'cancelled' ? 'red.9' : 'teal.9'}
                  data-testid="my-trip-news"
                >
                  {' · '}
                  {newsText}
                </Text>
              ) : null}
            </Fact>
          ) : null}
          <Fact label={t('myDay.trip.from')}>
            <PlaceLink place={trip.from} />
          </Fact>
          <Fact label={t('myDay.trip.to')}>
            <PlaceLink place={trip.to} />
          </Fact>
          {car ? (
            <Fact label={t('myDay.trip.car')}>
              <Text span fw={600}>
                {car}
              </Text>
            </Fact>
          ) : null}
          {fetchText ? (
            <Fact label={t('myDay.trip.fetch')}>
              <Text span fw={600} data-testid="my-trip-fetch">
                {fetchText}
              </Text>
            </Fact>
          ) : null}
          {trip.notes ? (
            <Fact label={t('myDay.trip.notes')}>
              <Text span style={{ whiteSpace: 'pre-line' }}>
                {trip.notes}
              </Text>
            </Fact>
          ) : null}
        </dl>
        {trip.lastMove ? (
          <Text size="sm" data-testid="my-trip-moved">
            {t('myDay.trip.lastMove', { place: trip.lastMove.placeName, time: formatTime(trip.lastMove.movedAt, zone) })}
          </Text>
        ) : null}

        <Stack gap="xs">
          {handover && trip.booking_id !== null ? (
            <Button
              component={Link}
              to="/$companyId/bookings/$bookingId/handover"
              params={{ companyId, bookingId: String(trip.booking_id) } as never}
              search={{ kind: handover } as never}
              size="lg"
              variant="outline"
              color={handover === 'check_in' ? undefined : 'teal.9'}
              fullWidth
              className="ps-myday-tap"
              leftSection={handover === 'check_in' ? <IconCheck size={20} aria-hidden /> : <IconDoorExit size={20} aria-hidden />}
            >
              {t(`myDay.trip.handover.${handover}`)}
            </Button>
          ) : null}
          {can.status && allowed.start ? (
            <Button
              size="lg"
              fullWidth
              className="ps-myday-tap"
              leftSection={<IconPlayerPlay size={20} aria-hidden />}
              aria-label={t('myDay.trip.startNamed', named)}
              disabled={resting}
              onClick={() => act({ kind: 'tripStatus', tripId: trip.id, status: 'started', at: new Date().toISOString() })}
            >
              {t('myDay.trip.start')}
            </Button>
          ) : null}
          {can.status && allowed.complete ? (
            <Button
              size="lg"
              fullWidth
              color="green.9"
              className="ps-myday-tap"
              leftSection={<IconFlag size={20} aria-hidden />}
              aria-label={t('myDay.trip.completeNamed', named)}
              disabled={resting}
              onClick={() => act({ kind: 'tripStatus', tripId: trip.id, status: 'completed', at: new Date().toISOString() })}
            >
              {t('myDay.trip.complete')}
            </Button>
          ) : null}
          {can.movement && allowed.move ? (
            <Button
              size="lg"
              fullWidth
              variant="default"
              className="ps-myday-tap"
              leftSection={<IconCar size={20} aria-hidden />}
              aria-label={t('myDay.trip.moveNamed', named)}
              aria-expanded={choosingPlace}
              aria-controls={choosingPlace ? `${titleId}-places` : undefined}
              disabled={resting}
              onClick={() => setChoosingPlace((open) => !open)}
            >
              {t('myDay.trip.move')}
            </Button>
          ) : null}
          {can.movement && allowed.move && choosingPlace ? (
            <Paper withBorder radius="md" p="sm" bg="gray.0" role="group" id={`${titleId}-places`} aria-labelledby={`${titleId}-where`}>
              <Stack gap="xs">
                <Text fw={600} id={`${titleId}-where`}>
                  {t('myDay.trip.moveTitle')}
                </Text>
                {movementPlaces(trip).map((place) => (
                  <Button
                    key={`${place.kind}-${place.id}`}
                    size="lg"
                    fullWidth
                    className="ps-myday-tap"
                    leftSection={<IconMapPin size={20} aria-hidden />}
                    disabled={resting}
                    onClick={() =>
                      act({
                        kind: 'movement',
                        tripId: trip.id,
                        place: { kind: place.kind, id: place.id, name: place.name },
                        movedAt: new Date().toISOString(),
                      })
                    }
                  >
                    {t('myDay.trip.moveAt', { place: place.name })}
                  </Button>
                ))}
                <Button size="lg" fullWidth variant="subtle" className="ps-myday-tap" onClick={() => setChoosingPlace(false)}>
                  {t('myDay.trip.moveCancel')}
                </Button>
              </Stack>
            </Paper>
          ) : null}
        </Stack>
      </Stack>
    </Paper>
  );
}
