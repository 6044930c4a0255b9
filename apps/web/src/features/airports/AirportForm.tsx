import { Paper, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { AirportCreateInput, CoreAirport } from '@ps/contracts';
import { useMemo } from 'react';
import { Controller, type Resolver, type UseFormSetError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { UnsavedChangesDialog } from '../../components/ConfirmDialog';
import { FormActions, StatusSwitchField } from '../../components/FormKit';
import { CountrySelect, keyboardScrollable, TimeZoneSelect } from '../../components/ReferenceSelects';
import { useCountries } from '../../lib/countries';
import { applyConflictErrors, applyServerFieldErrors, sameNameField, useUnsavedChangesGuard } from '../../lib/forms';
import { translateMessage } from '../../lib/i18n';
import { coreAirportsResource } from './api';
import { airportName } from './columns';

export type AirportFormValues = AirportCreateInput;
const formFields = ['iata_code', 'name', 'country_id', 'time_zone', 'status', 'core_airport_id'] as const;

/**
 * Shows what the server said about the fields beside them: 400 details per field, and the duplicate IATA
 * code (409) beside the code. The message itself is the form's own toast.
 */
export function showServerErrors(error: unknown, setError: UseFormSetError<AirportFormValues>) {
  applyServerFieldErrors(error, setError, sameNameField<AirportFormValues>(formFields));
  applyConflictErrors(error, setError, { airport_iata_taken: 'iata_code' });
}

/** Active core airports, for "add by picking a core airport". */
function useCoreAirportChoices(enabled: boolean) {
  const list = coreAirportsResource.useList({ page_size: 1000, status: 1 }, { enabled });
  return enabled ? list : undefined;
}

interface AirportFormProps<Output> {
  resolver: Resolver<AirportFormValues, unknown, Output>;
  defaultValues: Partial<AirportFormValues>;
  submitLabel: string;
  /** Where Cancel goes: the list the form was opened from. */
  cancelHref: string;
  /** The create form offers the core list to start from. */
  offerCoreAirports?: boolean;
  /** Saves; resolves true when saved (the form may then be left without asking). */
  onSubmit: (values: Output, setError: UseFormSetError<AirportFormValues>, allowLeave: () => void) => Promise<void>;
}

export function AirportForm<Output>({
  resolver,
  defaultValues,
  submitLabel,
  cancelHref,
  offerCoreAirports = false,
  onSubmit,
}: AirportFormProps<Output>) {
  const { t } = useTranslation();
  const countries = useCountries();
  const core = useCoreAirportChoices(offerCoreAirports);
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<AirportFormValues, unknown, Output>({ resolver, defaultValues });
  const { blocker, allowLeave } = useUnsavedChangesGuard(isDirty && !isSubmitting);
  const error = (message: string | undefined) => translateMessage(message);
  const countryId = watch('country_id');
  const countryIso = countries.data?.find((country) => country.id === countryId)?.iso_code;
  const coreId = watch('core_airport_id');

  const coreOptions = useMemo(
    () => (core?.data?.records ?? []).map((airport) => ({ value: String(airport.id), label: airportName(airport) })),
    [core?.data],
  );
  const pickCore = (airport: CoreAirport | undefined) => {
    const options = { shouldDirty: true, shouldValidate: false } as const;
    setValue('core_airport_id', airport?.id, options);
    if (!airport) return;
    setValue('iata_code', airport.iata_code, options);
    setValue('name', airport.name, options);
    setValue('country_id', airport.country_id, options);
    setValue('time_zone', airport.time_zone, options);
  };

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
        {offerCoreAirports ? (
          <Select
            label={t('airports.form.fromCore')}
            description={t('airports.form.fromCoreHint')}
            placeholder={core?.isLoading ? t('app.loading') : t('airports.form.chooseCore')}
            searchable
            clearable
            clearButtonProps={{ 'aria-label': t('airports.form.clearCore') }}
            nothingFoundMessage={t('common.nothingFound')}
            {...keyboardScrollable}
            data={coreOptions}
            value={coreId ? String(coreId) : null}
            onChange={(value) => pickCore(core?.data?.records.find((airport) => String(airport.id) === value))}
            error={error(errors.core_airport_id?.message)}
          />
        ) : null}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Controller
            control={control}
            name="iata_code"
            render={({ field }) => (
              <TextInput
                label={t('airports.fields.iata_code')}
                description={t('airports.form.iataHint')}
                required
                maxLength={3}
                autoCapitalize="characters"
                autoComplete="off"
                spellCheck={false}
                name={field.name}
                ref={field.ref}
                value={field.value ?? ''}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(event.currentTarget.value.toUpperCase())}
                error={error(errors.iata_code?.message)}
              />
            )}
          />
          <TextInput
            label={t('airports.fields.name')}
            description={t('airports.form.nameHint')}
            required
            autoComplete="off"
            error={error(errors.name?.message)}
            {...register('name')}
          />
          <Controller
            control={control}
            name="country_id"
            render={({ field }) => (
              <CountrySelect
                label={t('airports.fields.country')}
                placeholder={countries.isLoading ? t('app.loading') : t('airports.form.chooseCountry')}
                required
                nothingFoundMessage={t('common.nothingFound')}
                countries={countries.data}
                disabled={countries.isLoading}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(country) => field.onChange(country?.id)}
                error={error(errors.country_id?.message)}
              />
            )}
          />
          <Controller
            control={control}
            name="time_zone"
            render={({ field }) => (
              <TimeZoneSelect
                label={t('airports.fields.time_zone')}
                description={t('airports.form.timeZoneHint')}
                placeholder={t('airports.form.chooseTimeZone')}
                required
                nothingFoundMessage={t('common.nothingFound')}
                countryIso={countryIso}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={field.onChange}
                error={error(errors.time_zone?.message)}
              />
            )}
          />
        </SimpleGrid>
        <StatusSwitchField control={control} label={t('airports.form.active')} description={t('airports.form.activeHint')} />
        <FormActions cancelHref={cancelHref} submitLabel={submitLabel} busy={isSubmitting} />
      </Stack>
      <UnsavedChangesDialog blocked={blocker.status === 'blocked'} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
    </Paper>
  );
}
