import './ticket.css';
import { Anchor, Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { Booking } from '@ps/contracts';
import { getRouteApi, Link } from '@tanstack/react-router';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { IconPrinter } from '../../components/icons';
import { QrCode } from '../../components/QrCode';
import { RecordState } from '../../components/RecordState';
import { useStoredWebConfig } from '../../lib/companyWebConfig';
import { useCurrentUser } from '../../lib/currentUser';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/pageTitle';
import { useBooking } from './api';

const route = getRouteApi('/$companyId/bookings/$bookingId/ticket');

/**
 * The booking's printable ticket (A6: the company, the reference, the car, the dates and the reference as a QR code)
 * and a small key tag (the reference, the registration and the QR code), from the booking page. Scanning either opens
 * the booking's handover screen (the Scan screen). On screen a preview; printed, the ticket on an A6 page and the key
 * tag on the next (ticket.css).
 */
export function TicketPage() {
  const { t } = useTranslation();
  const { companyId, bookingId } = route.useParams();
  const booking = useBooking(Number(bookingId));
  usePageTitle(booking.data ? t('onSite.ticket.title', { reference: booking.data.reference }) : t('onSite.ticket.titleGeneric'));
  return (
    <Stack gap="md">
      <Anchor component={Link} to={`/${companyId}/bookings/${bookingId}`} size="sm" py={4}>
        {t('onSite.ticket.back')}
      </Anchor>
      <RecordState query={booking} notFoundTitle={t('onSite.ticket.notFound')}>
        {(current) => <Ticket booking={current} />}
      </RecordState>
    </Stack>
  );
}

function Ticket({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  const company = useCompanyName();
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('onSite.ticket.title', { reference: booking.reference })}
          </Title>
          <Text size="sm">{t('onSite.ticket.intro')}</Text>
        </Stack>
        <Button size="md" leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()} className="ps-primary-action">
          {t('onSite.ticket.print')}
        </Button>
      </Group>
      <Group align="flex-start" gap="xl">
        <Stack gap="xs" className="ps-ticket-preview">
          <Title order={2} size="h4">
            {t('onSite.ticket.ticket')}
          </Title>
          <TicketSheet booking={booking} company={company} onScreen />
        </Stack>
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('onSite.ticket.keyTag')}
          </Title>
          <KeyTag booking={booking} onScreen />
        </Stack>
      </Group>
      {/* What the printer gets: the same two, alone on their pages (hidden on screen). */}
      {createPortal(
        <div className="ps-print-root" aria-hidden>
          <TicketSheet booking={booking} company={company} onScreen={false} />
          <KeyTag booking={booking} onScreen={false} />
        </div>,
        document.body,
      )}
    </Stack>
  );
}

/** The company's display name, as the header shows it: its web config's name, else its record's. */
function useCompanyName(): string {
  const user = useCurrentUser();
  const config = useStoredWebConfig();
  const own = config && user.data && config.company_id === user.data.company_id ? config : null;
  return own?.name ?? user.data?.company_name ?? '';
}

/** A label and its value, the value large when it is what the reader looks for. */
function Line({ label, value, big = false }: { label: string; value: string; big?: boolean }) {
  return (
    <Box>
      <div className="ps-ticket-label">{label}</div>
      <div className={big ? 'ps-ticket-big' : undefined}>{value}</div>
    </Box>
  );
}

/** The A6 ticket. `onScreen`: the on-screen copy, which the tests find (the printed one is hidden on screen). */
function TicketSheet({ booking, company, onScreen }: { booking: Booking; company: string; onScreen: boolean }) {
  const { t } = useTranslation();
  const vehicle = [booking.vehicle_colour, booking.vehicle_make, booking.vehicle_model].filter(Boolean).join(' ');
  const at = (instant: string) => formatDateTime(instant, booking.airport_time_zone);
  return (
    <div className="ps-ticket" data-testid={onScreen ? 'ticket' : undefined}>
      <div>
        <div style={{ fontWeight: 700, fontSize: '12pt' }}>{company}</div>
        <div className="ps-ticket-label">{t('onSite.ticket.heading')}</div>
      </div>
      <Line label={t('onSite.ticket.reference')} value={booking.reference} big />
      <Line label={t('onSite.ticket.registration')} value={booking.vehicle_reg} big />
      {vehicle ? <Line label={t('onSite.ticket.vehicle')} value={vehicle} /> : null}
      <Line label={t('onSite.ticket.customer')} value={booking.customer_name} />
      <Line label={t('onSite.ticket.airport')} value={`${booking.airport_iata_code} – ${booking.airport_name}`} />
      <Line label={t('onSite.ticket.dropOff')} value={at(booking.departure_at)} />
      <Line label={t('onSite.ticket.return')} value={at(booking.arrival_at)} />
      <div style={{ display: 'flex', justifyContent: 'center', marginTop: 'auto' }}>
        <QrCode value={booking.reference} label={t('onSite.ticket.qrLabel', { reference: booking.reference })} size="34mm" />
      </div>
      <div className="ps-ticket-label" style={{ textAlign: 'center' }}>
        {t('onSite.ticket.footer')}
      </div>
    </div>
  );
}

/** The key tag: reference, registration and the QR code, to hang with the key. */
function KeyTag({ booking, onScreen }: { booking: Booking; onScreen: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="ps-key-tag" data-testid={onScreen ? 'key-tag' : undefined}>
      <div className="ps-ticket-big" style={{ fontSize: '12pt' }}>
        {booking.reference}
      </div>
      <div className="ps-ticket-big" style={{ fontSize: '11pt' }}>
        {booking.vehicle_reg}
      </div>
      <QrCode value={booking.reference} label={t('onSite.ticket.qrLabelKey', { reference: booking.reference })} size="26mm" />
    </div>
  );
}
