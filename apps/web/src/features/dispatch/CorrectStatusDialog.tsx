import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import type { Trip, TripStatus, TripStatusOption } from '@ps/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { translateMessage } from '../../lib/i18n';
import { toastSuccess } from '../../lib/toast';
import { useCorrectTripStatus } from './api';
import { clockIn } from './time';

/**
 * An admin's correction of a trip's status (`trips/status/update/admin`): any status but the current one, with
 * the reason, which the trip's history and the audit log keep. The API's refusal is shown here, in its words.
 */
export function CorrectStatusDialog({
  trip,
  zone,
  statuses,
  onClose,
}: {
  /** The trip to correct; null keeps the dialog closed. */
  trip: Trip | null;
  zone: string;
  statuses: readonly TripStatusOption[] | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const correct = useCorrectTripStatus(zone);
  const [status, setStatus] = useState<TripStatus | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ status?: string; reason?: string; form?: string }>({});
  const tripId = trip?.id;
  // A new trip starts with an empty form.
  useEffect(() => {
    if (tripId === undefined) return;
    setStatus(null);
    setReason('');
    setErrors({});
  }, [tripId]);

  const label = (value: TripStatus) => statuses?.find((option) => option.value === value)?.label ?? value;
  const time = trip ? clockIn(zone, trip.scheduled_at) : '';
  const reference = trip?.booking_reference ?? (trip ? t(`dispatch.types.${trip.type}`) : '');
  const close = () => {
    if (!correct.isPending) onClose();
  };

  const save = () => {
    if (!trip) return;
    const missing = {
      status: status ? undefined : t('validation.required'),
      reason: reason.trim() ? undefined : t('validation.required'),
    };
    setErrors(missing);
    if (!status || missing.reason) return;
    correct.mutate(
      { tripId: trip.id, status, reason: reason.trim() },
      {
        onSuccess: (saved) => {
          toastSuccess(t('dispatch.correct.done', { time, reference, status: label(saved.status) }));
          onClose();
        },
        onError: (error) => {
          const details = error instanceof ApiError ? error.details : [];
          const on = (field: string) => {
            const detail = details.find((item) => item.field === field);
            return detail ? (translateMessage(detail.code) ?? detail.message) : undefined;
          };
          const fieldErrors = { status: on('status'), reason: on('reason') };
          setErrors({ ...fieldErrors, form: fieldErrors.status || fieldErrors.reason ? undefined : error.message });
        },
      },
    );
  };

  return (
    <Modal
      opened={trip !== null}
      onClose={close}
      title={t('dispatch.correct.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { fontWeight: 700 } }}
    >
      {trip ? (
        <Stack gap="md">
          <Text>{t('dispatch.correct.intro', { time, reference, status: label(trip.status) })}</Text>
          {errors.form ? (
            <Alert color="red" variant="light" role="alert" styles={{ message: { color: 'var(--mantine-color-red-9)' } }}>
              {errors.form}
            </Alert>
          ) : null}
          <Select
            label={t('dispatch.correct.status')}
            required
            data={(statuses ?? [])
              .filter((option) => option.value !== trip.status)
              .map((option) => ({ value: option.value, label: option.label }))}
            value={status}
            onChange={(value) => setStatus(value as TripStatus | null)}
            error={errors.status}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-autofocus
          />
          <Textarea
            label={t('dispatch.correct.reason')}
            description={t('dispatch.correct.reasonHint')}
            required
            autosize
            minRows={2}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={errors.reason}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={correct.isPending} className="ps-primary-action">
              {t('common.cancel')}
            </Button>
            <Button onClick={save} loading={correct.isPending} className="ps-primary-action">
              {t('dispatch.correct.save')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
