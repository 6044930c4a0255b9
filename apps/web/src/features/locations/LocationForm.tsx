import { Fieldset, NumberInput, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { CoreLocation, LocationType } from '@ps/contracts';
import { type ClipboardEvent, useMemo } from 'react';
import { Controller, type Resolver, type UseFormSetError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { UnsavedChangesDialog } from '../../components/ConfirmDialog';
import { FormActions, StatusSwitchField } from '../../components/FormKit';
import { keyboardScrollable } from '../../components/ReferenceSelects';
import { applyServerFieldErrors, sameNameField, useUnsavedChangesGuard } from '../../lib/forms';
import { translateMessage } from '../../lib/i18n';
import { useCoreLocationChoices } from './api';
import { Coordinates, useTypeLabel } from './columns';
import { LOCATION_TYPES } from './search';

/** The fields of both forms: a company location has `airport_id`, a core location `core_airport_id`. */
export interface LocationFormValues {
  airport_id?: number;
  core_airport_id?: number;
  core_location_id?: number | null;
  name: string;
  type?: LocationType;
  address?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  capacity?: number;
  status?: 0 | 1;
}
const formFields = [
  'airport_id',
  'core_airport_id',
  'core_location_id',
  'name',
  'type',
  'address',
  'latitude',
  'longitude',
  'capacity',
  'status',
] as const;

/** Puts the API's 400 details beside the fields (another company's airport comes back on `airport_id`). */
export function showServerErrors(error: unknown, setError: UseFormSetError<LocationFormValues>) {
  applyServerFieldErrors(error, setError, sameNameField<LocationFormValues>(formFields));
}

/** An airport the form offers. */
export interface AirportChoice {
  id: number;
  iata_code: string;
  name: string;
}

/** "51.4723, -0.4887" pasted into the latitude fills both fields (as maps copy a point). */
const PASTED_POINT = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*[,;\s]\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;

/** A number field's value for the schema: empty is null (no coordinates), a half-typed value stays text. */
const numberOrNull = (value: number | string) =>
  value === '' ? null : typeof value === 'number' ? value : Number.isFinite(Number(value)) ? Number(value) : value;

interface LocationFormProps<Output> {
  resolver: Resolver<LocationFormValues, unknown, Output>;
  defaultValues: Partial<LocationFormValues>;
  submitLabel: string;
  cancelHref: string;
  airportField: 'airport_id' | 'core_airport_id';
  airports: AirportChoice[] | undefined;
  airportsLoading: boolean;
  airportHint: string;
  /** Shown instead of the airport select when there is none to choose. */
  noAirportsText?: string;
  /** The company's create form offers the core list to start from. */
  offerCoreLocations?: boolean;
  onSubmit: (values: Output, setError: UseFormSetError<LocationFormValues>, allowLeave: () => void) => Promise<void>;
}

export function LocationForm<Output>({
  resolver,
  defaultValues,
  submitLabel,
  cancelHref,
  airportField,
  airports,
  airportsLoading,
  airportHint,
  noAirportsText,
  offerCoreLocations = false,
  onSubmit,
}: LocationFormProps<Output>) {
  const { t } = useTranslation();
  const typeLabel = useTypeLabel();
  const core = useCoreLocationChoices(offerCoreLocations);
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<LocationFormValues, unknown, Output>({ resolver, defaultValues });
  const { blocker, allowLeave } = useUnsavedChangesGuard(isDirty && !isSubmitting);
  const error = (message: string | undefined) => translateMessage(message);
  const [name, latitude, longitude, coreId] = watch(['name', 'latitude', 'longitude', 'core_location_id']);

  const airportOptions = useMemo(
    () => (airports ?? []).map((airport) => ({ value: String(airport.id), label: `${airport.iata_code} – ${airport.name}` })),
    [airports],
  );
  const coreOptions = useMemo(
    () =>
      offerCoreLocations
        ? (core.data?.records ?? []).map((place) => ({ value: String(place.id), label: `${place.core_airport_iata_code} · ${place.name}` }))
        : [],
    [core.data, offerCoreLocations],
  );
  const pickCore = (place: CoreLocation | undefined) => {
    const options = { shouldDirty: true, shouldValidate: false } as const;
    setValue('core_location_id', place?.id ?? null, options);
    if (!place) return;
    setValue('name', place.name, options);
    setValue('type', place.type, options);
    setValue('address', place.address, options);
    setValue('latitude', place.latitude, options);
    setValue('longitude', place.longitude, options);
    setValue('capacity', place.capacity, options);
    // The company's own airport with the core airport's code, when it has one.
    const airport = airports?.find((candidate) => candidate.iata_code === place.core_airport_iata_code);
    if (airport) setValue(airportField, airport.id, options);
  };
  const pastePoint = (event: ClipboardEvent<HTMLInputElement>) => {
    const match = PASTED_POINT.exec(event.clipboardData.getData('text'));
    if (!match) return;
    event.preventDefault();
    setValue('latitude', Number(match[1]), { shouldDirty: true, shouldValidate: true });
    setValue('longitude', Number(match[2]), { shouldDirty: true, shouldValidate: true });
  };
  const noAirports = !airportsLoading && airportOptions.length === 0 && noAirportsText;

  return (
    <Paper
      component="form"
      p={{ base: 'md', sm: 'lg' }}
      radius="md"
      withBorder
      noValidate
      onSubmit={handleSubmit((values) => onSubmit(values, setError, allowLeave))}
    >
      <Stack gap="md">
        {offerCoreLocations ? (
          <Select
            label={t('locations.form.fromCore')}
            description={t('locations.form.fromCoreHint')}
            placeholder={core.isLoading ? t('app.loading') : t('locations.form.chooseCore')}
            searchable
            clearable
            clearButtonProps={{ 'aria-label': t('locations.form.clearCore') }}
            nothingFoundMessage={t('common.nothingFound')}
            {...keyboardScrollable}
            data={coreOptions}
            value={coreId ? String(coreId) : null}
            onChange={(value) => pickCore(core.data?.records.find((place) => String(place.id) === value))}
            error={error(errors.core_location_id?.message)}
          />
        ) : null}
        {noAirports ? (
          <Text c="red.8" role="alert">
            {noAirportsText}
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Controller
            control={control}
            name={airportField}
            render={({ field }) => (
              <Select
                label={t('locations.fields.airport')}
                description={airportHint}
                placeholder={airportsLoading ? t('app.loading') : t('locations.form.chooseAirport')}
                required
                searchable
                nothingFoundMessage={t('common.nothingFound')}
                {...keyboardScrollable}
                data={airportOptions}
                disabled={airportsLoading}
                name={field.name}
                ref={field.ref}
                value={field.value ? String(field.value) : null}
                onBlur={field.onBlur}
                onChange={(value) => field.onChange(value ? Number(value) : undefined)}
                error={error((airportField === 'airport_id' ? errors.airport_id : errors.core_airport_id)?.message)}
              />
            )}
          />
          <TextInput
            label={t('locations.fields.name')}
            description={t('locations.form.nameHint')}
            required
            autoComplete="off"
            error={error(errors.name?.message)}
            {...register('name')}
          />
          <Controller
            control={control}
            name="type"
            render={({ field }) => (
              <Select
                label={t('locations.fields.type')}
                placeholder={t('locations.form.chooseType')}
                required
                allowDeselect={false}
                data={LOCATION_TYPES.map((type) => ({ value: type, label: typeLabel(type) }))}
                name={field.name}
                ref={field.ref}
                value={field.value ?? null}
                onBlur={field.onBlur}
                onChange={(value) => field.onChange(value ?? undefined)}
                error={error(errors.type?.message)}
              />
            )}
          />
          <Controller
            control={control}
            name="capacity"
            render={({ field }) => (
              <NumberInput
                label={t('locations.fields.capacity')}
                description={t('locations.form.capacityHint')}
                min={0}
                max={100_000}
                allowDecimal={false}
                allowNegative={false}
                thousandSeparator={false}
                name={field.name}
                ref={field.ref}
                value={field.value ?? ''}
                onBlur={field.onBlur}
                onChange={(value) => field.onChange(value === '' ? undefined : numberOrNull(value))}
                error={error(errors.capacity?.message)}
              />
            )}
          />
        </SimpleGrid>
        <Textarea
          label={t('locations.fields.address')}
          description={t('locations.form.addressHint')}
          autosize
          minRows={2}
          maxRows={4}
          error={error(errors.address?.message)}
          {...register('address')}
        />
        <Fieldset legend={t('locations.form.coordinates')} radius="md">
          <Stack gap="sm">
            <Text size="sm" id="coordinates-hint">
              {t('locations.form.coordinatesHint')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Controller
                control={control}
                name="latitude"
                render={({ field }) => (
                  <NumberInput
                    label={t('locations.fields.latitude')}
                    aria-describedby="coordinates-hint"
                    min={-90}
                    max={90}
                    decimalScale={7}
                    thousandSeparator={false}
                    hideControls
                    inputMode="decimal"
                    name={field.name}
                    ref={field.ref}
                    value={field.value ?? ''}
                    onBlur={field.onBlur}
                    onPaste={pastePoint}
                    onChange={(value) => field.onChange(numberOrNull(value))}
                    error={error(errors.latitude?.message)}
                  />
                )}
              />
              <Controller
                control={control}
                name="longitude"
                render={({ field }) => (
                  <NumberInput
                    label={t('locations.fields.longitude')}
                    aria-describedby="coordinates-hint"
                    min={-180}
                    max={180}
                    decimalScale={7}
                    thousandSeparator={false}
                    hideControls
                    inputMode="decimal"
                    name={field.name}
                    ref={field.ref}
                    value={field.value ?? ''}
                    onBlur={field.onBlur}
                    onChange={(value) => field.onChange(numberOrNull(value))}
                    error={error(errors.longitude?.message)}
                  />
                )}
              />
            </SimpleGrid>
            {typeof latitude === 'number' && typeof longitude === 'number' ? (
              <Coordinates place={{ name: name || t('locations.fields.coordinates'), latitude, longitude }} />
            ) : null}
          </Stack>
        </Fieldset>
        <StatusSwitchField control={control} label={t('locations.form.active')} description={t('locations.form.activeHint')} />
        <FormActions cancelHref={cancelHref} submitLabel={submitLabel} busy={isSubmitting} />
      </Stack>
      <UnsavedChangesDialog blocked={blocker.status === 'blocked'} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
    </Paper>
  );
}
