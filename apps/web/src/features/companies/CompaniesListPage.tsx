import { Group, Stack, Text, Title } from '@mantine/core';
import { type Company, companySortFields } from '@ps/contracts';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../components/ConfirmDialog';
import {
  AddButton,
  BulkStatusBar,
  ExportCsvButton,
  type KitColumn,
  ListError,
  ListToolbar,
  ResourceTable,
  StatusFilter,
  statusColumn,
} from '../../components/ListKit';
import { RowActions } from '../../components/RowActions';
import { useCountries } from '../../lib/countries';
import { useCountryName } from '../../lib/countryNames';
import type { CsvColumn } from '../../lib/csv';
import { formatDateTime } from '../../lib/i18n';
import { useListPage, usePageSearch } from '../../lib/listPage';
import { usePageTitle } from '../../lib/pageTitle';
import { companiesResource } from './api';
import { DEFAULT_SORT, validateCompanySearch } from './search';

const route = getRouteApi('/org/companies');
const sortable = (field: string) => (companySortFields as readonly string[]).includes(field);

/** The organisation's companies (super admin): add, edit, activate or deactivate, delete, export. */
export function CompaniesListPage() {
  const { t } = useTranslation();
  usePageTitle(t('companies.title'));
  const [search, navigate] = usePageSearch(route, validateCompanySearch);
  const countries = useCountries();
  const countryName = useCountryName();

  const page = useListPage({
    resource: companiesResource,
    search,
    navigate,
    defaultSort: DEFAULT_SORT,
    statusChanged: (row) => t(row.status === 1 ? 'companies.toast.activated' : 'companies.toast.deactivated', { name: row.name }),
    deleted: (row) => t('companies.toast.deleted', { name: row.name }),
  });
  const filtered = Boolean(search.search) || search.status !== undefined;

  const countryOf = (company: Company) => {
    const country = countries.data?.find((candidate) => candidate.id === company.country_id);
    return country ? countryName(country.iso_code, country.name) : '';
  };
  const statusText = (company: Company) => (company.status === 1 ? t('status.active') : t('status.inactive'));

  const csvColumns: CsvColumn<Company>[] = [
    { title: t('companies.fields.name'), value: (company) => company.name },
    { title: t('companies.fields.contact_email'), value: (company) => company.contact_email ?? '' },
    { title: t('companies.fields.contact_phone'), value: (company) => company.contact_phone ?? '' },
    { title: t('companies.fields.address'), value: (company) => company.address ?? '' },
    { title: t('companies.fields.country'), value: countryOf },
    { title: t('companies.fields.time_zone'), value: (company) => company.time_zone },
    { title: t('companies.fields.currency'), value: (company) => company.currency },
    { title: t('companies.fields.status'), value: statusText },
    { title: t('companies.fields.created_at'), value: (company) => formatDateTime(company.created_at) },
  ];

  const columns: KitColumn<Company>[] = [
    { accessor: 'name', title: t('companies.fields.name'), sortable: sortable('name'), hideInCard: true },
    {
      accessor: 'contact_email',
      title: t('companies.fields.contact_email'),
      sortable: sortable('contact_email'),
      render: (company) => company.contact_email ?? '',
    },
    { accessor: 'country_id', title: t('companies.fields.country'), render: countryOf },
    { accessor: 'currency', title: t('companies.fields.currency') },
    statusColumn(page, {
      permission: 'companies.update',
      title: t('companies.fields.status'),
      sortable: sortable('status'),
      nameOf: (company) => company.name,
    }),
    {
      accessor: 'created_at',
      title: t('companies.fields.created_at'),
      sortable: sortable('created_at'),
      render: (company) => formatDateTime(company.created_at),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('companies.title')}
          </Title>
          <Text size="sm">{t('companies.intro')}</Text>
        </Stack>
        <Group gap="sm">
          <ExportCsvButton
            fetchAll={() => companiesResource.fetchAll(search)}
            columns={csvColumns}
            fileName={`${t('companies.exportFile')}.csv`}
          />
          <AddButton to="/org/companies/new" label={t('companies.add')} permission="companies.create" />
        </Group>
      </Group>

      <ListToolbar
        searchText={page.searchText}
        onSearchText={page.setSearchText}
        searchLabel={t('companies.search')}
        searchPlaceholder={t('companies.searchPlaceholder')}
      >
        <StatusFilter label={t('companies.statusFilter')} value={search.status} onChange={(status) => void page.setSearch({ status })} />
      </ListToolbar>

      <BulkStatusBar
        permission="companies.update"
        selected={page.selection.selected}
        onClear={() => page.selection.setSelected([])}
        busy={page.selection.busy}
        setStatus={page.selection.setStatus}
      />

      {page.list.isError && !page.list.data ? (
        <ListError title={t('companies.loadError')} error={page.list.error} onRetry={() => void page.list.refetch()} />
      ) : (
        <ResourceTable<Company>
          label={t('companies.title')}
          records={page.list.data?.records ?? []}
          fetching={page.list.isFetching}
          noRecordsText={filtered ? t('companies.emptyFiltered') : t('companies.empty')}
          table={page.table}
          cardTitle={(company) => (
            <Text fw={700} c="var(--ps-color-bold)">
              {company.name}
            </Text>
          )}
          selection={{
            permission: 'companies.update',
            selected: page.selection.selected,
            onChange: page.selection.setSelected,
            label: (company) => t('kit.selectOne', { name: company.name }),
          }}
          columns={columns}
          actions={(company) => (
            <RowActions
              resource="companies"
              editHref={`/org/companies/${company.id}/edit`}
              editLabel={t('companies.editOne', { name: company.name })}
              deleteLabel={t('companies.deleteOne', { name: company.name })}
              onDelete={() => page.deletion.ask(company)}
            />
          )}
        />
      )}

      <DeleteDialog
        title={t('companies.delete.title')}
        recordName={page.deletion.toDelete?.name ?? null}
        busy={page.deletion.busy}
        onConfirm={page.deletion.confirm}
        onClose={page.deletion.cancel}
      />
    </Stack>
  );
}
