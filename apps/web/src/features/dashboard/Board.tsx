import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { BoardBooking, BoardDirection, BoardSlot, BookingStatus } from '@ps/contracts';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CarRequestNote } from '../../components/CarRequestNote';
import { IconCheck, IconDoorExit } from '../../components/icons';
import { useCan } from '../../lib/currentUser';
import { formatDay, formatNumber, formatTime } from '../../lib/format';
import { useBoard } from './api';
import { StatusBadge } from './StatusBadge';

/**
 * The one move a board offers for a status: check a confirmed car in, a checked-in or parked one out. Its button opens
 * the handover screen (issue 22, section 1), where the move is recorded with what was seen; never a one-click change.
 */
export function boardMove(status: BookingStatus): 'checked_in' | 'checked_out' | null {
  if (status === 'confirmed') return 'checked_in';
  if (status === 'checked_in' || status === 'parked') return 'checked_out';
  return null;
}

interface BoardProps {
  type: BoardDirection;
  date: string;
  timeZone: string | undefined;
  pollMs: number | false;
  companyId: string;
  statusLabel: (status: BookingStatus) => string;
}

function vehicleText(booking: BoardBooking): string {
  const details = [booking.vehicle_colour, booking.vehicle_make, booking.vehicle_model].filter(Boolean).join(' ');
  return details ? `${booking.vehicle_reg} · ${details}` : booking.vehicle_reg;
}

/**
 * Each 15-minute slot's load at the places with a limit (issue 24, section 2): "09:00 · Car park A · 3/4", red when
 * the slot is full. IN counts the customers coming in (departures), OUT those coming back (arrivals).
 */
function SlotLoads({ type, slots, timeZone }: { type: BoardDirection; slots: BoardSlot[]; timeZone: string | undefined }) {
  const { t } = useTranslation();
  if (slots.length === 0) return null;
  const titleId = `board-${type}-slots`;
  return (
    <Stack gap={4} data-testid={`board-${type}-slots`}>
      <Text size="sm" fw={600} id={titleId}>
        {t(type === 'in' ? 'dashboard.board.slots.in' : 'dashboard.board.slots.out')}
      </Text>
      <Group gap={6} role="list" aria-labelledby={titleId}>
        {slots.map((slot) => {
          const time = formatTime(slot.start, timeZone);
          const full = slot.booked >= slot.limit;
          return (
            <Paper
              key={`${slot.location_id}-${slot.start}`}
              role="listitem"
              withBorder
              radius="sm"
              px="xs"
              py={4}
              style={full ? { borderColor: 'var(--mantine-color-red-8)' } : undefined}
              data-slot-load={`${slot.booked}/${slot.limit}`}
            >
              <Text size="sm" fw={600} c={full ? 'red.9' : undefined} className="ps-wrap">
                {time} · {slot.location_name} · {formatNumber(slot.booked)}/{formatNumber(slot.limit)}
                {full ? ` · ${t('dashboard.board.slots.full')}` : ''}
              </Text>
            </Paper>
          );
        })}
      </Group>
    </Stack>
  );
}

/** The day's IN (cars arriving for their departure) or OUT (cars leaving on their return) board. */
export function Board({ type, date, timeZone, pollMs, companyId, statusLabel }: BoardProps) {
  const { t } = useTranslation();
  const board = useBoard(type, date, { timeZone, pollMs });
  const titleId = `board-${type}-title`;
  const bookings = board.data?.bookings ?? [];
  // Only what the role can use: the handover screen needs handovers.create, the booking's page bookings.view.
  const can = useCan();
  const mayHandOver = can('handovers.create');
  const mayOpenBooking = can('bookings.view');

  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId} data-testid={`board-${type}`}>
      <Title order={2} size="h3" id={titleId}>
        {t(type === 'in' ? 'dashboard.board.inTitle' : 'dashboard.board.outTitle', { day: formatDay(date, 'weekday') })}{' '}
        <Text span c="dimmed" fz="md">
          ({formatNumber(bookings.length)})
        </Text>
      </Title>
      <SlotLoads type={type} slots={board.data?.slots ?? []} timeZone={timeZone} />
      {board.isError && !board.data ? (
        <Text c="red.8">{t('dashboard.board.loadError')}</Text>
      ) : board.data && bookings.length === 0 ? (
        <Text c="dimmed">{t(type === 'in' ? 'dashboard.board.noneIn' : 'dashboard.board.noneOut')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {bookings.map((booking) => {
            const next = mayHandOver ? boardMove(booking.status) : null;
            const actionLabel = next === 'checked_in' ? 'dashboard.board.checkIn' : 'dashboard.board.checkOut';
            return (
              <Paper key={booking.id} withBorder radius="md" p="md" data-testid="board-booking" data-reference={booking.reference}>
                <Stack gap={6}>
                  {/* A name too long to sit beside the status puts the status on the next line: its words stay whole. */}
                  <Group justify="space-between" gap="xs" align="flex-start">
                    <Stack gap={0} className="ps-wrap">
                      <Text fw={700} fz="lg">
                        {formatTime(booking.time, timeZone)}
                      </Text>
                      {mayOpenBooking ? (
                        <Anchor href={`/${companyId}/bookings/${booking.id}`} fw={700} className="ps-wrap">
                          {booking.customer_name}
                        </Anchor>
                      ) : (
                        <Text fw={700} className="ps-wrap">
                          {booking.customer_name}
                        </Text>
                      )}
                    </Stack>
                    <StatusBadge status={booking.status} label={statusLabel(booking.status)} />
                  </Group>
                  <Text size="sm" ff="monospace">
                    {booking.reference}
                  </Text>
                  <Text size="sm" className="ps-wrap">
                    <Text span c="dimmed" size="sm">
                      {t('dashboard.board.vehicle')}:{' '}
                    </Text>
                    {vehicleText(booking)}
                  </Text>
                  <Text size="sm">
                    <Text span c="dimmed" size="sm">
                      {t('dashboard.board.flight')}:{' '}
                    </Text>
                    {booking.flight ?? t('dashboard.board.noFlight')}
                    {booking.car_park_name ? ` · ${booking.car_park_name}` : ''}
                  </Text>
                  {booking.car_request ? <CarRequestNote request={booking.car_request} timeZone={timeZone} /> : null}
                  {next ? (
                    <Button
                      component={Link}
                      to="/$companyId/bookings/$bookingId/handover"
                      params={{ companyId, bookingId: String(booking.id) } as never}
                      search={{ kind: next === 'checked_in' ? 'check_in' : 'check_out' } as never}
                      size="md"
                      mt={4}
                      color={next === 'checked_in' ? undefined : 'teal.9'}
                      leftSection={next === 'checked_in' ? <IconCheck size={18} aria-hidden /> : <IconDoorExit size={18} aria-hidden />}
                      aria-label={t(`${actionLabel}Named`, { reference: booking.reference, name: booking.customer_name })}
                    >
                      {t(actionLabel)}
                    </Button>
                  ) : null}
                </Stack>
              </Paper>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}
