import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { AuditChange, Booking, BookingAuditEntity, BookingAuditEntry, BookingStatus, PaymentMethod } from '@ps/contracts';
import { bookingStatuses, paymentMethods } from '@ps/contracts/common/bookingStates';
import { type TripStatus, type TripType, tripScheduleChangeReasons, tripStatuses, tripTypes } from '@ps/contracts/common/tripStates';
import { useTranslation } from 'react-i18next';
import { Section } from '../../components/Section';
import { useCurrentUser } from '../../lib/currentUser';
import { formatDateTime } from '../../lib/i18n';
import { useLocations, usePackages } from './api.choices';
import { useBookingAudit } from './api.ledger';
import { useBookingTrips, useDriverNames, useYards } from './api.trips';
import { useTripText } from './BookingTrips';
import { useBookingText } from './format';

/** On a creation or a deletion, the fields that say what the record was (a booking's page shows the rest). */
const summaryFields: Record<BookingAuditEntity, readonly string[]> = {
  booking: ['total'],
  booking_service: ['name', 'quantity', 'price'],
  payment: ['amount', 'method', 'reference'],
  mail_message: ['to_address', 'subject'],
  // The title names the trip's kind; its ends are a location or a yard each.
  trip: ['from_location_id', 'from_yard_id', 'to_location_id', 'to_yard_id', 'scheduled_at', 'driver_id'],
  trip_movement: ['location_id', 'yard_id', 'moved_at'],
  trip_schedule_change: ['from_at', 'to_at', 'reason', 'unassigned_driver_id'],
  trip_status_correction: ['from_status', 'to_status', 'reason'],
};
/** Bookkeeping that says nothing to an operator. */
const hiddenFields = new Set([
  'id',
  'company_id',
  'booking_id',
  'created_by',
  'deleted_by',
  'idempotency_key',
  'language',
  'trip_id',
  'moved_by',
  'changed_by',
  'changed_at',
]);
const moneyFields = new Set([
  'base_price',
  'package_price',
  'services_price',
  'discount',
  'total',
  'amount',
  'price',
  'unit_price',
  'driver_fee',
]);
const instantFields = new Set([
  'departure_at',
  'arrival_at',
  'paid_at',
  'deleted_at',
  'sent_at',
  'next_attempt_at',
  'shuttle_out_at',
  'shuttle_back_at',
  'scheduled_at',
  'moved_at',
  'from_at',
  'to_at',
]);
const placeFields = new Set(['departure_id', 'arrival_id', 'car_park_id', 'from_location_id', 'to_location_id', 'location_id']);
const yardFields = new Set(['from_yard_id', 'to_yard_id', 'yard_id']);
const driverFields = new Set(['driver_id', 'unassigned_driver_id']);
const tripStatusFields = new Set(['from_status', 'to_status']);

const isStatus = (value: unknown): value is BookingStatus => (bookingStatuses as readonly unknown[]).includes(value);
const isMethod = (value: unknown): value is PaymentMethod => (paymentMethods as readonly unknown[]).includes(value);
const isTripStatus = (value: unknown): value is TripStatus => (tripStatuses as readonly unknown[]).includes(value);
const isTripType = (value: unknown): value is TripType => (tripTypes as readonly unknown[]).includes(value);
const isScheduleReason = (value: unknown): value is (typeof tripScheduleChangeReasons)[number] =>
  (tripScheduleChangeReasons as readonly unknown[]).includes(value);
const isTripEntity = (entity: BookingAuditEntity) => entity.startsWith('trip');

/** The trip an entry is about: the trip itself, or the trip its movement, schedule change or correction names. */
function tripIdOf(entry: BookingAuditEntry): number | null {
  if (entry.entity === 'trip') return entry.entity_id;
  const named = entry.changes.trip_id?.to;
  return isTripEntity(entry.entity) && typeof named === 'number' ? named : null;
}

function fieldsOf(entry: BookingAuditEntry): [string, AuditChange][] {
  const all = Object.entries(entry.changes).filter(([field]) => !hiddenFields.has(field));
  if (entry.action === 'update') return all;
  const wanted = summaryFields[entry.entity];
  // A creation or deletion names what the record was; a field it did not have says nothing.
  const had = (change: AuditChange) => {
    const value = entry.action === 'create' ? change.to : change.from;
    return value !== null && value !== undefined && value !== '';
  };
  // In the order the summary lists them (the log keeps a record's fields in its own order).
  return all
    .filter(([field, change]) => wanted.includes(field) && had(change))
    .sort(([left], [right]) => wanted.indexOf(left) - wanted.indexOf(right));
}

/**
 * Who changed what on the booking, newest first: the booking itself, its service lines, payments, messages and
 * trips (with its car's movements, the times its trips moved by themselves and why, status corrections), each
 * changed field before and after, in the user's language (places, packages and drivers by name, money as money,
 * times at the airport).
 */
export function AuditSection({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  const text = useBookingText();
  const tripText = useTripText();
  const user = useCurrentUser();
  const audit = useBookingAudit(booking.id);
  const permitted = (permission: string) => user.data?.permissions.includes(permission) ?? false;
  // Names of places and packages only for a role that may read them: another role sees their ids, not an error.
  const places = useLocations(booking.airport_id, { enabled: permitted('locations.view') });
  const packages = usePackages(permitted('packages.view'));
  const entries = audit.data ?? [];
  const tripEntries = entries.some((entry) => isTripEntity(entry.entity));
  const trips = useBookingTrips(booking.id, tripEntries && permitted('trips.view'));
  const yards = useYards(tripEntries && permitted('yards.view'));
  const drivers = useDriverNames(tripEntries && permitted('drivers.view'));

  const tripOf = (entry: BookingAuditEntry) => {
    const id = tripIdOf(entry);
    return id === null ? undefined : trips.data?.find((trip) => trip.id === id);
  };
  const driverName = (id: number) => drivers.data?.get(id) ?? trips.data?.find((trip) => trip.driver_id === id)?.driver_name ?? `#${id}`;
  const title = (entry: BookingAuditEntry) => {
    const action = t(`bookings.audit.actions.${entry.entity}.${entry.action}`);
    const trip = tripOf(entry);
    return trip ? t('bookings.audit.onTrip', { action, trip: tripText.type(trip.type) }) : action;
  };
  const label = (field: string) =>
    t(`bookings.audit.fields.${field}`, { defaultValue: t(`bookings.fields.${field}`, { defaultValue: field }) });
  const value = (entry: BookingAuditEntry, field: string, raw: unknown): string => {
    if (raw === null || raw === undefined || raw === '') return '—';
    if (moneyFields.has(field) && typeof raw === 'number') return text.money(raw);
    if (instantFields.has(field) && typeof raw === 'string') return text.time(booking, raw);
    if (isTripEntity(entry.entity)) {
      if ((field === 'status' || tripStatusFields.has(field)) && isTripStatus(raw)) return tripText.status(raw);
      if (field === 'type' && isTripType(raw)) return tripText.type(raw);
      if (field === 'reason' && isScheduleReason(raw)) return t(`bookings.trips.reasons.${raw}`);
      if (driverFields.has(field) && typeof raw === 'number') return driverName(raw);
      if (yardFields.has(field) && typeof raw === 'number') return yards.data?.find((yard) => yard.id === raw)?.name ?? `#${raw}`;
    }
    if (field === 'status' && isStatus(raw)) return text.status(raw);
    if (field === 'method' && isMethod(raw)) return t(`bookings.payments.methods.${raw}`);
    if (field === 'channel' && typeof raw === 'string') return t(`bookings.channels.${raw}`, { defaultValue: raw });
    if (field === 'state' && typeof raw === 'string') return t(`bookings.mail.states.${raw}`, { defaultValue: raw });
    if (placeFields.has(field) && typeof raw === 'number') return places.data?.find((place) => place.id === raw)?.name ?? `#${raw}`;
    if (field === 'package_id' && typeof raw === 'number') return packages.data?.find((pkg) => pkg.id === raw)?.name ?? `#${raw}`;
    return typeof raw === 'object' ? JSON.stringify(raw) : String(raw);
  };

  return (
    <Section title={t('bookings.audit.title')} id="booking-audit">
      {entries.length === 0 ? (
        <Text c="dimmed">{audit.isLoading ? t('app.loading') : t('bookings.audit.none')}</Text>
      ) : (
        <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} data-testid="booking-audit">
          {entries.map((entry) => {
            const fields = fieldsOf(entry);
            return (
              <Paper component="li" key={entry.id} withBorder radius="sm" p="xs" data-testid="booking-audit-entry">
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Text fw={700}>{title(entry)}</Text>
                  <Text size="sm" c="dimmed">
                    {t('bookings.history.byWhen', {
                      who: entry.actor_name ?? t('bookings.history.system'),
                      when: formatDateTime(entry.created_at),
                    })}
                  </Text>
                </Group>
                {fields.length > 0 ? (
                  <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={4} m={0} mt={4}>
                    {fields.map(([field, change]) => (
                      <Stack key={field} gap={0}>
                        <Text component="dt" size="sm" c="dimmed">
                          {label(field)}
                        </Text>
                        <Text component="dd" size="sm" m={0}>
                          {entry.action === 'update' && 'from' in change
                            ? t('bookings.audit.fromTo', { from: value(entry, field, change.from), to: value(entry, field, change.to) })
                            : value(entry, field, entry.action === 'delete' ? change.from : change.to)}
                        </Text>
                      </Stack>
                    ))}
                  </SimpleGrid>
                ) : null}
              </Paper>
            );
          })}
        </Stack>
      )}
    </Section>
  );
}
