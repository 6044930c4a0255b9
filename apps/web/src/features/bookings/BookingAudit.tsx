import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { AuditChange, Booking, BookingAuditEntity, BookingAuditEntry, BookingStatus, PaymentMethod } from '@ps/contracts';
import { bookingStatuses, paymentMethods } from '@ps/contracts/common/bookingStates';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/i18n';
import { useBookingAudit, useLocations, usePackages } from './api';
import { Section } from './BookingSection';
import { useBookingText } from './format';

/** On a creation or a deletion, the fields that say what the record was (a booking's page shows the rest). */
const summaryFields: Record<BookingAuditEntity, readonly string[]> = {
  booking: ['total'],
  booking_service: ['name', 'quantity', 'price'],
  payment: ['amount', 'method', 'reference'],
  mail_message: ['to_address', 'subject'],
};
/** Bookkeeping that says nothing to an operator. */
const hiddenFields = new Set(['id', 'company_id', 'booking_id', 'created_by', 'deleted_by', 'idempotency_key', 'language']);
const moneyFields = new Set(['base_price', 'package_price', 'services_price', 'discount', 'total', 'amount', 'price', 'unit_price']);
const instantFields = new Set([
  'departure_at',
  'arrival_at',
  'paid_at',
  'deleted_at',
  'sent_at',
  'next_attempt_at',
  'shuttle_out_at',
  'shuttle_back_at',
]);
const placeFields = new Set(['departure_id', 'arrival_id', 'car_park_id']);

const isStatus = (value: unknown): value is BookingStatus => (bookingStatuses as readonly unknown[]).includes(value);
const isMethod = (value: unknown): value is PaymentMethod => (paymentMethods as readonly unknown[]).includes(value);

function fieldsOf(entry: BookingAuditEntry): [string, AuditChange][] {
  const all = Object.entries(entry.changes).filter(([field]) => !hiddenFields.has(field));
  if (entry.action === 'update') return all;
  const wanted = summaryFields[entry.entity];
  // A creation or deletion names what the record was; a field it did not have says nothing.
  const had = (change: AuditChange) => {
    const value = entry.action === 'create' ? change.to : change.from;
    return value !== null && value !== undefined && value !== '';
  };
  return all.filter(([field, change]) => wanted.includes(field) && had(change));
}

/**
 * Who changed what on the booking, newest first: the booking itself, its service lines, payments and messages,
 * each changed field before and after, in the user's language (places and packages by name, money as money,
 * times at the airport).
 */
export function AuditSection({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  const text = useBookingText();
  const audit = useBookingAudit(booking.id);
  const places = useLocations(booking.airport_id);
  const packages = usePackages();
  const entries = audit.data ?? [];

  const label = (field: string) =>
    t(`bookings.audit.fields.${field}`, { defaultValue: t(`bookings.fields.${field}`, { defaultValue: field }) });
  const value = (field: string, raw: unknown): string => {
    if (raw === null || raw === undefined || raw === '') return '—';
    if (moneyFields.has(field) && typeof raw === 'number') return text.money(raw);
    if (instantFields.has(field) && typeof raw === 'string') return text.time(booking, raw);
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
                  <Text fw={700}>{t(`bookings.audit.actions.${entry.entity}.${entry.action}`)}</Text>
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
                          {entry.action === 'update'
                            ? t('bookings.audit.fromTo', { from: value(field, change.from), to: value(field, change.to) })
                            : value(field, entry.action === 'create' ? change.to : change.from)}
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
