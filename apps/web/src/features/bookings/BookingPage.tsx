import { Button, Group, Paper, SimpleGrid, Stack, Text, Textarea, Title, VisuallyHidden } from '@mantine/core';
import { type Booking, type BookingStatus, paymentEndpoints } from '@ps/contracts';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { BackToListLink } from '../../components/FormKit';
import { IconPencil, IconQrcode } from '../../components/icons';
import { RecordState } from '../../components/RecordState';
import { Facts, Section } from '../../components/Section';
import { useCan } from '../../lib/currentUser';
import { bookingMoney, useCanCall } from '../../lib/finance';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/pageTitle';
import { toastSuccess } from '../../lib/toast';
import { HandoverButton, HandoversSection } from '../handovers';
import { bookingsResource, useBookingStatuses, useChangeStatus, useIsClosed, useStatusHistory } from './api';
import { AuditSection } from './BookingAudit';
import { MailSection } from './BookingMail';
import { PaymentsSection } from './BookingPayments';
import { PriceSection } from './BookingPrice';
import { ServicesSection } from './BookingServices';
import { TripsAndPath } from './BookingTrips';
import { VersionsSection } from './BookingVersions';
import { StatusBadge, useBookingText } from './format';

const route = getRouteApi('/$companyId/bookings/$bookingId');

/** Moves that end a booking's stay: they ask first and take an optional note. */
const askFirst: readonly BookingStatus[] = ['cancelled', 'no_show'];
/** Moves made by a handover (the header's Check in / Check out opens its screen): never a one-click status change here. */
const byHandover: readonly BookingStatus[] = ['checked_in', 'checked_out'];

export function BookingPage() {
  const { t } = useTranslation();
  const { companyId, bookingId } = route.useParams();
  const id = Number(bookingId);
  const booking = bookingsResource.useOne(id);
  usePageTitle(booking.data ? t('bookings.page.title', { reference: booking.data.reference }) : t('bookings.page.titleGeneric'));
  return (
    <Stack gap="md" maw={1200}>
      <BackToListLink path={`/${companyId}/bookings`} label={t('bookings.backToList')} />
      <RecordState query={booking} notFoundTitle={t('bookings.notFound')}>
        {(current) => <BookingDetails booking={current} companyId={companyId} />}
      </RecordState>
    </Stack>
  );
}

function BookingDetails({ booking, companyId }: { booking: Booking; companyId: string }) {
  const { t } = useTranslation();
  const text = useBookingText();
  const closed = useIsClosed(booking);
  // Only what the role may do is offered (the API refuses the rest anyway).
  const can = useCan();
  const canCall = useCanCall();
  const money = bookingMoney(booking);
  /** A shuttle on the airport's clock; null (a park-and-ride package booked without shuttles) shows a dash. */
  const shuttleTime = (instant: string | null) => (instant ? text.time(booking, instant) : null);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('bookings.page.title', { reference: booking.reference })}
          </Title>
          <Group gap="xs">
            <StatusBadge status={booking.status} />
            <Text size="sm" c="dimmed">
              {t('bookings.page.madeVia', { channel: text.channel(booking.channel), when: formatDateTime(booking.created_at) })}
            </Text>
            {booking.agency_name ? (
              <Text size="sm" c="dimmed" data-testid="booking-agency">
                {t('bookings.page.soldBy', { agency: booking.agency_name, percent: booking.agency_commission_percent })}
              </Text>
            ) : null}
          </Group>
        </Stack>
        <Button
          component={Link}
          to={`/${companyId}/bookings/${booking.id}/ticket`}
          variant="default"
          size="md"
          ml="auto"
          leftSection={<IconQrcode size={18} aria-hidden />}
        >
          {t('bookings.page.ticket')}
        </Button>
        <HandoverButton booking={booking} companyId={companyId} />
        {closed || !can('bookings.update') ? null : (
          <Button
            component={Link}
            to={`/${companyId}/bookings/${booking.id}/edit`}
            variant="default"
            size="md"
            leftSection={<IconPencil size={18} aria-hidden />}
            className="ps-primary-action"
          >
            {t('bookings.page.edit')}
          </Button>
        )}
      </Group>
      {closed ? (
        <Text c="dimmed" data-testid="booking-closed">
          {t('bookings.page.closed')}
        </Text>
      ) : null}

      {can('bookings.status') ? <StatusActions booking={booking} /> : null}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title={t('bookings.page.customer')} id="booking-customer">
          <Facts
            rows={[
              { label: t('bookings.fields.customer_name'), value: booking.customer_name },
              { label: t('bookings.fields.customer_phone'), value: booking.customer_phone },
              { label: t('bookings.fields.customer_email'), value: booking.customer_email },
              { label: t('bookings.fields.passengers'), value: String(booking.passengers) },
            ]}
          />
        </Section>
        <Section title={t('bookings.page.vehicle')} id="booking-vehicle">
          <Facts
            rows={[
              {
                label: t('bookings.fields.vehicle_reg'),
                value: (
                  <Text span ff="monospace">
                    {booking.vehicle_reg}
                  </Text>
                ),
              },
              { label: t('bookings.fields.vehicle_make'), value: booking.vehicle_make },
              { label: t('bookings.fields.vehicle_model'), value: booking.vehicle_model },
              { label: t('bookings.fields.vehicle_colour'), value: booking.vehicle_colour },
            ]}
          />
        </Section>
      </SimpleGrid>

      <Section title={t('bookings.page.stay')} id="booking-stay">
        <Facts
          rows={[
            { label: t('bookings.fields.airport'), value: `${booking.airport_iata_code} · ${booking.airport_name}` },
            {
              label: t('bookings.fields.route'),
              value: t('bookings.page.route', { from: booking.departure_name, to: booking.arrival_name }),
            },
            { label: t('bookings.fields.car_park'), value: booking.car_park_name },
            { label: t('bookings.fields.package'), value: booking.package_name ?? t('bookings.page.noPackage') },
            ...(booking.type === 'park_and_ride'
              ? [
                  // Park and ride in the order the day runs: the car arrives, the shuttles go and come, the car leaves.
                  { label: t('bookings.parkRide.dropOff'), value: text.time(booking, booking.departure_at) },
                  { label: t('bookings.parkRide.shuttleOut'), value: shuttleTime(booking.shuttle_out_at) },
                  { label: t('bookings.parkRide.shuttleBack'), value: shuttleTime(booking.shuttle_back_at) },
                  { label: t('bookings.parkRide.pickUp'), value: text.time(booking, booking.arrival_at) },
                ]
              : [
                  { label: t('bookings.fields.departure_at'), value: text.time(booking, booking.departure_at) },
                  { label: t('bookings.fields.arrival_at'), value: text.time(booking, booking.arrival_at) },
                ]),
            { label: t('bookings.fields.outbound_flight'), value: booking.outbound_flight },
            { label: t('bookings.fields.return_flight'), value: booking.return_flight },
          ]}
        />
        <Text size="sm" c="dimmed" mt="xs">
          {t('bookings.page.timesAt', { zone: booking.airport_time_zone })}
        </Text>
        {booking.notes ? (
          <Text mt="sm" style={{ whiteSpace: 'pre-wrap' }}>
            <Text span fw={600}>
              {t('bookings.fields.notes')}:{' '}
            </Text>
            {booking.notes}
          </Text>
        ) : null}
      </Section>

      <HandoversSection booking={booking} />

      <TripsAndPath booking={booking} companyId={companyId} />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {money ? <PriceSection booking={booking} money={money} /> : null}
        <ServicesSection booking={booking} readOnly={closed || !can('bookings.update')} />
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {money && canCall(paymentEndpoints.list) ? <PaymentsSection booking={booking} money={money} /> : null}
        {can('mail.view') ? <MailSection booking={booking} companyId={companyId} /> : null}
      </SimpleGrid>

      <HistorySection booking={booking} />
      <VersionsSection booking={booking} closed={closed} />
      <AuditSection booking={booking} />
    </Stack>
  );
}

/** One button per move the status list allows from here; cancelling and no-show ask first, with a note. */
function StatusActions({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  const statuses = useBookingStatuses();
  const change = useChangeStatus(booking.id);
  const [asking, setAsking] = useState<BookingStatus | null>(null);
  const [note, setNote] = useState('');
  const next = (statuses.data?.find((option) => option.value === booking.status)?.next ?? []).filter(
    (status) => !byHandover.includes(status),
  );
  const label = (status: BookingStatus) =>
    statuses.data?.find((option) => option.value === status)?.label ?? t(`bookings.statuses.${status}`);

  const move = (status: BookingStatus, withNote: string | null) =>
    change.mutate(
      { status, note: withNote },
      {
        onSuccess: (row) => {
          toastSuccess(t('bookings.toast.status', { reference: row.reference, status: label(row.status) }));
          setAsking(null);
          setNote('');
        },
      },
    );

  if (next.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="sm" role="region" aria-label={t('bookings.page.statusActions')}>
      <Group gap="sm" wrap="wrap" align="center">
        <Text fw={600}>{t('bookings.page.moveTo')}</Text>
        {next.map((status) => {
          const danger = askFirst.includes(status);
          return (
            <Button
              key={status}
              size="md"
              variant={danger ? 'default' : 'filled'}
              color={danger ? 'red.8' : undefined}
              loading={change.isPending && change.variables?.status === status}
              disabled={change.isPending}
              onClick={() => (danger ? setAsking(status) : move(status, null))}
            >
              {t(`bookings.moves.${status}`)}
            </Button>
          );
        })}
      </Group>
      <ConfirmDialog
        opened={asking !== null}
        title={asking ? t(`bookings.confirmMove.${asking}Title`, { reference: booking.reference }) : ''}
        body={
          <Stack gap="sm">
            <Text>{asking ? t(`bookings.confirmMove.${asking}`, { reference: booking.reference }) : ''}</Text>
            <Textarea
              label={t('bookings.confirmMove.note')}
              autosize
              minRows={2}
              maxLength={500}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
            />
          </Stack>
        }
        confirmLabel={asking ? t(`bookings.moves.${asking}`) : ''}
        tone="danger"
        busy={change.isPending}
        onConfirm={() => asking && move(asking, note.trim() || null)}
        onClose={() => {
          setAsking(null);
          setNote('');
        }}
      />
    </Paper>
  );
}

function HistorySection({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  const history = useStatusHistory(booking.id);
  const text = useBookingText();
  const rows = history.data ?? [];
  return (
    <Section title={t('bookings.history.title')} id="booking-history">
      {rows.length === 0 ? (
        <Text c="dimmed">{history.isLoading ? t('app.loading') : t('bookings.history.none')}</Text>
      ) : (
        <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} data-testid="booking-history">
          {rows.map((entry) => (
            <Paper component="li" key={entry.id} withBorder radius="sm" p="xs">
              <Group gap="xs" wrap="wrap">
                {entry.from_status ? (
                  <>
                    <Text span>{text.status(entry.from_status)}</Text>
                    <Text span aria-hidden>
                      →
                    </Text>
                    <VisuallyHidden>{t('bookings.history.to')}</VisuallyHidden>
                  </>
                ) : null}
                <Text span fw={700}>
                  {text.status(entry.to_status)}
                </Text>
              </Group>
              <Text size="sm" c="dimmed">
                {t('bookings.history.byWhen', {
                  who: entry.changed_by_name ?? t('bookings.history.system'),
                  when: formatDateTime(entry.changed_at),
                })}
              </Text>
              {entry.note ? (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {entry.note}
                </Text>
              ) : null}
            </Paper>
          ))}
        </Stack>
      )}
    </Section>
  );
}
