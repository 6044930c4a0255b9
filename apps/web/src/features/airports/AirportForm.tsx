import { Button, Group, Paper, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { type AirportCreateInput, knownTimeZones } from '@ps/contracts';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { Controller, type Resolver, type UseFormSetError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { applyServerFieldErrors, sameNameField } from '../../lib/forms';
import { translateMessage } from '../../lib/i18n';
import { useCountries } from '../countries/api';
import { useCountryName } from '../countries/names';

export type AirportFormValues = AirportCreateInput;
const formFields = ['iata_code', 'name', 'country_id', 'time_zone', 'status'] as const;

/**
 * Shows what the server said about the fields beside them: 400 details per field, and the duplicate IATA
 * code (409) beside the code. The message itself is toasted by the query client.
 */
export function showServerErrors(error: unknown, setError: UseFormSetError<AirportFormValues>, message: string) {
  applyServerFieldErrors(error, setError, sameNameField<AirportFormValues>(formFields));
  if (error instanceof ApiError && error.code === 'airport_iata_taken') {
    setError('iata_code', { type: 'server', message }, { shouldFocus: true });
  }
}

interface AirportFormProps<Output> {
  resolver: Resolver<AirportFormValues, unknown, Output>;
  defaultValues: Partial<AirportFormValues>;
  submitLabel: string;
  companyId: string;
  onSubmit: (values: Output, setError: UseFormSetError<AirportFormValues>) => Promise<void>;
}

export function AirportForm<Output>({ resolver, defaultValues, submitLabel, companyId, onSubmit }: AirportFormProps<Output>) {
  const { t, i18n } = useTranslation();
  const countries = useCountries();
  const timeZones = useMemo(() => knownTimeZones(), []);
  const countryName = useCountryName();
  const countryOptions = useMemo(
    () =>
      (countries.data ?? [])
        .map((country) => ({ value: String(country.id), label: countryName(country.iso_code, country.name) }))
        .sort((a, b) => a.label.localeCompare(b.label, i18n.language)),
    [countries.data, countryName, i18n.language],
  );
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AirportFormValues, unknown, Output>({ resolver, defaultValues });
  const error = (message: string | undefined) => translateMessage(message);

  return (
    <Paper
      component="form"
      p={{ base: 'md', sm: 'lg' }}
      radius="md"
      withBorder
      noValidate
      onSubmit={handleSubmit((values) => onSubmit(values, setError))}
    >
      <Stack gap="md">
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
              <Select
                label={t('airports.fields.country')}
                placeholder={countries.isLoading ? t('app.loading') : t('airports.form.chooseCountry')}
                required
                searchable
                nothingFoundMessage={t('common.nothingFound')}
                data={countryOptions}
                disabled={countries.isLoading}
                name={field.name}
                ref={field.ref}
                value={field.value ? String(field.value) : null}
                onBlur={field.onBlur}
                onChange={(value) => field.onChange(value ? Number(value) : undefined)}
                error={error(errors.country_id?.message)}
              />
            )}
          />
          <Controller
            control={control}
            name="time_zone"
            render={({ field }) => (
              <Select
                label={t('airports.fields.time_zone')}
                placeholder={t('airports.form.chooseTimeZone')}
                required
                searchable
                limit={100}
                nothingFoundMessage={t('common.nothingFound')}
                data={timeZones}
                name={field.name}
                ref={field.ref}
                value={field.value || null}
                onBlur={field.onBlur}
                onChange={(value) => field.onChange(value ?? '')}
                error={error(errors.time_zone?.message)}
              />
            )}
          />
        </SimpleGrid>
        <Controller
          control={control}
          name="status"
          render={({ field }) => (
            <Switch
              label={t('airports.form.active')}
              description={t('airports.form.activeHint')}
              checked={field.value !== 0}
              onChange={(event) => field.onChange(event.currentTarget.checked ? 1 : 0)}
              name={field.name}
              ref={field.ref}
            />
          )}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" component={Link} to={`/${companyId}/airports`}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
