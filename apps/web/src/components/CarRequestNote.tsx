import { Alert, Text } from '@mantine/core';
import type { CarRequest } from '@ps/contracts';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../lib/format';
import { IconCar } from './icons';

/**
 * A customer's "bring my car" (issue 23): when they asked through the booking page or the company's site, and when the
 * car is wanted at the terminal (after baggage claim), in the airport's time. The board's OUT list and Dispatch's trip
 * back to the terminal show it, live.
 */
export function CarRequestNote({ request, timeZone }: { request: CarRequest; timeZone?: string | undefined }) {
  const { t } = useTranslation();
  return (
    <Alert color="grape" variant="light" p="xs" icon={<IconCar size={18} aria-hidden />} data-testid="car-request">
      <Text size="sm" fw={700}>
        {t('common.carRequest.title', { wanted: formatTime(request.wanted_at, timeZone) })}
      </Text>
      <Text size="sm">{t('common.carRequest.asked', { asked: formatTime(request.requested_at, timeZone) })}</Text>
    </Alert>
  );
}
