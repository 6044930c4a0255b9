import { Badge } from '@mantine/core';
import type { BookingStatus } from '@ps/contracts';

/** A colour per status for the badge's dot; the words are the API's own labels in the user's language. */
const statusColours: Record<BookingStatus, string> = {
  pending: 'gray',
  confirmed: 'blue',
  checked_in: 'teal',
  parked: 'indigo',
  checked_out: 'grape',
  completed: 'green',
  cancelled: 'red',
  no_show: 'orange',
};

export function StatusBadge({ status, label }: { status: BookingStatus; label: string }) {
  // The dot variant keeps the text in the body colour: readable on every background (WCAG contrast).
  return (
    <Badge variant="dot" color={statusColours[status]} size="lg" tt="none" data-status={status} miw="max-content">
      {label}
    </Badge>
  );
}
