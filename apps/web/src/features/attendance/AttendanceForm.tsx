import { Button, Group, Modal, NativeSelect, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  type Attendance,
  type AttendanceStatus,
  attendanceCreateSchema,
  attendanceStatuses,
  attendanceUpdateSchema,
  hoursOf,
} from '@ps/contracts';
import { fromZonedLocal, toZonedLocal } from '@ps/contracts/common/zonedTime';
import { useMemo } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import { applyServerFieldErrors, useFormToasts } from '../../lib/forms';
import { translateMessage } from '../../lib/i18n';
import { useAddDay, useUpdateDay } from './api';
import { nextDay } from './month';

/** The form's values: the times as the company's wall clock (`HH:mm`); an end before the start is the next day. */
export interface DayFormValues {
  day: string;
  attendance_status: AttendanceStatus;
  start: string;
  end: string;
  notes: string;
}

type Field = keyof DayFormValues;

/** Where an API field's refusal shows on the form. */
const formFieldOf = (apiField: string): Field | undefined =>
  ({ day: 'day', start_at: 'start', end_at: 'end', notes: 'notes', attendance_status: 'attendance_status' })[apiField] as Field | undefined;

/** Minutes from start to end on the wall clock, the end on the next day when it is not after the start (a night shift). */
export function minutesBetween(start: string, end: string): number | null {
  if (!/^\d{2}:\d{2}$/.test(start) || !/^\d{2}:\d{2}$/.test(end)) return null;
  const minutes = (value: string) => Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));
  const difference = minutes(end) - minutes(start);
  return difference > 0 ? difference : difference + 24 * 60;
}

/** The body the API takes, the times turned into instants on the company's clock. */
export function toBody(values: DayFormValues, zone: string) {
  const present = values.attendance_status === 'present';
  const endDay = values.start && values.end && values.end <= values.start ? nextDay(values.day) : values.day;
  const instant = (day: string, time: string) => (time ? (fromZonedLocal(`${day}T${time}`, zone) ?? time) : null);
  return {
    day: values.day,
    start_at: present ? instant(values.day, values.start) : null,
    end_at: present ? instant(endDay, values.end) : null,
    notes: values.notes,
  };
}

/** The form's values of a recorded day. */
export function valuesOf(record: Attendance, zone: string): DayFormValues {
  return {
    day: record.day,
    attendance_status: record.attendance_status,
    start: record.start_at ? toZonedLocal(record.start_at, zone).slice(11) : '',
    end: record.end_at ? toZonedLocal(record.end_at, zone).slice(11) : '',
    notes: record.notes ?? '',
  };
}

/**
 * Adds a day of a driver, or changes one (its status has its own control on the list). The contract's schema
 * checks the body the form would send, and the API's refusals land beside the fields.
 */
export function DayDialog({
  driverId,
  record,
  defaultDay,
  zone,
  dayLabel,
  onClose,
}: {
  driverId: number;
  /** The day to change; none to add one. */
  record: Attendance | null;
  defaultDay: string;
  zone: string;
  dayLabel: (day: string) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toasts = useFormToasts();
  const add = useAddDay();
  const update = useUpdateDay();
  const resolver = useMemo<Resolver<DayFormValues>>(
    () => async (values) => {
      const body = toBody(values, zone);
      const parsed = record
        ? attendanceUpdateSchema.safeParse(body)
        : attendanceCreateSchema.safeParse({ ...body, driver_id: driverId, attendance_status: values.attendance_status });
      const errors: FieldErrors<DayFormValues> = {};
      for (const issue of parsed.error?.issues ?? []) {
        const field = formFieldOf(String(issue.path[0] ?? ''));
        if (field && !errors[field]) errors[field] = { type: 'validation', message: issue.message };
      }
      if (values.end && !values.start && !errors.start) errors.start = { type: 'validation', message: 'attendance.form.endNeedsStart' };
      return Object.keys(errors).length === 0 ? { values, errors: {} } : { values: {}, errors };
    },
    [record, driverId, zone],
  );
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<DayFormValues>({
    resolver,
    defaultValues: record ? valuesOf(record, zone) : { day: defaultDay, attendance_status: 'present', start: '', end: '', notes: '' },
  });
  const [status, start, end] = watch(['attendance_status', 'start', 'end']);
  const present = status === 'present';
  const worked = start && end ? minutesBetween(start, end) : null;
  const error = (field: Field) => translateMessage(errors[field]?.message);

  const submit = handleSubmit(async (values) => {
    const body = toBody(values, zone);
    try {
      const saved = record
        ? await update.mutateAsync({ id: record.id, body: present ? body : { day: body.day, notes: body.notes } })
        : await add.mutateAsync({ ...body, driver_id: driverId, attendance_status: values.attendance_status });
      toasts.success(t(record ? 'attendance.toast.updated' : 'attendance.toast.added', { day: dayLabel(saved.day) }));
      onClose();
    } catch (failure) {
      if (!applyServerFieldErrors(failure, setError, formFieldOf)) toasts.error(failure);
    }
  });

  return (
    <Modal
      opened
      onClose={isSubmitting ? () => undefined : onClose}
      title={record ? t('attendance.form.editTitle', { day: dayLabel(record.day) }) : t('attendance.form.addTitle')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { fontWeight: 700 } }}
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t('attendance.fields.day')} type="date" required {...register('day')} error={error('day')} />
            {record ? null : (
              <NativeSelect
                label={t('attendance.fields.attendance_status')}
                data={attendanceStatuses.map((value) => ({ value, label: t(`attendance.status.${value}`) }))}
                {...register('attendance_status')}
                error={error('attendance_status')}
              />
            )}
          </SimpleGrid>
          {present ? (
            <Stack gap={6}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput label={t('attendance.fields.start')} type="time" {...register('start')} error={error('start')} />
                <TextInput label={t('attendance.fields.end')} type="time" {...register('end')} error={error('end')} />
              </SimpleGrid>
              <Text size="sm">
                {t('attendance.form.timesHint', { zone })} {t('attendance.form.startHint')}
              </Text>
              <Text size="sm" fw={700} aria-live="polite">
                {worked === null
                  ? null
                  : [
                      t('attendance.form.worked', { hours: formatNumber(hoursOf(worked)) }),
                      end <= start ? t('attendance.form.endsNextDay') : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
              </Text>
            </Stack>
          ) : (
            <Text size="sm">{t('attendance.form.noTimes')}</Text>
          )}
          <Textarea label={t('attendance.fields.notes')} autosize minRows={2} maxRows={5} {...register('notes')} error={error('notes')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={isSubmitting} className="ps-primary-action">
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting} className="ps-primary-action">
              {record ? t('attendance.form.save') : t('attendance.form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
