import { Divider, MultiSelect, Paper, PasswordInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { CompanyCreateInput } from '@ps/contracts';
import { useMemo } from 'react';
import { Controller, type Resolver, type UseFormSetError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { UnsavedChangesDialog } from '../../components/ConfirmDialog';
import { FormActions, StatusSwitchField } from '../../components/FormKit';
import { CountrySelect, keyboardScrollable, TimeZoneSelect } from '../../components/ReferenceSelects';
import { useCountries } from '../../lib/countries';
import { applyConflictErrors, applyServerFieldErrors, sameNameField, useUnsavedChangesGuard } from '../../lib/forms';
import { translateMessage } from '../../lib/i18n';
import { companiesResource, currencyOptions } from './api';

/** The create form's values; the edit form has the same minus the first admin. */
export type CompanyFormValues = Omit<CompanyCreateInput, 'admin'> & { admin?: CompanyCreateInput['admin'] };

const formFields = [
  'name',
  'contact_email',
  'contact_phone',
  'address',
  'country_id',
  'time_zone',
  'currency',
  'status',
  'partner_ids',
  'admin.name',
  'admin.email',
  'admin.temporary_password',
] as const;

/** What the server said, beside the fields: 400 details, a taken admin e-mail, a partner refused. */
export function showServerErrors(error: unknown, setError: UseFormSetError<CompanyFormValues>) {
  applyServerFieldErrors(error, setError, sameNameField<CompanyFormValues>(formFields));
  applyConflictErrors(error, setError, { email_taken: 'admin.email', partner_invalid: 'partner_ids' });
}

/** An empty optional text box is "not given" (null), not an empty string the API would check. */
const emptyAsNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

interface CompanyFormProps<Output> {
  resolver: Resolver<CompanyFormValues, unknown, Output>;
  defaultValues: Partial<CompanyFormValues>;
  submitLabel: string;
  /** The company being edited (it cannot be its own partner); none when creating. */
  companyId?: number;
  /** Shown read-only when editing: the key of the company's sign-in page and public site. */
  clientKey?: string;
  onSubmit: (values: Output, setError: UseFormSetError<CompanyFormValues>, allowLeave: () => void) => Promise<void>;
}

export function CompanyForm<Output>({ resolver, defaultValues, submitLabel, companyId, clientKey, onSubmit }: CompanyFormProps<Output>) {
  const { t, i18n } = useTranslation();
  const countries = useCountries();
  const others = companiesResource.useList({ page_size: 1000 });
  const creating = companyId === undefined;
  const {
    control,
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<CompanyFormValues, unknown, Output>({ resolver, defaultValues });
  const { blocker, allowLeave } = useUnsavedChangesGuard(isDirty && !isSubmitting);
  const error = (message: string | undefined) => translateMessage(message);
  const countryId = watch('country_id');
  const countryIso = countries.data?.find((country) => country.id === countryId)?.iso_code;
  const currencies = useMemo(() => currencyOptions(i18n.language), [i18n.language]);
  const partnerOptions = useMemo(
    () =>
      (others.data?.records ?? [])
        .filter((company) => company.id !== companyId)
        .map((company) => ({ value: String(company.id), label: company.name })),
    [others.data, companyId],
  );

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
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <TextInput
            label={t('companies.fields.name')}
            required
            autoComplete="organization"
            error={error(errors.name?.message)}
            {...register('name')}
          />
          <TextInput
            label={t('companies.fields.contact_email')}
            type="email"
            required
            autoComplete="email"
            error={error(errors.contact_email?.message)}
            {...register('contact_email')}
          />
          <TextInput
            label={t('companies.fields.contact_phone')}
            type="tel"
            autoComplete="tel"
            error={error(errors.contact_phone?.message)}
            {...register('contact_phone', { setValueAs: emptyAsNull })}
          />
          <TextInput
            label={t('companies.fields.address')}
            autoComplete="street-address"
            error={error(errors.address?.message)}
            {...register('address', { setValueAs: emptyAsNull })}
          />
          <Controller
            control={control}
            name="country_id"
            render={({ field }) => (
              <CountrySelect
                label={t('companies.fields.country')}
                placeholder={countries.isLoading ? t('app.loading') : t('airports.form.chooseCountry')}
                clearable
                nothingFoundMessage={t('common.nothingFound')}
                countries={countries.data}
                disabled={countries.isLoading}
                name={field.name}
                ref={field.ref}
                value={field.value ?? undefined}
                onBlur={field.onBlur}
                onChange={(country) => field.onChange(country?.id ?? null)}
                error={error(errors.country_id?.message)}
              />
            )}
          />
          <Controller
            control={control}
            name="time_zone"
            render={({ field }) => (
              <TimeZoneSelect
                label={t('companies.fields.time_zone')}
                description={t('companies.form.timeZoneHint')}
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
          <Controller
            control={control}
            name="currency"
            render={({ field }) => (
              <Select
                label={t('companies.fields.currency')}
                description={t('companies.form.currencyHint')}
                placeholder={t('companies.form.chooseCurrency')}
                required
                searchable
                {...keyboardScrollable}
                nothingFoundMessage={t('common.nothingFound')}
                data={currencies}
                name={field.name}
                ref={field.ref}
                value={field.value ?? null}
                onBlur={field.onBlur}
                onChange={(value) => field.onChange(value ?? '')}
                error={error(errors.currency?.message)}
              />
            )}
          />
          <Controller
            control={control}
            name="partner_ids"
            render={({ field }) => (
              <MultiSelect
                label={t('companies.fields.partners')}
                description={t('companies.form.partnersHint')}
                placeholder={partnerOptions.length ? t('companies.form.choosePartners') : undefined}
                searchable
                clearable
                {...keyboardScrollable}
                nothingFoundMessage={t('common.nothingFound')}
                data={partnerOptions}
                name={field.name}
                ref={field.ref}
                value={(field.value ?? []).map(String)}
                onBlur={field.onBlur}
                onChange={(values) => field.onChange(values.map(Number))}
                error={error(errors.partner_ids?.message)}
              />
            )}
          />
        </SimpleGrid>
        <StatusSwitchField control={control} label={t('companies.form.active')} description={t('companies.form.activeHint')} />
        {clientKey ? (
          <TextInput label={t('companies.fields.client_key')} description={t('companies.form.clientKeyHint')} value={clientKey} readOnly />
        ) : null}

        {creating ? (
          <>
            <Divider />
            <Stack gap={4}>
              <Title order={2} size="h4">
                {t('companies.form.adminTitle')}
              </Title>
              <Text size="sm">{t('companies.form.adminHint')}</Text>
            </Stack>
            <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
              <TextInput
                label={t('companies.fields.admin_name')}
                required
                autoComplete="off"
                error={error(errors.admin?.name?.message)}
                {...register('admin.name')}
              />
              <TextInput
                label={t('companies.fields.admin_email')}
                type="email"
                required
                autoComplete="off"
                error={error(errors.admin?.email?.message)}
                {...register('admin.email')}
              />
              <PasswordInput
                label={t('companies.fields.admin_password')}
                description={t('companies.form.passwordHint')}
                required
                autoComplete="new-password"
                error={error(errors.admin?.temporary_password?.message)}
                {...register('admin.temporary_password')}
              />
            </SimpleGrid>
          </>
        ) : null}

        <FormActions cancelHref="/org/companies" submitLabel={submitLabel} busy={isSubmitting} />
      </Stack>
      <UnsavedChangesDialog blocked={blocker.status === 'blocked'} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
    </Paper>
  );
}
