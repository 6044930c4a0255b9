import { Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import {
  type Airport,
  type AirportCreateInput,
  airportCreateSchema,
  airportSortFields,
  airportUpdateSchema,
  type CoreAirport,
  coreAirportCreateSchema,
  coreAirportSortFields,
  coreAirportUpdateSchema,
} from '@ps/contracts';
import { useParams } from '@tanstack/react-router';
import { Controller, type DefaultValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CrudCreatePage, CrudEditPage, crudScreens } from '../../components/CrudPages';
import type { KitColumn } from '../../components/ListKit';
import { CountrySelect, keyboardScrollable, TimeZoneSelect } from '../../components/ReferenceSelects';
import { useCountries } from '../../lib/countries';
import { countryNameIn, useCountryName } from '../../lib/countryNames';
import type { CsvColumn } from '../../lib/csv';
import { i18n, translateMessage } from '../../lib/i18n';
import { parseStatusListSearch, type StatusListSearch } from '../../lib/listSearch';
import { AirportList, airportName } from './AirportList';
import { airportsResource, coreAirportsResource } from './api';

/** The IATA code, name, country and time zone: alike in the company's list and the core list. */
const columns = (t: (key: string) => string): KitColumn<CoreAirport>[] => [
  {
    accessor: 'iata_code',
    title: t('airports.fields.iata_code'),
    sortable: true,
    hideInCard: true,
    render: (airport) => (
      <Text fw={700} c="var(--ps-color-bold)" ff="monospace">
        {airport.iata_code}
      </Text>
    ),
  },
  { accessor: 'name', title: t('airports.fields.name'), sortable: true, hideInCard: true },
  { accessor: 'country_name', title: t('airports.fields.country'), render: (airport) => <CountryName airport={airport} /> },
  { accessor: 'time_zone', title: t('airports.fields.time_zone'), sortable: true },
];

function CountryName({ airport }: { airport: CoreAirport }) {
  return useCountryName()(airport.country_iso_code, airport.country_name);
}

/** The export: translated headers, country names in the user's language, status as words. */
const csv = (t: (key: string) => string): CsvColumn<CoreAirport>[] => [
  { title: t('airports.fields.iata_code'), value: (row) => row.iata_code },
  { title: t('airports.fields.name'), value: (row) => row.name },
  { title: t('airports.fields.country'), value: (row) => countryNameIn(i18n.language, row.country_iso_code, row.country_name) },
  { title: t('airports.fields.time_zone'), value: (row) => row.time_zone },
  { title: t('airports.fields.status'), value: (row) => (row.status === 1 ? t('status.active') : t('status.inactive')) },
];

/** A card's title: code and name. */
const cardTitle = (airport: CoreAirport) => (
  <Text fw={700} c="var(--ps-color-title)">
    <Text span ff="monospace" fw={700}>
      {airport.iata_code}
    </Text>{' '}
    {airport.name}
  </Text>
);

type AirportForm = UseFormReturn<AirportCreateInput, unknown, unknown>;

/** Both forms' values and what the API may say about them (a core airport has no `core_airport_id`). */
const form = {
  empty: { iata_code: '', name: '', time_zone: '', status: 1 } satisfies DefaultValues<AirportCreateInput>,
  valuesOf: (airport: CoreAirport): AirportCreateInput => ({
    iata_code: airport.iata_code,
    name: airport.name,
    country_id: airport.country_id,
    time_zone: airport.time_zone,
    status: airport.status,
  }),
  serverFields: ['iata_code', 'name', 'country_id', 'time_zone', 'status', 'core_airport_id'] as const,
  conflicts: { airport_iata_taken: 'iata_code' } as const,
};

/** The company's airports: toasts, links and titles name one by its code; its add form can start from a core airport. */
export const airportScreens = crudScreens<
  Airport,
  StatusListSearch,
  AirportCreateInput,
  typeof airportCreateSchema,
  typeof airportUpdateSchema
>({
  resource: airportsResource,
  messages: 'airports',
  permission: 'airports',
  scope: 'company',
  path: '/airports',
  idParam: 'airportId',
  nameOf: (airport) => airport.iata_code,
  list: {
    validateSearch: (raw) => parseStatusListSearch(raw, airportSortFields),
    defaultSort: 'iata_code',
    columns,
    csv,
    cardTitle,
  },
  form: {
    ...form,
    createSchema: airportCreateSchema,
    updateSchema: airportUpdateSchema,
    fields: (airport) => <AirportFields form={airport} fromCore />,
  },
});

/** The organisation's master list that companies pick their airports from (the super admin keeps it). */
export const coreAirportScreens = crudScreens<
  CoreAirport,
  StatusListSearch,
  AirportCreateInput,
  typeof coreAirportCreateSchema,
  typeof coreAirportUpdateSchema
>({
  resource: coreAirportsResource,
  messages: 'coreAirports',
  permission: 'core_airports',
  scope: 'org',
  path: '/core-airports',
  idParam: 'airportId',
  nameOf: (airport) => airport.iata_code,
  list: {
    validateSearch: (raw) => parseStatusListSearch(raw, coreAirportSortFields),
    defaultSort: 'iata_code',
    columns,
    csv,
    cardTitle,
  },
  form: {
    ...form,
    createSchema: coreAirportCreateSchema,
    updateSchema: coreAirportUpdateSchema,
    fields: (airport) => <AirportFields form={airport} />,
  },
});

/** The fields of both forms; the company's add form (`fromCore`, no `airportId` in the path) starts with the core list. */
function AirportFields({ form, fromCore = false }: { form: AirportForm; fromCore?: boolean }) {
  const { t } = useTranslation();
  const countries = useCountries();
  const { airportId } = useParams({ strict: false }) as Record<string, string | undefined>;
  const {
    control,
    register,
    watch,
    formState: { errors },
  } = form;
  const error = (message: unknown) => translateMessage(typeof message === 'string' ? message : undefined);
  const countryId = watch('country_id');
  const countryIso = countries.data?.find((country) => country.id === countryId)?.iso_code;
  return (
    <>
      {fromCore && airportId === undefined ? <CoreAirportPicker form={form} /> : null}
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
    </>
  );
}

/** "Start from a core airport": picking one fills the code, name, country and time zone, and links it. */
function CoreAirportPicker({ form }: { form: AirportForm }) {
  const { t } = useTranslation();
  const core = coreAirportsResource.useList({ page_size: 1000, status: 1 });
  const coreId = form.watch('core_airport_id');
  const pick = (airport: CoreAirport | undefined) => {
    const options = { shouldDirty: true, shouldValidate: false } as const;
    form.setValue('core_airport_id', airport?.id, options);
    if (!airport) return;
    form.setValue('iata_code', airport.iata_code, options);
    form.setValue('name', airport.name, options);
    form.setValue('country_id', airport.country_id, options);
    form.setValue('time_zone', airport.time_zone, options);
  };
  return (
    <Select
      label={t('airports.form.fromCore')}
      description={t('airports.form.fromCoreHint')}
      placeholder={core.isLoading ? t('app.loading') : t('airports.form.chooseCore')}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': t('airports.form.clearCore') }}
      nothingFoundMessage={t('common.nothingFound')}
      {...keyboardScrollable}
      data={(core.data?.records ?? []).map((airport) => ({ value: String(airport.id), label: airportName(airport) }))}
      value={coreId ? String(coreId) : null}
      onChange={(value) => pick(core.data?.records.find((airport) => String(airport.id) === value))}
      error={translateMessage(form.formState.errors.core_airport_id?.message)}
    />
  );
}

export const AirportsListPage = () => <AirportList screens={airportScreens} created />;
export const AirportCreatePage = () => <CrudCreatePage screens={airportScreens} />;
export const AirportEditPage = () => <CrudEditPage screens={airportScreens} />;
export const CoreAirportsPage = () => <AirportList screens={coreAirportScreens} intro />;
export const CoreAirportCreatePage = () => <CrudCreatePage screens={coreAirportScreens} />;
export const CoreAirportEditPage = () => <CrudEditPage screens={coreAirportScreens} />;
