import {
  Alert,
  Anchor,
  Group,
  List,
  Loader,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  type Booking,
  type BookingChannel,
  type BookingReprice,
  type BookingUpdate,
  bookingChannels,
  bookingCreateSchema,
  bookingUpdateSchema,
  parkRideCreateSchema,
  type Quote,
  V,
} from '@ps/contracts';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useMemo, useState } from 'react';
import { Controller, type FieldErrors, type Resolver, type UseFormSetError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, UnsavedChangesDialog } from '../../components/ConfirmDialog';
import { FormActions } from '../../components/FormKit';
import { RecordState } from '../../components/RecordState';
import { keyboardScrollable } from '../../components/ReferenceSelects';
import { ApiError } from '../../lib/api';
import { applyConflictErrors, applyServerFieldErrors, useFormToasts, useUnsavedChangesGuard } from '../../lib/forms';
import { translateMessage } from '../../lib/i18n';
import { useMoney } from '../../lib/money';
import { usePageTitle } from '../../lib/pageTitle';
import {
  bookingsResource,
  parkRideResource,
  type QuoteInput,
  repricePreview,
  useAirports,
  useIsClosed,
  useLiveQuote,
  useLocations,
  usePackages,
  useServices,
  useUpdateBooking,
} from './api';
import { validateBookingPrefill } from './search';
import { shuttleOrderProblems } from './shuttles';
import { dayOf, fromZonedLocal, toZonedLocal } from './zonedTime';

const newRoute = getRouteApi('/$companyId/bookings/new');
const parkRideNewRoute = getRouteApi('/$companyId/park-ride/new');
const editRoute = getRouteApi('/$companyId/bookings/$bookingId/edit');

/** Hints go under their input, so the inputs of a row line up whether or not each has a hint. */
const hintBelow: ('label' | 'input' | 'description' | 'error')[] = ['label', 'input', 'description', 'error'];

/**
 * What the form takes: a parking booking (a route between two locations, a package) or a park-and-ride one (a car
 * park, no package, and the shuttles to the terminal and back, `POST /api/park-ride/booking/add`).
 */
type FormKind = 'parking' | 'park_and_ride';

/** What the form edits: the API's fields, with the stay's times as the airport's wall clock. */
interface BookingFormValues {
  airport_id: number | null;
  departure_id: number | null;
  arrival_id: number | null;
  /** Park and ride: the car park, which is the route's both ends. */
  car_park_id: number | null;
  /** `YYYY-MM-DDTHH:mm` at the airport. */
  departure_local: string;
  arrival_local: string;
  /** Park and ride: the shuttle to the terminal and the one back, on the airport's clock; empty = none. */
  shuttle_out_local: string;
  shuttle_back_local: string;
  package_id: number | null;
  service_ids: number[];
  voucher_code: string;
  channel: BookingChannel;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  vehicle_reg: string;
  vehicle_make: string;
  vehicle_model: string;
  vehicle_colour: string;
  outbound_flight: string;
  return_flight: string;
  passengers: number | null;
  notes: string;
}
type Field = keyof BookingFormValues;

/** The API's field for each form field that has another name. */
const apiFieldOf: Partial<Record<Field, string>> = {
  departure_local: 'departure_at',
  arrival_local: 'arrival_at',
  shuttle_out_local: 'shuttle_out_at',
  shuttle_back_local: 'shuttle_back_at',
};
/** The times the form asks for as `YYYY-MM-DDTHH:mm`. */
const timeFields = ['departure_local', 'arrival_local', 'shuttle_out_local', 'shuttle_back_local'] as const;
const formFieldOf = (apiField: string): Field | undefined => {
  const renamed = (Object.keys(apiFieldOf) as Field[]).find((field) => apiFieldOf[field] === apiField);
  if (renamed) return renamed;
  return apiField in emptyValues ? (apiField as Field) : undefined;
};

const emptyValues: BookingFormValues = {
  airport_id: null,
  departure_id: null,
  arrival_id: null,
  car_park_id: null,
  departure_local: '',
  arrival_local: '',
  shuttle_out_local: '',
  shuttle_back_local: '',
  package_id: null,
  service_ids: [],
  voucher_code: '',
  channel: 'phone',
  customer_name: '',
  customer_email: '',
  customer_phone: '',
  vehicle_reg: '',
  vehicle_make: '',
  vehicle_model: '',
  vehicle_colour: '',
  outbound_flight: '',
  return_flight: '',
  passengers: 1,
  notes: '',
};

const orNull = (text: string) => (text.trim() === '' ? null : text);

/** A shuttle's instant, or null when the field is empty (an edit may clear it). */
const shuttleAt = (local: string, zone: string | undefined) => (local === '' ? null : zone ? fromZonedLocal(local, zone) : undefined);

/** The add body for the form's values (times turned into UTC instants at the airport's zone). */
function toCreateBody(values: BookingFormValues, zone: string | undefined): Record<string, unknown> {
  return {
    customer_name: values.customer_name,
    customer_email: orNull(values.customer_email),
    customer_phone: orNull(values.customer_phone),
    vehicle_reg: values.vehicle_reg,
    vehicle_make: orNull(values.vehicle_make),
    vehicle_model: orNull(values.vehicle_model),
    vehicle_colour: orNull(values.vehicle_colour),
    airport_id: values.airport_id ?? undefined,
    departure_id: values.departure_id ?? undefined,
    arrival_id: values.arrival_id ?? undefined,
    departure_at: zone ? fromZonedLocal(values.departure_local, zone) : undefined,
    arrival_at: zone ? fromZonedLocal(values.arrival_local, zone) : undefined,
    shuttle_out_at: shuttleAt(values.shuttle_out_local, zone),
    shuttle_back_at: shuttleAt(values.shuttle_back_local, zone),
    outbound_flight: orNull(values.outbound_flight),
    return_flight: orNull(values.return_flight),
    passengers: values.passengers ?? undefined,
    package_id: values.package_id,
    service_ids: values.service_ids,
    voucher_code: orNull(values.voucher_code.trim().toUpperCase()),
    channel: values.channel,
    notes: orNull(values.notes),
  };
}

/**
 * The park-and-ride add body: the car park instead of the route (the API makes it both ends), no package (the
 * shuttle is what is sold), both shuttles required.
 */
function toParkRideBody(values: BookingFormValues, zone: string | undefined): Record<string, unknown> {
  const { departure_id: _departure, arrival_id: _arrival, package_id: _package, ...body } = toCreateBody(values, zone);
  return {
    ...body,
    car_park_id: values.car_park_id ?? undefined,
    shuttle_out_at: body.shuttle_out_at ?? undefined,
    shuttle_back_at: body.shuttle_back_at ?? undefined,
  };
}

/** The shuttles' order on the whole stay, beside the shuttle that is wrong (shuttles.ts). */
function shuttleOrderErrors(body: Record<string, unknown>): FieldErrors<BookingFormValues> {
  const problems = shuttleOrderProblems(body);
  const errors: FieldErrors<BookingFormValues> = {};
  if (problems.shuttle_out_at) errors.shuttle_out_local = { type: 'validation', message: problems.shuttle_out_at };
  if (problems.shuttle_back_at) errors.shuttle_back_local = { type: 'validation', message: problems.shuttle_back_at };
  return errors;
}

/** The fields an edit changed, as the update body (only those: the API re-prices on a change of the stay). */
function toUpdateBody(values: BookingFormValues, original: BookingFormValues, zone: string): Record<string, unknown> {
  const all = toCreateBody(values, zone);
  const before = toCreateBody(original, zone);
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(all)) {
    if (key === 'airport_id' || key === 'service_ids') continue;
    if (JSON.stringify(value) !== JSON.stringify(before[key])) body[key] = value;
  }
  return body;
}

/** Fields whose change re-prices a booking (the API's rule): Save shows the new price first. */
const repricingFields = ['departure_id', 'arrival_id', 'departure_at', 'arrival_at', 'package_id', 'voucher_code'];

/**
 * The contract's schema checks the body the form would send; its messages land beside the form's fields. With
 * `shuttlesOf`, the shuttles' order is checked on the whole stay (an edit sends only what changed).
 */
function schemaResolver(
  toBody: (values: BookingFormValues) => Record<string, unknown>,
  schema: typeof bookingCreateSchema | typeof bookingUpdateSchema | typeof parkRideCreateSchema,
  shuttlesOf?: (values: BookingFormValues) => Record<string, unknown>,
) {
  const resolver: Resolver<BookingFormValues> = async (values) => {
    const body = toBody(values);
    // An edit that changed nothing saves nothing (the update schema asks for at least one field).
    if (schema === bookingUpdateSchema && Object.keys(body).length === 0) return { values, errors: {} };
    const parsed = schema.safeParse(body);
    const errors: FieldErrors<BookingFormValues> = {};
    for (const issue of parsed.error?.issues ?? []) {
      const field = formFieldOf(String(issue.path[0] ?? 'customer_name'));
      if (field && !errors[field]) errors[field] = { type: 'validation', message: issue.message };
    }
    if (shuttlesOf) Object.assign(errors, shuttleOrderErrors(shuttlesOf(values)));
    // A time left empty is missing, not "not allowed".
    for (const field of timeFields) if (errors[field] && values[field] === '') errors[field] = { type: 'validation', message: V.required };
    return Object.keys(errors).length === 0 ? { values, errors: {} } : { values: {}, errors };
  };
  return resolver;
}

function showServerErrors(error: unknown, setError: UseFormSetError<BookingFormValues>, kind: FormKind) {
  if (applyServerFieldErrors(error, setError, formFieldOf)) return;
  applyConflictErrors(error, setError, {
    // The car park named in the message is full on a day of the stay: beside the choice that names it.
    car_park_full: kind === 'park_and_ride' ? 'car_park_id' : 'departure_local',
    voucher_unknown: 'voucher_code',
    voucher_not_valid: 'voucher_code',
    voucher_used_up: 'voucher_code',
    voucher_inactive: 'voucher_code',
  });
}

interface BookingFormProps {
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
  ) => Promise<void>;
}

function BookingForm({ defaultValues, kind = 'parking', current, submitLabel, cancelHref, onSubmit }: BookingFormProps) {
  const { t } = useTranslation();
  const { format } = useMoney();
  const airports = useAirports();
  const packages = usePackages();
  const services = useServices();
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
  const {
    control,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<BookingFormValues>({ resolver, defaultValues });
  const { blocker, allowLeave } = useUnsavedChangesGuard(isDirty && !isSubmitting);
  const error = (field: Field) => translateMessage(errors[field]?.message);
  const airportId = watch('airport_id');
  // Park and ride starts and ends at a car park: only the airport's car parks are offered.
  const locations = useLocations(airportId ?? undefined, { carParksOnly: parkRide });

  const airportOptions = (airports.data ?? []).map((airport) => ({
    value: String(airport.id),
    label: `${airport.iata_code} · ${airport.name}`,
  }));
  const locationOptions = (locations.data ?? []).map((location) => ({ value: String(location.id), label: location.name }));
  const packageOptions = (packages.data ?? []).map((pkg) => ({
    value: String(pkg.id),
    label: `${pkg.name} (${t(`labels.bandTypes.${pkg.type}`)}, +${format(pkg.price)})`,
  }));
  const serviceOptions = (services.data ?? []).map((service) => ({
    value: String(service.id),
    label: `${service.name} (+${format(service.price)})`,
  }));
  const toId = (value: string | null) => (value ? Number(value) : null);
  const zone = zoneOf(airportId);
  const [dropOff, shuttleOut, pickUp] = watch(['departure_local', 'shuttle_out_local', 'arrival_local']);
  const zoneHint = zone ? t('bookings.form.timeAt', { zone }) : t('bookings.form.timeAtAirport');
  // The stay's times in the order they happen; the pickers open inside the allowed range.
  const stayTimes: {
    name: (typeof timeFields)[number];
    label: string;
    description: string;
    required: boolean;
    min?: string;
    max?: string;
  }[] = shuttles
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

  const text = (
    name: Field,
    label: string,
    props: { required?: boolean; maxLength?: number; type?: string; autoComplete?: string; description?: string } = {},
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextInput
          label={label}
          required={props.required}
          maxLength={props.maxLength}
          type={props.type}
          autoComplete={props.autoComplete ?? 'off'}
          inputWrapperOrder={hintBelow}
          description={props.description}
          name={field.name}
          ref={field.ref}
          value={String(field.value ?? '')}
          onBlur={field.onBlur}
          onChange={(event) => field.onChange(event.currentTarget.value)}
          error={error(name)}
        />
      )}
    />
  );

  return (
    <Paper
      component="form"
      p={{ base: 'md', sm: 'lg' }}
      radius="md"
      withBorder
      noValidate
      onSubmit={handleSubmit((values) => onSubmit(values, zone ?? 'UTC', setError, allowLeave))}
    >
      <Stack gap="lg">
        <FormSection title={t('bookings.form.stay')}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            <Controller
              control={control}
              name="airport_id"
              render={({ field }) => (
                <Select
                  {...keyboardScrollable}
                  label={t('bookings.fields.airport')}
                  inputWrapperOrder={hintBelow}
                  description={current ? t('bookings.form.airportFixed') : undefined}
                  placeholder={airports.isLoading ? t('app.loading') : t('bookings.form.chooseAirport')}
                  required
                  searchable
                  disabled={Boolean(current)}
                  nothingFoundMessage={t('common.nothingFound')}
                  data={airportOptions}
                  name={field.name}
                  ref={field.ref}
                  value={field.value ? String(field.value) : null}
                  onBlur={field.onBlur}
                  onChange={(value) => {
                    field.onChange(toId(value));
                    setValue('departure_id', null);
                    setValue('arrival_id', null);
                    setValue('car_park_id', null);
                  }}
                  error={error('airport_id')}
                />
              )}
            />
            {parkRide ? (
              <Controller
                control={control}
                name="car_park_id"
                render={({ field }) => (
                  <Select
                    {...keyboardScrollable}
                    label={t('bookings.fields.car_park')}
                    inputWrapperOrder={hintBelow}
                    description={t('bookings.parkRide.carParkHint')}
                    placeholder={locations.isLoading ? t('app.loading') : t('bookings.parkRide.chooseCarPark')}
                    required
                    searchable
                    disabled={!airportId}
                    nothingFoundMessage={t('common.nothingFound')}
                    data={locationOptions}
                    name={field.name}
                    ref={field.ref}
                    value={field.value ? String(field.value) : null}
                    onBlur={field.onBlur}
                    onChange={(value) => field.onChange(toId(value))}
                    error={error('car_park_id')}
                  />
                )}
              />
            ) : (
              (['departure_id', 'arrival_id'] as const).map((name) => (
                <Controller
                  key={name}
                  control={control}
                  name={name}
                  render={({ field }) => (
                    <Select
                      {...keyboardScrollable}
                      label={t(`bookings.fields.${name === 'departure_id' ? 'departure' : 'arrival'}`)}
                      inputWrapperOrder={hintBelow}
                      description={name === 'arrival_id' ? t('bookings.form.arrivalHint') : undefined}
                      placeholder={locations.isLoading ? t('app.loading') : t('bookings.form.chooseLocation')}
                      required
                      searchable
                      disabled={!airportId}
                      nothingFoundMessage={t('common.nothingFound')}
                      data={locationOptions}
                      name={field.name}
                      ref={field.ref}
                      value={field.value ? String(field.value) : null}
                      onBlur={field.onBlur}
                      onChange={(value) => {
                        field.onChange(toId(value));
                        // Parking starts and ends at one car park: the arrival follows until it is chosen.
                        if (name === 'departure_id' && !watch('arrival_id')) setValue('arrival_id', toId(value), { shouldDirty: true });
                      }}
                      error={error(name)}
                    />
                  )}
                />
              ))
            )}
            {stayTimes.map(({ name, label, description, required, min, max }) => (
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
                    error={error(name)}
                  />
                )}
              />
            ))}
            {parkRide ? null : (
              <Controller
                control={control}
                name="package_id"
                render={({ field }) => (
                  <Select
                    {...keyboardScrollable}
                    label={t('bookings.fields.package')}
                    inputWrapperOrder={hintBelow}
                    description={packages.isError ? t('bookings.form.unavailable') : t('bookings.form.packageHint')}
                    placeholder={packages.isLoading ? t('app.loading') : t('bookings.form.noPackage')}
                    clearable
                    clearButtonProps={{ 'aria-label': t('bookings.form.clearPackage') }}
                    searchable
                    nothingFoundMessage={t('common.nothingFound')}
                    data={packageOptions}
                    name={field.name}
                    ref={field.ref}
                    value={field.value ? String(field.value) : null}
                    onBlur={field.onBlur}
                    onChange={(value) => field.onChange(toId(value))}
                    error={error('package_id')}
                  />
                )}
              />
            )}
            {current ? null : (
              <Controller
                control={control}
                name="service_ids"
                render={({ field }) => (
                  <MultiSelect
                    {...keyboardScrollable}
                    label={t('bookings.fields.services')}
                    inputWrapperOrder={hintBelow}
                    description={services.isError ? t('bookings.form.unavailable') : undefined}
                    placeholder={field.value.length > 0 ? undefined : t('bookings.form.noServices')}
                    searchable
                    clearable
                    clearButtonProps={{ 'aria-label': t('bookings.form.clearServices') }}
                    nothingFoundMessage={t('common.nothingFound')}
                    data={serviceOptions}
                    name={field.name}
                    ref={field.ref}
                    value={field.value.map(String)}
                    onBlur={field.onBlur}
                    onChange={(values) => field.onChange(values.map(Number))}
                    error={error('service_ids')}
                  />
                )}
              />
            )}
            {text('voucher_code', t('bookings.fields.voucher_code'), { maxLength: 30 })}
            <Controller
              control={control}
              name="channel"
              render={({ field }) => (
                <Select
                  {...keyboardScrollable}
                  label={t('bookings.fields.channel')}
                  required
                  allowDeselect={false}
                  data={bookingChannels.map((channel) => ({ value: channel, label: t(`bookings.channels.${channel}`) }))}
                  name={field.name}
                  ref={field.ref}
                  value={field.value}
                  onBlur={field.onBlur}
                  onChange={(value) => field.onChange((value as BookingChannel | null) ?? 'phone')}
                  error={error('channel')}
                />
              )}
            />
          </SimpleGrid>
        </FormSection>

        {current ? null : <LivePrice values={watch()} zone={zone} kind={kind} />}

        <FormSection title={t('bookings.page.customer')}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {text('customer_name', t('bookings.fields.customer_name'), { required: true, maxLength: 100, autoComplete: 'off' })}
            {text('customer_phone', t('bookings.fields.customer_phone'), {
              type: 'tel',
              maxLength: 20,
              description: t('bookings.form.contactHint'),
            })}
            {text('customer_email', t('bookings.fields.customer_email'), { type: 'email', maxLength: 254 })}
            <Controller
              control={control}
              name="passengers"
              render={({ field }) => (
                <NumberInput
                  label={t('bookings.fields.passengers')}
                  required
                  min={1}
                  max={60}
                  allowDecimal={false}
                  allowNegative={false}
                  name={field.name}
                  ref={field.ref}
                  value={field.value ?? ''}
                  onBlur={field.onBlur}
                  onChange={(value) => field.onChange(value === '' ? null : Number(value))}
                  error={error('passengers')}
                />
              )}
            />
            {text('outbound_flight', t('bookings.fields.outbound_flight'), { maxLength: 10, description: t('bookings.form.flightHint') })}
            {text('return_flight', t('bookings.fields.return_flight'), { maxLength: 10 })}
          </SimpleGrid>
        </FormSection>

        <FormSection title={t('bookings.page.vehicle')}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
            {text('vehicle_reg', t('bookings.fields.vehicle_reg'), { required: true, maxLength: 15 })}
            {text('vehicle_make', t('bookings.fields.vehicle_make'), { maxLength: 50 })}
            {text('vehicle_model', t('bookings.fields.vehicle_model'), { maxLength: 50 })}
            {text('vehicle_colour', t('bookings.fields.vehicle_colour'), { maxLength: 50 })}
          </SimpleGrid>
        </FormSection>

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
              error={error('notes')}
            />
          )}
        />
        <FormActions cancelHref={cancelHref} submitLabel={submitLabel} busy={isSubmitting} />
      </Stack>
      <UnsavedChangesDialog blocked={blocker.status === 'blocked'} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
    </Paper>
  );
}

function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="fieldset" m={0} p={0} style={{ border: 0, minWidth: 0 }}>
      <Title order={2} size="h4" component="legend" mb="xs">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * The quote's inputs once the stay is complete (times -> the airport's calendar days). Park and ride is priced
 * as the API prices it: car park to car park with park_and_ride bands, no package.
 */
function quoteInputOf(values: BookingFormValues, kind: FormKind): QuoteInput | null {
  const departureDate = dayOf(values.departure_local);
  const arrivalDate = dayOf(values.arrival_local);
  const parkRide = kind === 'park_and_ride';
  const departureId = parkRide ? values.car_park_id : values.departure_id;
  const arrivalId = parkRide ? values.car_park_id : values.arrival_id;
  if (!values.airport_id || !departureId || !arrivalId || !departureDate || !arrivalDate) return null;
  return {
    airport_id: values.airport_id,
    departure_id: departureId,
    arrival_id: arrivalId,
    departure_date: departureDate,
    arrival_date: arrivalDate,
    package_id: parkRide ? undefined : (values.package_id ?? undefined),
    type: parkRide ? 'park_and_ride' : undefined,
    service_ids: values.service_ids.length > 0 ? values.service_ids.join(',') : undefined,
    voucher_code: values.voucher_code.trim() ? values.voucher_code.trim().toUpperCase() : undefined,
  };
}

/** The price of the stay as it is typed, with the steps that made it. */
function LivePrice({ values, zone, kind }: { values: BookingFormValues; zone: string | undefined; kind: FormKind }) {
  const { t } = useTranslation();
  const input = zone ? quoteInputOf(values, kind) : null;
  const [debounced] = useDebouncedValue(input, 400);
  const quote = useLiveQuote(debounced);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      bg="var(--mantine-color-gray-0)"
      aria-live="polite"
      aria-busy={quote.isFetching}
      data-testid="live-price"
    >
      <Title order={2} size="h4" mb="xs">
        {t('bookings.form.price')}
      </Title>
      {!debounced ? (
        <Text c="dimmed">{t(kind === 'park_and_ride' ? 'bookings.parkRide.priceWaiting' : 'bookings.form.priceWaiting')}</Text>
      ) : quote.error ? (
        <Alert color="red" variant="light" title={t('bookings.form.noPrice')} role="alert">
          {quote.error instanceof ApiError ? quote.error.message : t('app.errors.unexpected')}
        </Alert>
      ) : quote.data ? (
        <QuoteView quote={quote.data.quote} busy={quote.isFetching} />
      ) : (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{t('bookings.form.pricing')}</Text>
        </Group>
      )}
    </Paper>
  );
}

function QuoteView({ quote, busy }: { quote: Quote; busy: boolean }) {
  const { t } = useTranslation();
  const { format } = useMoney();
  return (
    <Stack gap="xs" style={{ overflowWrap: 'anywhere', opacity: busy ? 0.6 : 1 }}>
      <Group gap="sm" align="baseline">
        <Text fz={32} fw={700} lh={1.1} data-testid="live-total">
          {format(quote.total)}
        </Text>
        <Text c="dimmed">{t('bookings.form.days', { count: quote.days })}</Text>
      </Group>
      <List size="sm" spacing={4} data-testid="live-explanation">
        {quote.explanation.map((step) => (
          <List.Item key={step.step}>{step.text}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

function BackToList({ companyId, kind = 'parking' }: { companyId: string; kind?: FormKind }) {
  const { t } = useTranslation();
  const parkRide = kind === 'park_and_ride';
  return (
    <Anchor component={Link} to={`/${companyId}/${parkRide ? 'park-ride' : 'bookings'}`} size="sm" py={4}>
      {t(parkRide ? 'bookings.parkRide.backToList' : 'bookings.backToList')}
    </Anchor>
  );
}

/** A local wall-clock time on `day` (`YYYY-MM-DD`), e.g. the Quote screen's dates. */
const at = (day: string | undefined, time: string) => (day ? `${day}T${time}` : '');

/**
 * The submit of a new booking of either kind: `save` sends it; then the toast and its booking page, or the
 * server's refusals beside their fields.
 */
function useCreateSubmit(companyId: string, kind: FormKind, save: (values: BookingFormValues, zone: string) => Promise<Booking>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toasts = useFormToasts();
  const submit: BookingFormProps['onSubmit'] = async (values, zone, setError, allowLeave) => {
    try {
      const saved = await save(values, zone);
      toasts.success(t('bookings.toast.created', { reference: saved.reference }));
      allowLeave();
      await navigate({ to: '/$companyId/bookings/$bookingId', params: { companyId, bookingId: String(saved.id) } });
    } catch (error) {
      toasts.error(error);
      showServerErrors(error, setError, kind);
    }
  };
  return submit;
}

export function BookingCreatePage() {
  const { t } = useTranslation();
  usePageTitle(t('bookings.createTitle'));
  const { companyId } = newRoute.useParams();
  const raw = newRoute.useSearch() as Record<string, unknown>;
  const prefill = useMemo(() => validateBookingPrefill(raw), [raw]);
  const create = bookingsResource.useCreate();
  const submit = useCreateSubmit(companyId, 'parking', (values, zone) =>
    create.mutateAsync(bookingCreateSchema.parse(toCreateBody(values, zone))),
  );
  const defaultValues = useMemo<BookingFormValues>(
    () => ({
      ...emptyValues,
      airport_id: prefill.airport_id ?? null,
      departure_id: prefill.departure_id ?? null,
      arrival_id: prefill.arrival_id ?? prefill.departure_id ?? null,
      departure_local: at(prefill.departure_date, '08:00'),
      arrival_local: at(prefill.arrival_date, '18:00'),
      package_id: prefill.package_id ?? null,
      service_ids: prefill.service_ids ?? [],
      voucher_code: prefill.voucher_code ?? '',
    }),
    [prefill],
  );
  const airports = useAirports();
  return (
    <Stack gap="md" maw={1200}>
      <BackToList companyId={companyId} />
      <Title order={1} size="h2">
        {t('bookings.createTitle')}
      </Title>
      {prefill.airport_id && airports.isLoading ? (
        <Loader aria-label={t('app.loading')} />
      ) : (
        <BookingForm
          defaultValues={defaultValues}
          cancelHref={`/${companyId}/bookings`}
          submitLabel={t('bookings.form.create')}
          onSubmit={submit}
        />
      )}
    </Stack>
  );
}

/** A new park-and-ride booking: saved through `POST /api/park-ride/booking/add`, then its booking page. */
export function ParkRideCreatePage() {
  const { t } = useTranslation();
  usePageTitle(t('bookings.parkRide.createTitle'));
  const { companyId } = parkRideNewRoute.useParams();
  const create = parkRideResource.useCreate();
  const submit = useCreateSubmit(companyId, 'park_and_ride', (values, zone) =>
    create.mutateAsync(parkRideCreateSchema.parse(toParkRideBody(values, zone))),
  );
  return (
    <Stack gap="md" maw={1200}>
      <BackToList companyId={companyId} kind="park_and_ride" />
      <Title order={1} size="h2">
        {t('bookings.parkRide.createTitle')}
      </Title>
      <BookingForm
        kind="park_and_ride"
        defaultValues={emptyValues}
        cancelHref={`/${companyId}/park-ride`}
        submitLabel={t('bookings.form.create')}
        onSubmit={submit}
      />
    </Stack>
  );
}

/** The form's values of a saved booking (its times on the airport's clock). */
function valuesOf(booking: Booking): BookingFormValues {
  return {
    airport_id: booking.airport_id,
    departure_id: booking.departure_id,
    arrival_id: booking.arrival_id,
    car_park_id: booking.car_park_id,
    departure_local: toZonedLocal(booking.departure_at, booking.airport_time_zone),
    arrival_local: toZonedLocal(booking.arrival_at, booking.airport_time_zone),
    shuttle_out_local: booking.shuttle_out_at ? toZonedLocal(booking.shuttle_out_at, booking.airport_time_zone) : '',
    shuttle_back_local: booking.shuttle_back_at ? toZonedLocal(booking.shuttle_back_at, booking.airport_time_zone) : '',
    package_id: booking.package_id,
    service_ids: [],
    voucher_code: booking.voucher_code ?? '',
    channel: booking.channel,
    customer_name: booking.customer_name,
    customer_email: booking.customer_email ?? '',
    customer_phone: booking.customer_phone ?? '',
    vehicle_reg: booking.vehicle_reg,
    vehicle_make: booking.vehicle_make ?? '',
    vehicle_model: booking.vehicle_model ?? '',
    vehicle_colour: booking.vehicle_colour ?? '',
    outbound_flight: booking.outbound_flight ?? '',
    return_flight: booking.return_flight ?? '',
    passengers: booking.passengers,
    notes: booking.notes ?? '',
  };
}

export function BookingEditPage() {
  const { t } = useTranslation();
  const { companyId, bookingId } = editRoute.useParams();
  const id = Number(bookingId);
  const booking = bookingsResource.useOne(id);
  const title = booking.data ? t('bookings.editTitle', { reference: booking.data.reference }) : t('bookings.editTitleGeneric');
  usePageTitle(title);
  return (
    <Stack gap="md" maw={1200}>
      <BackToList companyId={companyId} />
      <Title order={1} size="h2">
        {title}
      </Title>
      <RecordState query={booking} notFoundTitle={t('bookings.notFound')}>
        {(current) => <ClosedOrEditForm booking={current} companyId={companyId} />}
      </RecordState>
    </Stack>
  );
}

/** The re-price preview's lines: the price fields of a booking, total last. */
const repriceLines = [
  ['bookings.price.base', 'base_price'],
  ['bookings.price.package', 'package_price'],
  ['bookings.price.services', 'services_price'],
  ['bookings.price.discount', 'discount'],
  ['bookings.fields.total', 'total'],
] as const satisfies readonly (readonly [string, keyof BookingReprice['before']])[];

/** A closed booking cannot be changed (the API refuses it): the page says so instead of offering a form. */
function ClosedOrEditForm({ booking, companyId }: { booking: Booking; companyId: string }) {
  const { t } = useTranslation();
  if (useIsClosed(booking)) {
    return (
      <Alert color="gray" variant="light" title={t('bookings.page.closedTitle')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('bookings.page.closed')}</Text>
          <Anchor component={Link} to={`/${companyId}/bookings/${booking.id}`}>
            {t('bookings.page.backToBooking')}
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  return <BookingEditForm key={booking.id} booking={booking} companyId={companyId} />;
}

interface PendingReprice {
  body: BookingUpdate;
  prices: BookingReprice;
  finish: (confirmed: boolean) => void;
}

function BookingEditForm({ booking, companyId }: { booking: Booking; companyId: string }) {
  const { t } = useTranslation();
  const { format } = useMoney();
  const navigate = useNavigate();
  const update = useUpdateBooking(booking.id);
  const toasts = useFormToasts();
  const original = useMemo(() => valuesOf(booking), [booking]);
  const [pending, setPending] = useState<PendingReprice | null>(null);
  const [saving, setSaving] = useState(false);

  /** Shows the old and new price and waits for the answer. */
  const askReprice = (body: BookingUpdate, prices: BookingReprice) =>
    new Promise<boolean>((resolve) =>
      setPending({
        body,
        prices,
        finish: (confirmed) => {
          setPending(null);
          resolve(confirmed);
        },
      }),
    );

  return (
    <>
      <BookingForm
        current={booking}
        defaultValues={original}
        cancelHref={`/${companyId}/bookings/${booking.id}`}
        submitLabel={t('bookings.form.save')}
        onSubmit={async (values, zone, setError, allowLeave) => {
          const changes = toUpdateBody(values, original, zone);
          if (Object.keys(changes).length === 0) {
            allowLeave();
            await navigate({ to: '/$companyId/bookings/$bookingId', params: { companyId, bookingId: String(booking.id) } });
            return;
          }
          const body = bookingUpdateSchema.parse(changes);
          try {
            if (Object.keys(body).some((key) => repricingFields.includes(key))) {
              const prices = await repricePreview(booking.id, body);
              if (!(await askReprice(body, prices))) return;
              setSaving(true);
            }
            const saved = await update.mutateAsync(body);
            toasts.success(t('bookings.toast.updated', { reference: saved.reference }));
            allowLeave();
            await navigate({ to: '/$companyId/bookings/$bookingId', params: { companyId, bookingId: String(saved.id) } });
          } catch (error) {
            toasts.error(error);
            showServerErrors(error, setError, 'parking');
          } finally {
            setSaving(false);
          }
        }}
      />
      <ConfirmDialog
        opened={pending !== null}
        title={t('bookings.reprice.title')}
        busy={saving}
        body={
          pending ? (
            <Stack gap="sm">
              <Text data-testid="reprice-summary">
                {t('bookings.reprice.body', { before: format(pending.prices.before.total), after: format(pending.prices.after.total) })}
              </Text>
              <Table verticalSpacing={4} aria-label={t('bookings.reprice.table')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th />
                    <Table.Th ta="right">{t('bookings.reprice.before')}</Table.Th>
                    <Table.Th ta="right">{t('bookings.reprice.after')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {repriceLines.map(([label, key]) => (
                    <Table.Tr key={key} fw={key === 'total' ? 700 : undefined}>
                      <Table.Th scope="row" fw={key === 'total' ? 700 : 400}>
                        {t(label)}
                      </Table.Th>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {format(pending.prices.before[key])}
                      </Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {format(pending.prices.after[key])}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Stack>
          ) : (
            ''
          )
        }
        confirmLabel={t('bookings.reprice.confirm')}
        onConfirm={() => pending?.finish(true)}
        onClose={() => pending?.finish(false)}
      />
    </>
  );
}
