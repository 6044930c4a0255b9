import { ActionIcon, Group, Stack, Text, Title } from '@mantine/core';
import type { Agency } from '@ps/contracts';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../components/ConfirmDialog';
import { IconReceipt } from '../../components/icons';
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
import { agenciesResource } from './api';
import { contactLine, useFormatPercent } from './format';
import { DEFAULT_AGENCY_SORT, validateAgencySearch } from './search';

const route = getRouteApi('/$companyId/agencies');

/** The company's agencies: who sells its bookings and for what commission; each row opens its statement. */
export function AgenciesListPage() {
  const { t } = useTranslation();
  usePageTitle(t('agencies.title'));
  const [search, navigate] = usePageSearch(route, validateAgencySearch);
  const { companyId } = route.useParams();
  const percent = useFormatPercent();

  const page = useListPage({
    resource: agenciesResource,
    search,
    navigate,
    defaultSort: DEFAULT_AGENCY_SORT,
    statusChanged: (row) => t(row.status === 1 ? 'agencies.toast.activated' : 'agencies.toast.deactivated', { name: row.name }),
    deleted: (row) => t('agencies.toast.deleted', { name: row.name }),
  });

  const csvColumns: CsvColumn<Agency>[] = [
    { title: t('agencies.fields.name'), value: (row) => row.name },
    { title: t('agencies.fields.core_agency'), value: (row) => row.core_agency_name },
    { title: t('agencies.fields.commission_percent'), value: (row) => row.commission_percent.toFixed(2) },
    { title: t('agencies.fields.contact_name'), value: (row) => row.contact_name },
    { title: t('agencies.fields.contact_email'), value: (row) => row.contact_email },
    { title: t('agencies.fields.contact_phone'), value: (row) => row.contact_phone },
    { title: t('agencies.fields.status'), value: (row) => (row.status === 1 ? t('status.active') : t('status.inactive')) },
  ];
  const filtered = Boolean(search.search) || search.status !== undefined;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {t('agencies.title')}
        </Title>
        <Group gap="sm">
          <ExportCsvButton
            fetchAll={() => agenciesResource.fetchAll(search)}
            columns={csvColumns}
            fileName={`${t('agencies.exportFile')}.csv`}
          />
          <AddButton to={`/${companyId}/agencies/new`} label={t('agencies.add')} permission="agencies.create" />
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
        permission="agencies.update"
        selected={page.selection.selected}
        onClear={() => page.selection.setSelected([])}
        busy={page.selection.busy}
        setStatus={page.selection.setStatus}
      />

      {page.list.isError && !page.list.data ? (
        <ListError title={t('agencies.loadError')} error={page.list.error} onRetry={() => void page.list.refetch()} />
      ) : (
        <ResourceTable<Agency>
          label={t('agencies.title')}
          records={page.list.data?.records ?? []}
          fetching={page.list.isFetching}
          noRecordsText={filtered ? t('agencies.emptyFiltered') : t('agencies.empty')}
          table={page.table}
          cardTitle={(agency) => (
            <Stack gap={0}>
              <Text fw={700} c="var(--ps-color-title)">
                {agency.name}
              </Text>
              {agency.core_agency_name ? <Text size="sm">{agency.core_agency_name}</Text> : null}
            </Stack>
          )}
          selection={{
            permission: 'agencies.update',
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
                <Stack gap={0}>
                  <Text fw={600} c="var(--ps-color-bold)">
                    {agency.name}
                  </Text>
                  {agency.core_agency_name ? <Text size="sm">{agency.core_agency_name}</Text> : null}
                </Stack>
              ),
            },
            {
              accessor: 'commission_percent',
              title: t('agencies.fields.commission'),
              sortable: true,
              render: (agency) => percent(agency.commission_percent),
            },
            {
              accessor: 'contact',
              title: t('agencies.fields.contact'),
              render: (agency) => contactLine(agency) || '—',
            },
            statusColumn(page, { permission: 'agencies.update', title: t('agencies.fields.status'), nameOf: (agency) => agency.name }),
          ]}
          actions={(agency) => (
            <Group gap="xs" justify="flex-end" wrap="nowrap">
              <ActionIcon
                component={Link}
                to={`/${companyId}/agencies/${agency.id}/statement`}
                variant="subtle"
                size="lg"
                aria-label={t('agencies.statementOf', { name: agency.name })}
              >
                <IconReceipt size={20} aria-hidden />
              </ActionIcon>
              <RowActions
                resource="agencies"
                editHref={`/${companyId}/agencies/${agency.id}/edit`}
                editLabel={t('agencies.editOne', { name: agency.name })}
                deleteLabel={t('agencies.deleteOne', { name: agency.name })}
                onDelete={() => page.deletion.ask(agency)}
              />
            </Group>
          )}
        />
      )}

      <DeleteDialog
        title={t('agencies.delete.title')}
        recordName={page.deletion.toDelete?.name ?? null}
        busy={page.deletion.busy}
        onConfirm={page.deletion.confirm}
        onClose={page.deletion.cancel}
      />
    </Stack>
  );
}
