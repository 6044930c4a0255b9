// The booking form of a new booking (parking or park and ride) and of an edit: its values are checked with the
// contracts' schema of the body it becomes, and it is laid out as the stay, its live price, the customer, the car
// and the notes.
import { Paper, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { type Booking, bookingCreateSchema, bookingUpdateSchema, type FreeSlot, parkRideCreateSchema } from '@ps/contracts';
import { useMemo, useState } from 'react';
import { Controller, type UseFormSetError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { UnsavedChangesDialog } from '../../components/ConfirmDialog';
import { FormActions } from '../../components/FormKit';
import { useUnsavedChangesGuard } from '../../lib/forms';
import { translateMessage } from '../../lib/i18n';
import { useAirports } from './api.choices';
import { useBookingFormChoices } from './BookingFormChoices';
import { BookingFormCustomer } from './BookingFormCustomer';
import { FormSection } from './BookingFormParts';
import { BookingFormRoute } from './BookingFormRoute';
import { BookingFormSale } from './BookingFormSale';
import { FreeSlotChoices } from './BookingFormSlots';
import { BookingFormTimes } from './BookingFormTimes';
import { BookingFormVehicle } from './BookingFormVehicle';
import {
  type BookingFormValues,
  type Field,
  type FormKind,
  schemaResolver,
  toCreateBody,
  toParkRideBody,
  toUpdateBody,
} from './bookingFormModel';
import { LivePrice } from './LivePrice';

export interface BookingFormProps {
  defaultValues: BookingFormValues;
  /** A new booking's kind; an edit follows the booking's own type. */
  kind?: FormKind;
  /** The edited booking (the airport and services are not changed here). */
  current?: Booking;
  submitLabel: string;
  cancelHref: string;
  onSubmit: (
    values: BookingFormValues,
    zone: string,
    setError: UseFormSetError<BookingFormValues>,
    allowLeave: () => void,
    /** Shows the free slots a full slot's refusal offered (none: nothing shown). */
    offerSlots: (slots: FreeSlot[]) => void,
  ) => Promise<void>;
}

export function BookingForm({ defaultValues, kind = 'parking', current, submitLabel, cancelHref, onSubmit }: BookingFormProps) {
  const { t } = useTranslation();
  const airports = useAirports();
  const zoneOf = (airportId: number | null) =>
    current?.airport_time_zone ?? airports.data?.find((airport) => airport.id === airportId)?.time_zone;
  /** A new park-and-ride booking: a car park and no package. */
  const parkRide = !current && kind === 'park_and_ride';
  /** The shuttle times are asked for a new park-and-ride booking and shown on the edit of one. */
  const shuttles = parkRide || current?.type === 'park_and_ride';
  const resolver = useMemo(() => {
    if (current) {
      const zone = current.airport_time_zone;
      return schemaResolver(
        (values) => toUpdateBody(values, defaultValues, zone),
        bookingUpdateSchema,
        shuttles ? (values) => toCreateBody(values, zone) : undefined,
      );
    }
    if (parkRide) {
      const body = (values: BookingFormValues) => toParkRideBody(values, zoneOf(values.airport_id));
      return schemaResolver(body, parkRideCreateSchema, body);
    }
    return schemaResolver((values) => toCreateBody(values, zoneOf(values.airport_id)), bookingCreateSchema);
  }, [current, defaultValues, airports.data, parkRide, shuttles]);
  const form = useForm<BookingFormValues>({ resolver, defaultValues });
  // The free slots offered beside a full one (issue 24, section 2), until one is taken or the form is sent again.
  const [freeSlots, setFreeSlots] = useState<FreeSlot[]>([]);
  const {
    control,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  const { blocker, allowLeave } = useUnsavedChangesGuard(isDirty && !isSubmitting);
  const errorOf = (field: Field) => translateMessage(errors[field]?.message);
  const airportId = watch('airport_id');
  const channel = watch('channel');
  // Asked for a sale through an agency, and shown while the booking names one.
  const agencyAsked = channel === 'agency' || watch('agency_id') !== null;
  const choices = useBookingFormChoices({ airports, airportId, parkRide, agencyAsked, current });
  const zone = zoneOf(airportId);

  return (
    <Paper
      component="form"
      p={{ base: 'md', sm: 'lg' }}
      radius="md"
      withBorder
      noValidate
      onSubmit={handleSubmit((values) => {
        setFreeSlots([]);
        return onSubmit(values, zone ?? 'UTC', setError, allowLeave, setFreeSlots);
      })}
    >
      <Stack gap="lg">
        <FormSection title={t('bookings.form.stay')}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            <BookingFormRoute
              form={form}
              errorOf={errorOf}
              airports={choices.airports}
              locations={choices.locations}
              parkRide={parkRide}
              airportFixed={Boolean(current)}
            />
            <BookingFormTimes form={form} errorOf={errorOf} shuttles={shuttles} parkRide={parkRide} zone={zone} />
            <BookingFormSale
              form={form}
              errorOf={errorOf}
              packages={choices.packages}
              services={choices.services}
              agencies={choices.agencies}
              withPackage={!parkRide}
              withServices={!current}
              channel={channel}
              agencyAsked={agencyAsked}
            />
          </SimpleGrid>
          <FreeSlotChoices
            slots={freeSlots}
            zone={zone}
            onPick={(slot) => {
              const field = slot.field === 'arrival_at' ? 'arrival_local' : 'departure_local';
              setValue(field, slot.local, { shouldDirty: true });
              clearErrors(field);
              setFreeSlots([]);
            }}
          />
        </FormSection>

        {current ? null : <LivePrice values={watch()} zone={zone} kind={kind} />}

        <BookingFormCustomer control={control} errorOf={errorOf} />
        <BookingFormVehicle control={control} errorOf={errorOf} />

        <Controller
          control={control}
          name="notes"
          render={({ field }) => (
            <Textarea
              label={t('bookings.fields.notes')}
              autosize
              minRows={2}
              maxLength={2000}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(event.currentTarget.value)}
              error={errorOf('notes')}
            />
          )}
        />
        <FormActions cancelHref={cancelHref} submitLabel={submitLabel} busy={isSubmitting} />
      </Stack>
      <UnsavedChangesDialog blocked={blocker.status === 'blocked'} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
    </Paper>
  );
}
