import { Badge } from '@mantine/core';
import type { Booking, BookingStatus } from '@ps/contracts';
import { toZonedLocal } from '@ps/contracts/common/zonedTime';
import { useTranslation } from 'react-i18next';
import { formatDateTime, useMoney } from '../../lib/format';

/** Badge colours dark enough for white text (AA) and telling the day's states apart at a glance. */
const statusColors: Record<BookingStatus, string> = {
  // Mantine's yellow.9 is 3.0:1 under white text; this amber is 5.1:1.
  pending: '#ad5700',
  confirmed: 'blue.8',
  checked_in: 'teal.9',
  parked: 'indigo.8',
  checked_out: 'grape.8',
  // Mantine's green.9 is 4.4:1 under white text; this green is 5.7:1.
  completed: '#24753a',
  cancelled: 'gray.7',
  no_show: 'red.8',
};

export function StatusBadge({ status }: { status: BookingStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={statusColors[status]}
      variant="filled"
      tt="none"
      size="md"
      data-testid="booking-status"
      // Long Tamil words wrap instead of being cut to "உறு...".
      styles={{ root: { height: 'auto', maxWidth: '100%' }, label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.4 } }}
    >
      {t(`bookings.statuses.${status}`)}
    </Badge>
  );
}

/** A booking's words and figures in the user's language: times on the airport's clock, money, status. */
export function useBookingText() {
  const { t } = useTranslation();
  const { format, currency } = useMoney();
  return {
    money: format,
    currency,
    status: (status: BookingStatus) => t(`bookings.statuses.${status}`),
    channel: (channel: Booking['channel']) => t(`bookings.channels.${channel}`),
    /** "24 Nov 2026, 06:05" at the booking's airport. */
    time: (booking: Pick<Booking, 'airport_time_zone'>, instant: string) => formatDateTime(instant, booking.airport_time_zone),
    /** "2026-11-24 06:05" at the booking's airport: what a spreadsheet sorts. */
    sortableTime: (booking: Pick<Booking, 'airport_time_zone'>, instant: string) =>
      toZonedLocal(instant, booking.airport_time_zone).replace('T', ' '),
    vehicle: (booking: Pick<Booking, 'vehicle_reg' | 'vehicle_make' | 'vehicle_model' | 'vehicle_colour'>) =>
      [booking.vehicle_reg, [booking.vehicle_colour, booking.vehicle_make, booking.vehicle_model].filter(Boolean).join(' ')]
        .filter(Boolean)
        .join(' · '),
  };
}
