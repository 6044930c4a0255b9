// The booking form's times of the stay, in the order they happen: the drop-off and the pick-up, and for park and
// ride the shuttles to the terminal and back between them.
import { TextInput } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type FieldErrorOf, hintBelow } from './BookingFormParts';
import type { BookingFormValues, timeFields } from './bookingFormModel';

interface StayTime {
  name: (typeof timeFields)[number];
  label: string;
  description: string;
  required: boolean;
  /** The picker opens inside the range the times before and after allow. */
  min?: string;
  max?: string;
}

interface BookingFormTimesProps {
  form: Pick<UseFormReturn<BookingFormValues>, 'control' | 'watch'>;
  errorOf: FieldErrorOf;
  /** The shuttle times are asked for a new park-and-ride booking and shown on the edit of one. */
  shuttles: boolean;
  /** A new park-and-ride booking, which must name both shuttles. */
  parkRide: boolean;
  /** The airport's time zone, once an airport is chosen. */
  zone: string | undefined;
}

export function BookingFormTimes({ form, errorOf, shuttles, parkRide, zone }: BookingFormTimesProps) {
  const { t } = useTranslation();
  const { control, watch } = form;
  const [dropOff, shuttleOut, pickUp] = watch(['departure_local', 'shuttle_out_local', 'arrival_local']);
  const zoneHint = zone ? t('bookings.form.timeAt', { zone }) : t('bookings.form.timeAtAirport');
  const stayTimes: StayTime[] = shuttles
    ? [
        { name: 'departure_local', label: t('bookings.parkRide.dropOff'), description: zoneHint, required: true },
        {
          name: 'shuttle_out_local',
          label: t('bookings.parkRide.shuttleOut'),
          description: t('bookings.parkRide.shuttleOutHint'),
          required: parkRide,
          min: dropOff,
          max: pickUp,
        },
        {
          name: 'shuttle_back_local',
          label: t('bookings.parkRide.shuttleBack'),
          description: t('bookings.parkRide.shuttleBackHint'),
          required: parkRide,
          min: shuttleOut || dropOff,
          max: pickUp,
        },
        { name: 'arrival_local', label: t('bookings.parkRide.pickUp'), description: zoneHint, required: true, min: dropOff },
      ]
    : [
        { name: 'departure_local', label: t('bookings.fields.departure_at'), description: zoneHint, required: true },
        { name: 'arrival_local', label: t('bookings.fields.arrival_at'), description: zoneHint, required: true, min: dropOff },
      ];
  return stayTimes.map(({ name, label, description, required, min, max }) => (
    <Controller
      key={name}
      control={control}
      name={name}
      render={({ field }) => (
        <TextInput
          type="datetime-local"
          label={label}
          inputWrapperOrder={hintBelow}
          description={description}
          required={required}
          min={min || undefined}
          max={max || undefined}
          name={field.name}
          ref={field.ref}
          value={field.value}
          onBlur={field.onBlur}
          onChange={(event) => field.onChange(event.currentTarget.value)}
          error={errorOf(name)}
        />
      )}
    />
  ));
}
