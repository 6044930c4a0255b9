import { Alert, Anchor, Badge, Box, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { Booking, BookingStatus, Trip, TripMovement, TripScheduleChange, TripStatus, TripType } from '@ps/contracts';
import { fromZonedLocal, toZonedLocal } from '@ps/contracts/common/zonedTime';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keyboardScrollable } from '../../components/ReferenceSelects';
import { Section } from '../../components/Section';
import { ApiError } from '../../lib/api';
import { useCurrentUser } from '../../lib/currentUser';
import { formatDateTime } from '../../lib/format';
import { translateMessage } from '../../lib/i18n';
import { toastSuccess } from '../../lib/toast';
import { useLocations } from './api.choices';
import { useBookingTrips, useCarPath, useRecordMovement, useTripDetail, useYards } from './api.trips';
import { useBookingText } from './format';

/** Badge colours dark enough for white text (AA), each status its own. */
const tripStatusColors: Record<TripStatus, string> = {
  scheduled: 'gray.7',
  assigned: 'blue.8',
  started: 'violet.9',
  completed: 'teal.9',
  cancelled: 'red.9',
};
/** A trip without a driver, or a driver taken off: what the dispatcher must act on (AA on white). */
const WARNING = 'red.9';

/** Booking statuses that call a booking off before its trips exist. */
const calledOff: readonly BookingStatus[] = ['cancelled', 'no_show'];

/** The API refuses a movement more than 5 minutes ahead of its clock; the form says so before sending. */
const FUTURE_SLACK_MS = 5 * 60_000;

/** Whether the signed-in user holds a permission (the API checks it again). */
function usePermission(permission: string): boolean {
  const user = useCurrentUser();
  return user.data?.permissions.includes(permission) ?? false;
}

/** A trip's words: its kind, its status, on the booking's airport clock. */
export function useTripText() {
  const { t } = useTranslation();
  return {
    type: (type: TripType) => t(`bookings.trips.types.${type}`),
    status: (status: TripStatus) => t(`bookings.trips.statuses.${status}`),
  };
}

export function TripStatusBadge({ status }: { status: TripStatus }) {
  const text = useTripText();
  return (
    <Badge
      color={tripStatusColors[status]}
      variant="filled"
      tt="none"
      size="md"
      data-testid="trip-status"
      styles={{ root: { height: 'auto', maxWidth: '100%' }, label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.4 } }}
    >
      {text.status(status)}
    </Badge>
  );
}

/**
 * The booking's trips and its car's path (issue 8, section 3), for those who may see trips: each trip with its
 * time on the airport's clock, its ends, status and driver, and the times it moved by itself (why, and a driver
 * taken off); the car's movements in order, and a form that records where the car is now. A meet-and-greet
 * booking without trips says why; any other booking without trips shows nothing here.
 */
export function TripsAndPath({ booking, companyId }: { booking: Booking; companyId: string }) {
  const canView = usePermission('trips.view');
  const canMove = usePermission('trips.movement');
  const meetAndGreet = booking.type === 'meet_and_greet';
  const trips = useBookingTrips(booking.id, canView);
  const rows = trips.data ?? [];
  const path = useCarPath(booking.id, canView && rows.length > 0);
  if (!canView) return null;
  if (!meetAndGreet && rows.length === 0) return null;
  if (rows.length === 0) return <TripsSection booking={booking} companyId={companyId} trips={rows} loading={trips.isLoading} />;
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <TripsSection booking={booking} companyId={companyId} trips={rows} loading={false} />
      <PathSection booking={booking} trips={rows} movements={path.data ?? []} loading={path.isLoading} canMove={canMove} />
    </SimpleGrid>
  );
}

function TripsSection({ booking, companyId, trips, loading }: { booking: Booking; companyId: string; trips: Trip[]; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <Section
      title={t('bookings.trips.title')}
      id="booking-trips"
      actions={
        // The dispatch screen plans and assigns every trip of a day.
        <Anchor href={`/${companyId}/dispatch`} size="sm" py={4}>
          {t('bookings.trips.openDispatch')}
        </Anchor>
      }
    >
      {trips.length === 0 ? (
        <Text c="dimmed" data-testid="booking-trips-none">
          {loading ? t('app.loading') : t(`bookings.trips.none.${whyNoTrips(booking)}`)}
        </Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} data-testid="booking-trips">
          {trips.map((trip) => (
            <TripCard key={trip.id} booking={booking} trip={trip} />
          ))}
        </Stack>
      )}
    </Section>
  );
}

/** Why a meet-and-greet booking has no trips: not confirmed yet, called off first, or nowhere to take the car. */
function whyNoTrips(booking: Booking): 'pending' | 'calledOff' | 'noPlace' {
  if (booking.status === 'pending') return 'pending';
  if (calledOff.includes(booking.status)) return 'calledOff';
  return 'noPlace';
}

function TripCard({ booking, trip }: { booking: Booking; trip: Trip }) {
  const { t } = useTranslation();
  const text = useBookingText();
  const tripText = useTripText();
  const detail = useTripDetail(booking.id, trip.id);
  const changes = detail.data?.schedule_changes ?? [];
  const headingId = `trip-${trip.id}`;
  return (
    <Paper component="li" withBorder radius="sm" p="sm" aria-labelledby={headingId} data-testid="booking-trip">
      {/* On a phone a long status goes under the trip's name rather than squeezing it. */}
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Stack gap={2} miw={0}>
          <Title order={3} size="h5" id={headingId}>
            {tripText.type(trip.type)}
          </Title>
          <Text fw={600} data-testid="trip-time">
            {text.time(booking, trip.scheduled_at)}
          </Text>
        </Stack>
        <TripStatusBadge status={trip.status} />
      </Group>
      <Text mt={4}>{t('bookings.trips.route', { from: trip.from_name, to: trip.to_name })}</Text>
      <Text size="sm" mt={2}>
        {t('bookings.trips.driver')}:{' '}
        {trip.driver_name ? (
          <Text span size="sm" fw={600}>
            {trip.driver_name}
          </Text>
        ) : (
          <Text span size="sm" fw={600} c={WARNING}>
            {t('bookings.trips.unassigned')}
          </Text>
        )}
      </Text>
      {changes.length > 0 ? <ScheduleChanges booking={booking} changes={changes} /> : null}
    </Paper>
  );
}

/** The times the trip moved by itself, oldest first: old → new, why, who and when, and a driver taken off. */
function ScheduleChanges({ booking, changes }: { booking: Booking; changes: TripScheduleChange[] }) {
  const { t } = useTranslation();
  const text = useBookingText();
  return (
    <Box mt="sm">
      <Text component="h4" size="sm" fw={700} m={0}>
        {t('bookings.trips.changesTitle')}
      </Text>
      <Stack component="ol" gap={6} p={0} m={0} mt={4} style={{ listStyle: 'none' }} data-testid="trip-schedule-changes">
        {changes.map((change) => (
          <Box
            component="li"
            key={change.id}
            pl="xs"
            style={{ borderLeft: '3px solid var(--mantine-color-gray-4)' }}
            data-testid="trip-schedule-change"
          >
            <Text size="sm" fw={600}>
              {t('bookings.trips.changeTimes', {
                from: text.time(booking, change.from_at),
                to: text.time(booking, change.to_at),
              })}
            </Text>
            <Text size="sm">{t(`bookings.trips.reasons.${change.reason}`)}</Text>
            <Text size="sm" c="dimmed">
              {t('bookings.history.byWhen', {
                who:
                  change.changed_by_name ??
                  (change.reason === 'booking_changed' ? t('bookings.history.system') : t('bookings.trips.flightNews')),
                when: formatDateTime(change.changed_at),
              })}
            </Text>
            {change.unassigned_driver_id !== null ? (
              <Text size="sm" c={WARNING} fw={600}>
                {t(change.reason === 'driver_not_eligible' ? 'bookings.trips.driverNotEligible' : 'bookings.trips.driverTakenOff', {
                  driver: change.unassigned_driver_name ?? `#${change.unassigned_driver_id}`,
                })}
              </Text>
            ) : null}
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

function PathSection({
  booking,
  trips,
  movements,
  loading,
  canMove,
}: {
  booking: Booking;
  trips: Trip[];
  movements: TripMovement[];
  loading: boolean;
  canMove: boolean;
}) {
  const { t } = useTranslation();
  const text = useBookingText();
  const tripText = useTripText();
  return (
    <Section title={t('bookings.trips.path.title')} id="booking-path">
      <Stack gap="md">
        {movements.length === 0 ? (
          <Text c="dimmed">{loading ? t('app.loading') : t('bookings.trips.path.none')}</Text>
        ) : (
          <Box component="ol" m={0} p={0} style={{ listStyle: 'none' }} data-testid="car-path">
            {movements.map((movement, index) => {
              const latest = index === movements.length - 1;
              return (
                <Box component="li" key={movement.id} pos="relative" pl={34} pb={latest ? 0 : 'md'} data-testid="car-path-step">
                  {latest ? null : (
                    // The line down to the next place.
                    <Box aria-hidden pos="absolute" left={9} top={22} bottom={0} w={2} bg="gray.5" />
                  )}
                  <Box
                    aria-hidden
                    pos="absolute"
                    left={1}
                    top={3}
                    w={18}
                    h={18}
                    style={{
                      borderRadius: '50%',
                      border: '3px solid var(--mantine-color-blue-8)',
                      background: latest ? 'var(--mantine-color-blue-8)' : 'var(--mantine-color-white)',
                    }}
                  />
                  <Group gap="xs" wrap="wrap">
                    <Text fw={700} data-testid="car-path-place">
                      {movement.place_name}
                    </Text>
                    {latest ? (
                      <Badge
                        color="blue.8"
                        variant="outline"
                        tt="none"
                        styles={{ root: { height: 'auto' }, label: { whiteSpace: 'normal' } }}
                      >
                        {t('bookings.trips.path.latest')}
                      </Badge>
                    ) : null}
                  </Group>
                  <Text size="sm">
                    {t('bookings.trips.path.when', {
                      time: text.time(booking, movement.moved_at),
                      trip: tripText.type(movement.trip_type),
                    })}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('bookings.trips.path.by', { who: movement.moved_by_name ?? t('bookings.history.system') })}
                  </Text>
                </Box>
              );
            })}
          </Box>
        )}
        {canMove ? <MovementForm booking={booking} trips={trips} /> : null}
      </Stack>
    </Section>
  );
}

type MovementField = 'trip' | 'place' | 'time';
type MovementErrors = Partial<Record<MovementField, string>>;

/** The trip a movement most likely belongs to: the one under way, else the next open one, else the last done. */
function likelyTrip(trips: Trip[]): Trip | undefined {
  return (
    trips.find((trip) => trip.status === 'started') ??
    trips.find((trip) => trip.status === 'scheduled' || trip.status === 'assigned') ??
    trips.at(-1)
  );
}

/** The API's per-field refusals, in the user's language, on the form's fields. */
function movementErrorsOf(error: unknown): MovementErrors | null {
  if (!(error instanceof ApiError) || error.details.length === 0) return null;
  const fields: Record<string, MovementField> = { trip_id: 'trip', location_id: 'place', yard_id: 'place', moved_at: 'time' };
  const errors: MovementErrors = {};
  for (const detail of error.details) {
    const field = fields[detail.field];
    if (!field) continue;
    const known = translateMessage(detail.code);
    errors[field] = known && known !== detail.code ? known : detail.message;
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/**
 * "Record where the car is": the trip, the place (a location of the booking's airport or a yard) and the time on
 * the airport's clock. The time shows now and follows the clock until it is changed; left alone, the API stamps
 * the movement with its own now.
 */
function MovementForm({ booking, trips }: { booking: Booking; trips: Trip[] }) {
  const { t } = useTranslation();
  const text = useBookingText();
  const tripText = useTripText();
  const record = useRecordMovement(booking.id);
  const locations = useLocations(booking.airport_id);
  const yards = useYards(usePermission('yards.view'));
  // A cancelled trip takes no movement, nor a paid one: the API would refuse them.
  const open = trips.filter((trip) => trip.status !== 'cancelled' && trip.payout_id === null);
  const [tripId, setTripId] = useState<string | null>(null);
  const [place, setPlace] = useState<string | null>(null);
  const [time, setTime] = useState<string | null>(null);
  const [now, setNow] = useState(() => toZonedLocal(new Date(), booking.airport_time_zone));
  const [errors, setErrors] = useState<MovementErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);

  // The shown "now" follows the clock while the time is left alone.
  useEffect(() => {
    if (time !== null) return;
    const timer = window.setInterval(() => setNow(toZonedLocal(new Date(), booking.airport_time_zone)), 30_000);
    return () => window.clearInterval(timer);
  }, [time, booking.airport_time_zone]);

  const chosenTrip = open.find((trip) => String(trip.id) === tripId) ?? likelyTrip(open);
  if (open.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t('bookings.trips.path.noOpenTrip')}
      </Text>
    );
  }

  const placeData = [
    {
      group: t('bookings.trips.path.locationsAt', { airport: booking.airport_iata_code }),
      items: (locations.data ?? []).map((location) => ({ value: `location:${location.id}`, label: location.name })),
    },
    {
      group: t('bookings.trips.path.yards'),
      items: (yards.data ?? []).filter((yard) => yard.status === 1).map((yard) => ({ value: `yard:${yard.id}`, label: yard.name })),
    },
  ].filter((group) => group.items.length > 0);
  const placeName = (value: string) => placeData.flatMap((group) => group.items).find((item) => item.value === value)?.label ?? value;

  const submit = () => {
    const problems: MovementErrors = {};
    if (!chosenTrip) problems.trip = t('bookings.trips.path.chooseTrip');
    if (!place) problems.place = t('bookings.trips.path.choosePlace');
    const movedAt = time === null ? undefined : fromZonedLocal(time, booking.airport_time_zone);
    if (time !== null && !movedAt) problems.time = t('bookings.trips.path.timeInvalid');
    if (movedAt && Date.parse(movedAt) > Date.now() + FUTURE_SLACK_MS) problems.time = t('bookings.trips.path.timeFuture');
    setErrors(problems);
    setRefusal(null);
    if (!chosenTrip || !place || Object.keys(problems).length > 0) return;
    const [kind, id] = place.split(':');
    record.mutate(
      {
        trip_id: chosenTrip.id,
        ...(kind === 'yard' ? { yard_id: Number(id) } : { location_id: Number(id) }),
        ...(movedAt ? { moved_at: movedAt } : {}),
      },
      {
        onSuccess: (movement) => {
          toastSuccess(t('bookings.trips.path.recorded', { place: movement.place_name || placeName(place) }));
          setPlace(null);
          setTime(null);
          setNow(toZonedLocal(new Date(), booking.airport_time_zone));
        },
        onError: (error) => {
          const fields = movementErrorsOf(error);
          if (fields) setErrors(fields);
          // Anything not about one field (a cancelled or paid trip, a lost connection) is said above the button.
          else if (error instanceof ApiError) setRefusal(error.handled ? null : error.message);
          else setRefusal(t('app.errors.unexpected'));
        },
      },
    );
  };

  return (
    <form
      aria-labelledby="booking-path-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm" pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Title order={3} size="h5" id="booking-path-form">
          {t('bookings.trips.path.formTitle')}
        </Title>
        <Group gap="sm" align="flex-start" wrap="wrap">
          <Select
            label={t('bookings.trips.path.trip')}
            data={open.map((trip) => ({
              value: String(trip.id),
              label: t('bookings.trips.path.tripOption', { type: tripText.type(trip.type), time: text.time(booking, trip.scheduled_at) }),
            }))}
            value={chosenTrip ? String(chosenTrip.id) : null}
            onChange={(value) => {
              setTripId(value);
              setErrors((current) => ({ ...current, trip: undefined }));
            }}
            allowDeselect={false}
            required
            error={errors.trip}
            style={{ flex: '1 1 220px' }}
            {...keyboardScrollable}
          />
          <Select
            label={t('bookings.trips.path.place')}
            placeholder={t('bookings.trips.path.choosePlace')}
            data={placeData}
            value={place}
            onChange={(value) => {
              setPlace(value);
              setErrors((current) => ({ ...current, place: undefined }));
            }}
            searchable
            nothingFoundMessage={t('bookings.trips.path.noPlace')}
            required
            error={errors.place}
            style={{ flex: '1 1 220px' }}
            {...keyboardScrollable}
          />
          <TextInput
            type="datetime-local"
            label={t('bookings.trips.path.time')}
            description={t('bookings.trips.path.timeHint', { zone: booking.airport_time_zone })}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            value={time ?? now}
            max={now}
            onChange={(event) => {
              setTime(event.currentTarget.value || null);
              setErrors((current) => ({ ...current, time: undefined }));
            }}
            error={errors.time}
            style={{ flex: '1 1 200px' }}
          />
        </Group>
        {refusal ? (
          <Alert color="red" variant="light" role="alert" data-testid="movement-refused">
            {refusal}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={record.isPending} className="ps-primary-action">
            {t('bookings.trips.path.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
