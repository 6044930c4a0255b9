import { Loader, MultiSelect, NumberInput, Paper, Select, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import {
  type Booking,
  type BookingChannel,
  bookingChannels,
  bookingCreateSchema,
  bookingUpdateSchema,
  parkRideCreateSchema,
} from '@ps/contracts';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useMemo } from 'react';
import { Controller, type UseFormSetError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { UnsavedChangesDialog } from '../../components/ConfirmDialog';
import { BackToListLink, FormActions } from '../../components/FormKit';
import { IdSelect, keyboardScrollable } from '../../components/ReferenceSelects';
import { useFormToasts, useUnsavedChangesGuard } from '../../lib/forms';
import { translateMessage } from '../../lib/i18n';
import { useMoney } from '../../lib/money';
import { usePageTitle } from '../../lib/pageTitle';
import { bookingsResource, parkRideResource } from './api';
import { useAgencies, useAirports, useLocations, usePackages, useServices } from './api.choices';
import {
  type BookingFormValues,
  emptyValues,
  type Field,
  type FormKind,
  schemaResolver,
  showServerErrors,
  type timeFields,
  toCreateBody,
  toParkRideBody,
  toUpdateBody,
} from './bookingFormModel';
import { LivePrice } from './LivePrice';
import { validateBookingPrefill } from './search';

const newRoute = getRouteApi('/$companyId/bookings/new');
const parkRideNewRoute = getRouteApi('/$companyId/park-ride/new');

/** Hints go under their input, so the inputs of a row line up whether or not each has a hint. */
const hintBelow: ('label' | 'input' | 'description' | 'error')[] = ['label', 'input', 'description', 'error'];

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
  ) => Promise<void>;
}

export function BookingForm({ defaultValues, kind = 'parking', current, submitLabel, cancelHref, onSubmit }: BookingFormProps) {
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
  const channel = watch('channel');
  // Asked for a sale through an agency, and shown while the booking names one.
  const agencyAsked = channel === 'agency' || watch('agency_id') !== null;
  const agencies = useAgencies(agencyAsked);
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
                <IdSelect
                  label={t('bookings.fields.airport')}
                  inputWrapperOrder={hintBelow}
                  description={current ? t('bookings.form.airportFixed') : undefined}
                  placeholder={airports.isLoading ? t('app.loading') : t('bookings.form.chooseAirport')}
                  required
                  disabled={Boolean(current)}
                  nothingFoundMessage={t('common.nothingFound')}
                  data={airportOptions}
                  name={field.name}
                  ref={field.ref}
                  value={field.value}
                  onBlur={field.onBlur}
                  onChange={(value) => {
                    field.onChange(value);
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
                  <IdSelect
                    label={t('bookings.fields.car_park')}
                    inputWrapperOrder={hintBelow}
                    description={t('bookings.parkRide.carParkHint')}
                    placeholder={locations.isLoading ? t('app.loading') : t('bookings.parkRide.chooseCarPark')}
                    required
                    disabled={!airportId}
                    nothingFoundMessage={t('common.nothingFound')}
                    data={locationOptions}
                    name={field.name}
                    ref={field.ref}
                    value={field.value}
                    onBlur={field.onBlur}
                    onChange={field.onChange}
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
                    <IdSelect
                      label={t(`bookings.fields.${name === 'departure_id' ? 'departure' : 'arrival'}`)}
                      inputWrapperOrder={hintBelow}
                      description={name === 'arrival_id' ? t('bookings.form.arrivalHint') : undefined}
                      placeholder={locations.isLoading ? t('app.loading') : t('bookings.form.chooseLocation')}
                      required
                      disabled={!airportId}
                      nothingFoundMessage={t('common.nothingFound')}
                      data={locationOptions}
                      name={field.name}
                      ref={field.ref}
                      value={field.value}
                      onBlur={field.onBlur}
                      onChange={(value) => {
                        field.onChange(value);
                        // Parking starts and ends at one car park: the arrival follows until it is chosen.
                        if (name === 'departure_id' && !watch('arrival_id')) setValue('arrival_id', value, { shouldDirty: true });
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
                  <IdSelect
                    label={t('bookings.fields.package')}
                    inputWrapperOrder={hintBelow}
                    description={packages.isError ? t('bookings.form.unavailable') : t('bookings.form.packageHint')}
                    placeholder={packages.isLoading ? t('app.loading') : t('bookings.form.noPackage')}
                    clearable
                    clearButtonProps={{ 'aria-label': t('bookings.form.clearPackage') }}
                    nothingFoundMessage={t('common.nothingFound')}
                    data={packageOptions}
                    name={field.name}
                    ref={field.ref}
                    value={field.value}
                    onBlur={field.onBlur}
                    onChange={field.onChange}
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
                  onChange={(value) => {
                    const next = (value as BookingChannel | null) ?? 'phone';
                    field.onChange(next);
                    // Only an agency's sale names an agency.
                    if (next !== 'agency') setValue('agency_id', null, { shouldDirty: true });
                  }}
                  error={error('channel')}
                />
              )}
            />
            {agencyAsked ? (
              <Controller
                control={control}
                name="agency_id"
                render={({ field }) => (
                  <IdSelect
                    label={t('bookings.fields.agency')}
                    inputWrapperOrder={hintBelow}
                    description={agencies.isError ? t('bookings.form.unavailable') : t('bookings.form.agencyHint')}
                    placeholder={agencies.isLoading ? t('app.loading') : t('bookings.form.chooseAgency')}
                    required={channel === 'agency'}
                    clearable={channel !== 'agency'}
                    clearButtonProps={{ 'aria-label': t('bookings.form.clearAgency') }}
                    nothingFoundMessage={t('common.nothingFound')}
                    data={[
                      ...(agencies.data ?? []).map((agency) => ({ value: String(agency.id), label: agency.name })),
                      // The booking's own agency stays on the list when it is no longer active.
                      ...(current?.agency_id && current.agency_name && !agencies.data?.some((agency) => agency.id === current.agency_id)
                        ? [{ value: String(current.agency_id), label: current.agency_name }]
                        : []),
                    ]}
                    name={field.name}
                    ref={field.ref}
                    value={field.value}
                    onBlur={field.onBlur}
                    onChange={field.onChange}
                    error={error('agency_id')}
                  />
                )}
              />
            ) : null}
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

export function BackToList({ companyId, kind = 'parking' }: { companyId: string; kind?: FormKind }) {
  const { t } = useTranslation();
  const parkRide = kind === 'park_and_ride';
  return (
    <BackToListLink
      path={`/${companyId}/${parkRide ? 'park-ride' : 'bookings'}`}
      label={t(parkRide ? 'bookings.parkRide.backToList' : 'bookings.backToList')}
    />
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
