import { Alert, Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import type { Flight } from '@ps/contracts';
import { fromZonedLocal, toZonedLocal } from '@ps/contracts/common/zonedTime';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { translateMessage } from '../../lib/i18n';
import { toastSuccess } from '../../lib/toast';
import { useUpdateFlight } from './api';
import { clockIn } from './time';

type NewsStatus = 'auto' | 'landed' | 'cancelled';

/**
 * The manual provider's form: the estimated arrival typed on the company's clock, and landed or cancelled when
 * it is. Saving moves the booking's out-trip (the API does); the toast says where to, and whether its driver
 * was taken off.
 */
export function FlightDialog({ flight, zone, onClose }: { flight: Flight | null; zone: string; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateFlight();
  const [estimate, setEstimate] = useState('');
  const [status, setStatus] = useState<NewsStatus>('auto');
  const [errors, setErrors] = useState<{ estimate?: string; form?: string }>({});
  // Each flight opens with its latest news (or its scheduled arrival) in the form; `flight` is the one the user
  // opened (the page keeps it), so a refetch of the list behind the dialog does not reset what is being typed.
  useEffect(() => {
    if (!flight) return;
    setEstimate(toZonedLocal(flight.estimated_arrival ?? flight.scheduled_arrival, zone));
    setStatus(flight.status === 'landed' || flight.status === 'cancelled' ? flight.status : 'auto');
    setErrors({});
  }, [flight, zone]);

  const close = () => {
    if (!update.isPending) onClose();
  };

  const send = (clear: boolean) => {
    if (!flight) return;
    const instant = clear ? null : fromZonedLocal(estimate, zone);
    if (!clear && !instant) {
      setErrors({ estimate: t('dispatch.flight.required') });
      return;
    }
    const before = flight.out_trip;
    update.mutate(
      { bookingId: flight.booking_id, estimate: instant ?? null, status: status === 'auto' ? undefined : status },
      {
        onSuccess: (saved) => {
          const after = saved.out_trip;
          const moved = before && after && before.scheduled_at !== after.scheduled_at;
          const takenOff = moved && before.driver_id !== null && after.driver_id === null;
          const names = {
            flight: saved.flight_number,
            time: after ? clockIn(zone, after.scheduled_at) : '',
            driver: before?.driver_name ?? '',
          };
          toastSuccess(t(takenOff ? 'dispatch.flight.movedTakenOff' : moved ? 'dispatch.flight.moved' : 'dispatch.flight.saved', names));
          onClose();
        },
        onError: (error) => {
          const detail = error instanceof ApiError ? error.details.find((item) => item.field === 'estimated_arrival') : undefined;
          setErrors(detail ? { estimate: translateMessage(detail.code) ?? detail.message } : { form: error.message });
        },
      },
    );
  };

  return (
    <Modal
      opened={flight !== null}
      onClose={close}
      title={flight ? t('dispatch.flight.title', { flight: flight.flight_number }) : ''}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { fontWeight: 700 } }}
    >
      {flight ? (
        <Stack gap="md">
          <Text>
            {t('dispatch.flight.intro', {
              reference: flight.booking_reference,
              customer: flight.customer_name,
              scheduled: formatDateTime(flight.scheduled_arrival, zone),
            })}
          </Text>
          {errors.form ? (
            <Alert color="red" variant="light" role="alert" styles={{ message: { color: 'var(--mantine-color-red-9)' } }}>
              {errors.form}
            </Alert>
          ) : null}
          <TextInput
            type="datetime-local"
            label={t('dispatch.flight.estimate')}
            description={t('dispatch.flight.estimateHint', { zone })}
            value={estimate}
            onChange={(event) => setEstimate(event.currentTarget.value)}
            error={errors.estimate}
            data-autofocus
          />
          <Radio.Group
            label={t('dispatch.flight.status')}
            value={status}
            onChange={(value) => setStatus(value as NewsStatus)}
            description={
              status === 'cancelled' ? t('dispatch.flight.cancelledHint') : status === 'auto' ? t('dispatch.flight.autoHint') : undefined
            }
          >
            <Stack gap="xs" mt="xs">
              {(['auto', 'landed', 'cancelled'] as const).map((value) => (
                <Radio key={value} value={value} label={t(`dispatch.flight.statuses.${value}`)} />
              ))}
            </Stack>
          </Radio.Group>
          <Group justify="space-between" gap="sm">
            <Button variant="subtle" onClick={() => send(true)} disabled={update.isPending}>
              {t('dispatch.flight.clear')}
            </Button>
            <Group gap="sm">
              <Button variant="default" onClick={close} disabled={update.isPending} className="ps-primary-action">
                {t('common.cancel')}
              </Button>
              <Button onClick={() => send(false)} loading={update.isPending} className="ps-primary-action">
                {t('dispatch.flight.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
