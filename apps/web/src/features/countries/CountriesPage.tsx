import { Group, Stack, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportCsvButton, ListError, ListToolbar, ResourceTable } from '../../components/ListKit';
import { useCountries } from '../../lib/countries';
import { useCountryName } from '../../lib/countryNames';
import type { CsvColumn } from '../../lib/csv';
import { DEFAULT_PAGE_SIZE, useListTableProps, useSearchBox } from '../../lib/list';
import { type NavigateSearch, usePageSearch } from '../../lib/listPage';
import { usePageTitle } from '../../lib/pageTitle';
import { type CountryRow, filterAndSort } from './rows';
import { type CountryListSearch, DEFAULT_COUNTRY_SORT, validateCountrySearch } from './search';

/**
 * The countries the system knows (reference data, read only): `GET country/?page_size=1000` once, then search,
 * sort and paging here, because names are shown, searched and sorted in the user's language. The state is in
 * the URL like every list's. Used at `/{company_id}/countries` and `/org/countries`.
 */
const companyRoute = getRouteApi('/$companyId/countries');
const orgRoute = getRouteApi('/org/countries');

export function CompanyCountriesPage() {
  const [search, navigate] = usePageSearch(companyRoute, validateCountrySearch);
  return <CountriesPage search={search} navigate={navigate} />;
}

export function OrgCountriesPage() {
  const [search, navigate] = usePageSearch(orgRoute, validateCountrySearch);
  return <CountriesPage search={search} navigate={navigate} />;
}

function CountriesPage({ search, navigate }: { search: CountryListSearch; navigate: NavigateSearch<CountryListSearch> }) {
  const { t, i18n } = useTranslation();
  usePageTitle(t('countries.title'));
  const countries = useCountries();
  const countryName = useCountryName();

  const setSearch = (patch: Partial<CountryListSearch>, resetPage = true) =>
    navigate({ search: (previous) => ({ ...previous, ...(resetPage ? { page: undefined } : {}), ...patch }), replace: true });
  const [searchText, setSearchText] = useSearchBox(search, setSearch);

  const rows = useMemo<CountryRow[]>(
    () => (countries.data ?? []).map((country) => ({ ...country, local_name: countryName(country.iso_code, country.name) })),
    [countries.data, countryName],
  );
  const sort = search.sort ?? DEFAULT_COUNTRY_SORT;
  const found = useMemo(() => filterAndSort(rows, search.search, sort, i18n.language), [rows, search.search, sort, i18n.language]);
  const table = useListTableProps<CountryRow, CountryListSearch>(search, setSearch, found.length, DEFAULT_COUNTRY_SORT);
  const pageSize = search.page_size ?? DEFAULT_PAGE_SIZE;
  const lastPage = Math.max(1, Math.ceil(found.length / pageSize));
  const pageNumber = Math.min(search.page ?? 1, lastPage);
  const records = found.slice((pageNumber - 1) * pageSize, pageNumber * pageSize);

  const csvColumns: CsvColumn<CountryRow>[] = [
    { title: t('countries.fields.name'), value: (row) => row.local_name },
    { title: t('countries.fields.iso_code'), value: (row) => row.iso_code },
    { title: t('countries.fields.dialling_code'), value: (row) => `+${row.dialling_code}` },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('countries.title')}
          </Title>
          <Text size="sm">{t('countries.intro')}</Text>
        </Stack>
        <ExportCsvButton fetchAll={async () => found} columns={csvColumns} fileName={`${t('countries.exportFile')}.csv`} />
      </Group>
      <ListToolbar
        searchText={searchText}
        onSearchText={setSearchText}
        searchLabel={t('countries.search')}
        searchPlaceholder={t('countries.searchPlaceholder')}
      />
      {countries.isError && !countries.data ? (
        <ListError title={t('countries.loadError')} error={countries.error} onRetry={() => void countries.refetch()} />
      ) : (
        <ResourceTable<CountryRow>
          label={t('countries.title')}
          records={records}
          fetching={countries.isFetching && !countries.data}
          noRecordsText={t('countries.emptyFiltered')}
          table={{ ...table, page: pageNumber }}
          cardTitle={(country) => (
            <Text fw={700} c="var(--ps-color-title)">
              {country.local_name}
            </Text>
          )}
          columns={[
            {
              accessor: 'name',
              title: t('countries.fields.name'),
              sortable: true,
              hideInCard: true,
              render: (country) => (
                <Text fw={600} c="var(--ps-color-bold)" lang={i18n.language}>
                  {country.local_name}
                </Text>
              ),
            },
            {
              accessor: 'iso_code',
              title: t('countries.fields.iso_code'),
              sortable: true,
              render: (country) => <Text ff="monospace">{country.iso_code}</Text>,
            },
            {
              accessor: 'dialling_code',
              title: t('countries.fields.dialling_code'),
              sortable: true,
              render: (country) => <Text ff="monospace">+{country.dialling_code}</Text>,
            },
          ]}
        />
      )}
    </Stack>
  );
}
