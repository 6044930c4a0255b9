import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { AuditChange, Booking, BookingAuditEntity, BookingAuditEntry, BookingStatus, PaymentMethod } from '@ps/contracts';
import { auditFieldPresentation, isInternalAuditField } from '@ps/contracts/audit.fields';
import { bookingStatuses, paymentMethods } from '@ps/contracts/common/bookingStates';
import { type TripStatus, type TripType, tripScheduleChangeReasons, tripStatuses, tripTypes } from '@ps/contracts/common/tripStates';
import { useTranslation } from 'react-i18next';
import { Section } from '../../components/Section';
import { useCurrentUser } from '../../lib/currentUser';
import { formatDateTime } from '../../lib/format';
import { useBookingAudit } from './api.ledger';
import { useBookingTrips } from './api.trips';
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
/**
 * Said elsewhere on a booking's trail: the booking it is (this page's), the trip (named in the entry's title), a message's
 * language. The contracts' presentation (audit.fields.ts) hides the bookkeeping every reader leaves out.
 */
const saidElsewhere = new Set(['booking_id', 'trip_id', 'language']);
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
  const all = Object.entries(entry.changes).filter(([field]) => !saidElsewhere.has(field) && !isInternalAuditField(entry.entity, field));
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
 * changed field before and after, in the user's language: places, packages, yards and drivers by the names the API
 * gives (whatever the reader's role may read), money as money, the booking's times at the airport as its page shows
 * them, and when each change was made on the company's clock.
 */
export function AuditSection({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  const text = useBookingText();
  const tripText = useTripText();
  const user = useCurrentUser();
  const audit = useBookingAudit(booking.id);
  const permitted = (permission: string) => user.data?.permissions.includes(permission) ?? false;
  const companyZone = user.data?.company_time_zone ?? booking.airport_time_zone;
  const entries = audit.data ?? [];
  const tripEntries = entries.some((entry) => isTripEntity(entry.entity));
  // The trip's kind for an entry's title, for a role that may read trips.
  const trips = useBookingTrips(booking.id, tripEntries && permitted('trips.view'));

  const when = (instant: string) => formatDateTime(instant, companyZone);
  const whoOf = (entry: BookingAuditEntry) => entry.actor_name ?? t('bookings.history.system');
  const tripOf = (entry: BookingAuditEntry) => {
    const id = tripIdOf(entry);
    return id === null ? undefined : trips.data?.find((trip) => trip.id === id);
  };
  const title = (entry: BookingAuditEntry) => {
    const action = t(`bookings.audit.actions.${entry.entity}.${entry.action}`);
    const trip = tripOf(entry);
    return trip ? t('bookings.audit.onTrip', { action, trip: tripText.type(trip.type) }) : action;
  };
  // The trail's own words first, then the contracts' label of the field (audit.fields), then the booking form's.
  const label = (field: string) =>
    t(`bookings.audit.fields.${field}`, {
      defaultValue: t(`audit.fields.${field}`, { defaultValue: t(`bookings.fields.${field}`, { defaultValue: field }) }),
    });
  const value = (entry: BookingAuditEntry, field: string, raw: unknown, side: 'from' | 'to'): string => {
    if (raw === null || raw === undefined || raw === '') return '—';
    const name = entry.names[field]?.[side];
    if (name) return name;
    // A restore names the version it brought back by when and who made it, which the trail holds.
    if (field === 'restored_from' && typeof raw === 'number') {
      const source = entries.find((other) => other.entity === 'booking' && other.id === raw);
      if (source) return t('bookings.versions.whenWho', { when: when(source.created_at), who: whoOf(source) });
    }
    const presentation = auditFieldPresentation(entry.entity, field);
    if (presentation?.kind === 'money' && typeof raw === 'number') return text.money(raw);
    if (presentation?.kind === 'instant' && typeof raw === 'string') return text.time(booking, raw);
    // A record that is gone keeps its id (the API names only what is still the company's).
    if (presentation?.kind === 'reference') return t('audit.gone', { id: String(raw) });
    if (isTripEntity(entry.entity)) {
      if ((field === 'status' || tripStatusFields.has(field)) && isTripStatus(raw)) return tripText.status(raw);
      if (field === 'type' && isTripType(raw)) return tripText.type(raw);
      if (field === 'reason' && isScheduleReason(raw)) return t(`bookings.trips.reasons.${raw}`);
    }
    if (field === 'status' && isStatus(raw)) return text.status(raw);
    if (field === 'method' && isMethod(raw)) return t(`bookings.payments.methods.${raw}`);
    if (field === 'channel' && typeof raw === 'string') return t(`bookings.channels.${raw}`, { defaultValue: raw });
    if (field === 'state' && typeof raw === 'string') return t(`bookings.mail.states.${raw}`, { defaultValue: raw });
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
                    {t('bookings.history.byWhen', { who: whoOf(entry), when: when(entry.created_at) })}
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
                            ? t('bookings.audit.fromTo', {
                                from: value(entry, field, change.from, 'from'),
                                to: value(entry, field, change.to, 'to'),
                              })
                            : entry.action === 'delete'
                              ? value(entry, field, change.from, 'from')
                              : value(entry, field, change.to, 'to')}
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
