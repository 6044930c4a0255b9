// The free 15-minute slots a refusal offered (409 `slot_full`, issue 24 section 2): each one a button that puts its
// time into the form's drop-off or pick-up, to be saved again.
import { Button, Group, Stack, Text } from '@mantine/core';
import type { FreeSlot } from '@ps/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '../../lib/format';

interface FreeSlotChoicesProps {
  slots: FreeSlot[];
  /** The airport's time zone: the times are shown on its clock. */
  zone: string | undefined;
  onPick: (slot: FreeSlot) => void;
}

export function FreeSlotChoices({ slots, zone, onPick }: FreeSlotChoicesProps) {
  const { t } = useTranslation();
  if (slots.length === 0) return null;
  const what = slots[0]?.field === 'arrival_at' ? 'arrival' : 'departure';
  return (
    <Stack gap={6} role="group" aria-labelledby="free-slots-title" data-testid="free-slots">
      <Text size="sm" fw={600} id="free-slots-title">
        {t(`bookings.slots.title.${what}`)}
      </Text>
      <Group gap="xs">
        {slots.map((slot) => {
          const time = formatDateTime(slot.at, zone, 'short');
          const load = t('bookings.slots.load', { booked: formatNumber(slot.booked), limit: formatNumber(slot.limit) });
          return (
            <Button key={`${slot.field}-${slot.at}`} variant="light" size="sm" onClick={() => onPick(slot)} data-slot={slot.local}>
              {time} · {load}
            </Button>
          );
        })}
      </Group>
    </Stack>
  );
}
