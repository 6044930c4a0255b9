import { Group, Stack, Text, Title } from '@mantine/core';
import type { CoreAgency } from '@ps/contracts';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../components/ConfirmDialog';
import {
  AddButton,
  BulkStatusBar,
  ExportCsvButton,
  ListError,
  ListToolbar,
  ResourceTable,
  StatusFilter,
  statusColumn,
} from '../../components/ListKit';
import { RowActions } from '../../components/RowActions';
import type { CsvColumn } from '../../lib/csv';
import { useListPage, usePageSearch } from '../../lib/listPage';
import { usePageTitle } from '../../lib/pageTitle';
import { coreAgenciesResource } from './api';
import { contactLine } from './format';
import { DEFAULT_CORE_AGENCY_SORT, validateCoreAgencySearch } from './search';

const route = getRouteApi('/org/core-agencies');

/** The super admin's master list of agencies: companies pick their agencies from it. */
export function CoreAgenciesPage() {
  const { t } = useTranslation();
  usePageTitle(t('coreAgencies.title'));
  const [search, navigate] = usePageSearch(route, validateCoreAgencySearch);

  const page = useListPage({
    resource: coreAgenciesResource,
    search,
    navigate,
    defaultSort: DEFAULT_CORE_AGENCY_SORT,
    statusChanged: (row) => t(row.status === 1 ? 'agencies.toast.activated' : 'agencies.toast.deactivated', { name: row.name }),
    deleted: (row) => t('agencies.toast.deleted', { name: row.name }),
  });
  const csvColumns: CsvColumn<CoreAgency>[] = [
    { title: t('agencies.fields.name'), value: (row) => row.name },
    { title: t('agencies.fields.contact_name'), value: (row) => row.contact_name },
    { title: t('agencies.fields.contact_email'), value: (row) => row.contact_email },
    { title: t('agencies.fields.contact_phone'), value: (row) => row.contact_phone },
    { title: t('agencies.fields.status'), value: (row) => (row.status === 1 ? t('status.active') : t('status.inactive')) },
  ];
  const filtered = Boolean(search.search) || search.status !== undefined;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('coreAgencies.title')}
          </Title>
          <Text size="sm">{t('coreAgencies.intro')}</Text>
        </Stack>
        <Group gap="sm">
          <ExportCsvButton
            fetchAll={() => coreAgenciesResource.fetchAll(search)}
            columns={csvColumns}
            fileName={`${t('coreAgencies.exportFile')}.csv`}
          />
          <AddButton to="/org/core-agencies/new" label={t('coreAgencies.add')} permission="core_agencies.create" />
        </Group>
      </Group>
      <ListToolbar
        searchText={page.searchText}
        onSearchText={page.setSearchText}
        searchLabel={t('agencies.search')}
        searchPlaceholder={t('agencies.searchPlaceholder')}
      >
        <StatusFilter label={t('agencies.statusFilter')} value={search.status} onChange={(status) => void page.setSearch({ status })} />
      </ListToolbar>
      <BulkStatusBar
        permission="core_agencies.update"
        selected={page.selection.selected}
        onClear={() => page.selection.setSelected([])}
        busy={page.selection.busy}
        setStatus={page.selection.setStatus}
      />
      {page.list.isError && !page.list.data ? (
        <ListError title={t('agencies.loadError')} error={page.list.error} onRetry={() => void page.list.refetch()} />
      ) : (
        <ResourceTable<CoreAgency>
          label={t('coreAgencies.title')}
          records={page.list.data?.records ?? []}
          fetching={page.list.isFetching}
          noRecordsText={filtered ? t('agencies.emptyFiltered') : t('coreAgencies.empty')}
          table={page.table}
          cardTitle={(agency) => (
            <Text fw={700} c="var(--ps-color-title)">
              {agency.name}
            </Text>
          )}
          selection={{
            permission: 'core_agencies.update',
            selected: page.selection.selected,
            onChange: page.selection.setSelected,
            label: (agency) => t('kit.selectOne', { name: agency.name }),
          }}
          columns={[
            {
              accessor: 'name',
              title: t('agencies.fields.name'),
              sortable: true,
              hideInCard: true,
              render: (agency) => (
                <Text fw={600} c="var(--ps-color-bold)">
                  {agency.name}
                </Text>
              ),
            },
            {
              accessor: 'contact_name',
              title: t('agencies.fields.contact'),
              sortable: true,
              render: (agency) => contactLine(agency) || '—',
            },
            statusColumn(page, { permission: 'core_agencies.update', title: t('agencies.fields.status'), nameOf: (agency) => agency.name }),
          ]}
          actions={(agency) => (
            <RowActions
              resource="core_agencies"
              editHref={`/org/core-agencies/${agency.id}/edit`}
              editLabel={t('agencies.editOne', { name: agency.name })}
              deleteLabel={t('agencies.deleteOne', { name: agency.name })}
              onDelete={() => page.deletion.ask(agency)}
            />
          )}
        />
      )}
      <DeleteDialog
        title={t('coreAgencies.deleteTitle')}
        recordName={page.deletion.toDelete?.name ?? null}
        busy={page.deletion.busy}
        onConfirm={page.deletion.confirm}
        onClose={page.deletion.cancel}
      />
    </Stack>
  );
}
