import { MultiSelect, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import {
  type Company,
  type CompanyCreateInput,
  companyCreateSchema,
  companySortFields,
  companyUpdateSchema,
  countryEndpoints,
} from '@ps/contracts';
import { useParams } from '@tanstack/react-router';
import { useMemo } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CrudListPage, crudScreens } from '../../components/CrudPages';
import { CountrySelect, keyboardScrollable, TimeZoneSelect } from '../../components/ReferenceSelects';
import { callEndpoint } from '../../lib/api';
import { useCountries } from '../../lib/countries';
import { countryNameIn, useCountryName } from '../../lib/countryNames';
import { formatDateTime } from '../../lib/format';
import { i18n, translateMessage } from '../../lib/i18n';
import { parseStatusListSearch, type StatusListSearch } from '../../lib/listSearch';
import { companiesResource, currencyOptions } from './api';

/** The create form's values; the edit form has the same minus the first admin. */
export type CompanyFormValues = Omit<CompanyCreateInput, 'admin'> & { admin?: CompanyCreateInput['admin'] };
export type CompanyForm = UseFormReturn<CompanyFormValues, unknown, unknown>;

/** The countries' names in the user's language, loaded with an export (the list's cells name theirs themselves). */
const countryNames = new Map<number, string>();
const companiesWithCountries = {
  ...companiesResource,
  async fetchAll(search: StatusListSearch) {
    const [companies, countries] = await Promise.all([
      companiesResource.fetchAll(search),
      callEndpoint(countryEndpoints.list, { query: { page_size: 1000 } }).then((response) => response.data),
    ]);
    for (const country of countries) countryNames.set(country.id, countryNameIn(i18n.language, country.iso_code, country.name));
    return companies;
  },
};

/**
 * The organisation's companies (super admin): add, edit, activate or deactivate, delete, export. The list is the
 * kit's; the add and edit pages are this feature's own (CompanyFormPage.tsx: the first admin follows the status).
 */
export const companyScreens = crudScreens({
  resource: companiesWithCountries,
  messages: 'companies',
  permission: 'companies',
  scope: 'org',
  path: '/companies',
  idParam: 'companyId',
  nameOf: (company) => company.name,
  list: {
    validateSearch: (raw) => parseStatusListSearch(raw, companySortFields),
    defaultSort: 'name',
    columns: (t) => [
      { accessor: 'name', title: t('companies.fields.name'), sortable: true, hideInCard: true },
      {
        accessor: 'contact_email',
        title: t('companies.fields.contact_email'),
        sortable: true,
        render: (company) => company.contact_email ?? '',
      },
      { accessor: 'country_id', title: t('companies.fields.country'), render: (company) => <CountryName company={company} /> },
      { accessor: 'currency', title: t('companies.fields.currency') },
    ],
    csv: (t) => [
      { title: t('companies.fields.name'), value: (company) => company.name },
      { title: t('companies.fields.contact_email'), value: (company) => company.contact_email ?? '' },
      { title: t('companies.fields.contact_phone'), value: (company) => company.contact_phone ?? '' },
      { title: t('companies.fields.address'), value: (company) => company.address ?? '' },
      {
        title: t('companies.fields.country'),
        value: (company) => (company.country_id ? (countryNames.get(company.country_id) ?? '') : ''),
      },
      { title: t('companies.fields.time_zone'), value: (company) => company.time_zone },
      { title: t('companies.fields.currency'), value: (company) => company.currency },
      { title: t('companies.fields.status'), value: (company) => (company.status === 1 ? t('status.active') : t('status.inactive')) },
      { title: t('companies.fields.created_at'), value: (company) => formatDateTime(company.created_at) },
    ],
  },
  form: {
    createSchema: companyCreateSchema,
    updateSchema: companyUpdateSchema,
    empty: {
      name: '',
      contact_email: '',
      time_zone: 'Europe/London',
      currency: 'GBP',
      status: 1,
      partner_ids: [],
      admin: { name: '', email: '', temporary_password: '' },
    },
    valuesOf: (company) => ({
      name: company.name,
      contact_email: company.contact_email ?? '',
      contact_phone: company.contact_phone,
      address: company.address,
      country_id: company.country_id,
      time_zone: company.time_zone,
      currency: company.currency,
      status: company.status,
      partner_ids: company.partner_ids,
    }),
    serverFields: [
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
    ],
    conflicts: { email_taken: 'admin.email', partner_invalid: 'partner_ids' },
    fields: (form: CompanyForm) => <CompanyFields form={form} />,
  },
});

function CountryName({ company }: { company: Company }) {
  const countries = useCountries();
  const countryName = useCountryName();
  const country = countries.data?.find((candidate) => candidate.id === company.country_id);
  return country ? countryName(country.iso_code, country.name) : '';
}

/** An empty optional text box is "not given" (null), not an empty string the API would check. */
const emptyAsNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** The company's own fields (both forms); the status, the client key and the first admin follow on the pages. */
function CompanyFields({ form }: { form: CompanyForm }) {
  const { t, i18n } = useTranslation();
  // The company being edited cannot be its own partner; none when creating.
  const { companyId } = useParams({ strict: false }) as { companyId?: string };
  const editing = companyId === undefined ? undefined : Number(companyId);
  const countries = useCountries();
  const others = companiesResource.useList({ page_size: 1000 });
  const {
    control,
    register,
    watch,
    formState: { errors },
  } = form;
  const error = (message: unknown) => translateMessage(typeof message === 'string' ? message : undefined);
  const countryId = watch('country_id');
  const countryIso = countries.data?.find((country) => country.id === countryId)?.iso_code;
  const currencies = useMemo(() => currencyOptions(i18n.language), [i18n.language]);
  const partnerOptions = useMemo(
    () =>
      (others.data?.records ?? [])
        .filter((company) => company.id !== editing)
        .map((company) => ({ value: String(company.id), label: company.name })),
    [others.data, editing],
  );

  return (
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
      {/* Several lines, as the company's mails and statements print it (a one-line input would drop the breaks). */}
      <Textarea
        label={t('companies.fields.address')}
        autoComplete="street-address"
        autosize
        minRows={2}
        maxRows={6}
        maxLength={300}
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
  );
}

export const CompaniesListPage = () => <CrudListPage screens={companyScreens} />;
