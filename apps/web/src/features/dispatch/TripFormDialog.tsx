import { Alert, Button, Group, Modal, SegmentedControl, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { Trip, TripType } from '@ps/contracts';
import { tripTypes } from '@ps/contracts/common/tripStates';
import { dayIn, fromZonedLocal, toZonedLocal } from '@ps/contracts/common/zonedTime';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { IconTrash } from '../../components/icons';
import { MoneyInput } from '../../components/MoneyInput';
import { ApiError } from '../../lib/api';
import { useSeesMoney } from '../../lib/finance';
import { useMoney } from '../../lib/format';
import { translateMessage } from '../../lib/i18n';
import { toastSuccess } from '../../lib/toast';
import { useDeleteTrip, useSaveTrip, useTripPlaces } from './api';
import { isOpen } from './plan';
import { clockIn } from './time';

/** A place as the selects hold it: `location:12` or `yard:3` (each end of a trip is one or the other). */
type PlaceValue = `${'location' | 'yard'}:${number}`;

interface TripFormValues {
  type: TripType;
  time: string;
  from: PlaceValue | null;
  to: PlaceValue | null;
  fee: number | null;
  notes: string;
}

type TripFormErrors = Partial<Record<'time' | 'from' | 'to' | 'fee' | 'notes' | 'form', string>>;

function placeOf(locationId: number | null, yardId: number | null): PlaceValue | null {
  if (locationId !== null) return `location:${locationId}`;
  if (yardId !== null) return `yard:${yardId}`;
  return null;
}

/** The body's two fields of one end: the chosen one set, the other cleared. */
function endOf(end: 'from' | 'to', place: PlaceValue) {
  const [kind, id] = place.split(':') as ['location' | 'yard', string];
  return kind === 'location'
    ? { [`${end}_location_id`]: Number(id), [`${end}_yard_id`]: null }
    : { [`${end}_yard_id`]: Number(id), [`${end}_location_id`]: null };
}

/** A new trip starts at the next full hour of today, or at 09:00 of another day. */
function startTime(day: string, zone: string): string {
  if (day !== dayIn(zone)) return `${day}T09:00`;
  const next = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000);
  const local = toZonedLocal(next, zone);
  return local.startsWith(day) ? local : `${day}T23:00`;
}

function valuesOf(trip: Trip | null, day: string, zone: string): TripFormValues {
  if (!trip) return { type: 'shuttle', time: startTime(day, zone), from: null, to: null, fee: null, notes: '' };
  return {
    type: trip.type,
    time: toZonedLocal(trip.scheduled_at, zone),
    from: placeOf(trip.from_location_id, trip.from_yard_id),
    to: placeOf(trip.to_location_id, trip.to_yard_id),
    fee: trip.driver_fee,
    notes: trip.notes ?? '',
  };
}

/** The API's field errors on the form's fields (each end's location and yard are one select). */
function fieldErrorsOf(error: unknown): TripFormErrors | null {
  if (!(error instanceof ApiError) || error.details.length === 0) return null;
  const fields: Record<string, keyof TripFormErrors> = {
    scheduled_at: 'time',
    from_location_id: 'from',
    from_yard_id: 'from',
    to_location_id: 'to',
    to_yard_id: 'to',
    driver_fee: 'fee',
    notes: 'notes',
  };
  const errors: TripFormErrors = {};
  for (const detail of error.details) {
    const field = fields[detail.field];
    if (field) errors[field] = translateMessage(detail.code) ?? detail.message;
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/**
 * A trip added by hand (a shuttle run, an extra leg) or changed: its type, time on the company's clock, where it
 * starts and ends (a location or a yard), the driver's fee and notes. The driver is picked on the trip's card.
 * Once a trip has started, finished or been cancelled only its fee and notes change (the API's rule, said here).
 * A trip made by hand that never happened can be deleted; a booking's trips are cancelled instead, since the
 * booking would make them again.
 */
export function TripFormDialog({
  opened,
  trip,
  day,
  zone,
  canDelete,
  onClose,
}: {
  opened: boolean;
  /** The trip to change; null adds one on `day`. */
  trip: Trip | null;
  day: string;
  zone: string;
  canDelete: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveTrip(zone);
  const remove = useDeleteTrip();
  const places = useTripPlaces(opened);
  const { currency } = useMoney();
  // A driver's fee is pay: only a role that may see money sets it (without one, a new trip takes the company's fee).
  const seesPay = useSeesMoney();
  const [values, setValues] = useState<TripFormValues>(() => valuesOf(trip, day, zone));
  const [errors, setErrors] = useState<TripFormErrors>({});
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  // Each opening starts from the trip as it is (or an empty new trip); a refetch behind the dialog keeps the typing.
  const tripId = trip?.id ?? null;
  useEffect(() => {
    if (!opened) return;
    setValues(valuesOf(trip, day, zone));
    setErrors({});
  }, [opened, tripId]);

  // Who, when and where change only while the trip is open (the API's rule); after that only fee and notes.
  const planning = trip === null || isOpen(trip);
  const deletable = canDelete && trip !== null && trip.booking_id === null && trip.status !== 'started' && trip.status !== 'completed';
  const busy = save.isPending || remove.isPending;
  const set = <K extends keyof TripFormValues>(key: K, value: TripFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key === 'type' ? 'form' : key]: undefined }));
  };
  const close = () => {
    if (!busy) onClose();
  };
  const named = trip
    ? { time: clockIn(zone, trip.scheduled_at), reference: trip.booking_reference ?? t(`dispatch.types.${trip.type}`) }
    : { time: '', reference: '' };

  const placeData = [
    {
      group: t('dispatch.form.locations'),
      items: (places.data?.locations ?? []).map((location) => ({
        value: `location:${location.id}`,
        label: `${location.name} (${location.airport_iata_code})`,
      })),
    },
    {
      group: t('dispatch.form.yards'),
      items: (places.data?.yards ?? []).map((yard) => ({ value: `yard:${yard.id}`, label: yard.name })),
    },
  ].filter((group) => group.items.length > 0);
  // A trip's place that is no longer active still shows as its own.
  const known = new Set(placeData.flatMap((group) => group.items.map((item) => item.value)));
  if (trip) {
    const own = [
      { value: placeOf(trip.from_location_id, trip.from_yard_id), label: trip.from_name },
      { value: placeOf(trip.to_location_id, trip.to_yard_id), label: trip.to_name },
    ].filter((item): item is { value: PlaceValue; label: string } => item.value !== null && !known.has(item.value));
    if (own.length > 0) placeData.unshift({ group: t('dispatch.form.current'), items: own });
  }

  const submit = () => {
    const scheduledAt = fromZonedLocal(values.time, zone);
    const problems: TripFormErrors = {};
    if (planning) {
      if (!scheduledAt) problems.time = values.time ? t('validation.invalidValue') : t('validation.required');
      if (!values.from) problems.from = t('validation.required');
      if (!values.to) problems.to = t('validation.required');
      if (values.from && values.from === values.to) problems.to = t('dispatch.form.samePlace');
    }
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const notes = values.notes.trim() || null;
    const planned =
      planning && values.from && values.to && scheduledAt
        ? { type: values.type, scheduled_at: scheduledAt, ...endOf('from', values.from), ...endOf('to', values.to) }
        : null;
    // An empty fee on a new trip is the company's trip fee (the API's default); a trip's fee is never emptied.
    const fee = values.fee === null ? {} : { driver_fee: values.fee };
    // A new trip is always planned here (the checks above).
    const input = trip
      ? { tripId: trip.id, body: { ...planned, ...fee, notes } }
      : planned && { tripId: null, body: { ...planned, ...fee, notes } };
    if (!input) return;
    save.mutate(input, {
      onSuccess: (saved) => {
        const done = { time: clockIn(zone, saved.scheduled_at), reference: saved.booking_reference ?? t(`dispatch.types.${saved.type}`) };
        toastSuccess(t(trip ? 'dispatch.form.updated' : 'dispatch.form.added', done));
        onClose();
      },
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        if (fields) setErrors(fields);
        else if (error instanceof ApiError) setErrors({ form: error.handled ? undefined : error.message });
        else setErrors({ form: t('app.errors.unexpected') });
      },
    });
  };

  const deleteTrip = () => {
    if (!trip) return;
    remove.mutate(trip.id, {
      onSuccess: () => {
        toastSuccess(t('dispatch.form.deleted', named));
        setConfirmingDelete(false);
        onClose();
      },
      onError: () => setConfirmingDelete(false),
    });
  };

  return (
    <>
      <Modal
        opened={opened && !confirmingDelete}
        onClose={close}
        title={trip ? t('dispatch.form.editTitle', named) : t('dispatch.form.addTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
        styles={{ title: { fontWeight: 700 } }}
      >
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="md">
            {trip && !planning ? <Text size="sm">{t('dispatch.form.closedHint')}</Text> : null}
            {trip && trip.booking_id !== null && planning ? <Text size="sm">{t('dispatch.form.bookingHint')}</Text> : null}
            {errors.form ? (
              <Alert color="red" variant="light" role="alert" styles={{ message: { color: 'var(--mantine-color-red-9)' } }}>
                {errors.form}
              </Alert>
            ) : null}
            <Stack gap={4}>
              <Text component="span" size="sm" fw={500} id="trip-form-type">
                {t('dispatch.form.type')}
              </Text>
              <SegmentedControl
                aria-labelledby="trip-form-type"
                value={values.type}
                onChange={(value) => set('type', value as TripType)}
                disabled={!planning || busy}
                data={tripTypes.map((type) => ({ value: type, label: t(`dispatch.types.${type}`) }))}
                fullWidth
              />
              <Text size="xs">{t(`dispatch.typeHints.${values.type}`)}</Text>
            </Stack>
            <TextInput
              type="datetime-local"
              label={t('dispatch.form.time')}
              description={t('dispatch.flight.estimateHint', { zone })}
              required
              value={values.time}
              onChange={(event) => set('time', event.currentTarget.value)}
              error={errors.time}
              disabled={!planning || busy}
              data-autofocus
            />
            <Select
              label={t('dispatch.form.from')}
              placeholder={places.isLoading ? t('app.loading') : t('dispatch.form.choosePlace')}
              required
              searchable
              data={placeData}
              value={values.from}
              onChange={(value) => set('from', value as PlaceValue | null)}
              error={errors.from}
              disabled={!planning || busy}
              nothingFoundMessage={t('common.nothingFound')}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label={t('dispatch.form.to')}
              placeholder={places.isLoading ? t('app.loading') : t('dispatch.form.choosePlace')}
              required
              searchable
              data={placeData}
              value={values.to}
              onChange={(value) => set('to', value as PlaceValue | null)}
              error={errors.to}
              disabled={!planning || busy}
              nothingFoundMessage={t('common.nothingFound')}
              comboboxProps={{ withinPortal: true }}
            />
            {seesPay ? (
              <MoneyInput
                label={t('dispatch.form.fee')}
                description={trip ? undefined : t('dispatch.form.feeHint')}
                currency={currency}
                value={values.fee}
                onChange={(minor) => set('fee', minor)}
                error={errors.fee}
                disabled={busy}
              />
            ) : null}
            <Textarea
              label={t('dispatch.form.notes')}
              autosize
              minRows={2}
              maxLength={500}
              value={values.notes}
              onChange={(event) => set('notes', event.currentTarget.value)}
              error={errors.notes}
              disabled={busy}
            />
            <Group justify={deletable ? 'space-between' : 'flex-end'} gap="sm">
              {deletable ? (
                <Button
                  variant="subtle"
                  color="red.8"
                  leftSection={<IconTrash size={18} aria-hidden />}
                  onClick={() => setConfirmingDelete(true)}
                  disabled={busy}
                >
                  {t('dispatch.form.delete')}
                </Button>
              ) : null}
              <Group gap="sm">
                <Button variant="default" onClick={close} disabled={busy} className="ps-primary-action">
                  {t('common.cancel')}
                </Button>
                <Button type="submit" loading={save.isPending} className="ps-primary-action">
                  {trip ? t('dispatch.form.save') : t('dispatch.form.add')}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      </Modal>
      <ConfirmDialog
        opened={confirmingDelete}
        title={t('dispatch.form.deleteTitle')}
        body={t('dispatch.form.deleteBody', named)}
        confirmLabel={t('dispatch.form.delete')}
        tone="danger"
        busy={remove.isPending}
        onConfirm={deleteTrip}
        onClose={() => setConfirmingDelete(false)}
      />
    </>
  );
}
