import { Group, Stack, Text, Title } from '@mantine/core';
import type { Yard } from '@ps/contracts';
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
import { formatDateTime, formatNumber } from '../../lib/i18n';
import { useListPage, usePageSearch } from '../../lib/listPage';
import { usePageTitle } from '../../lib/pageTitle';
import { yardsResource } from './api';
import { DEFAULT_YARD_SORT, validateYardSearch } from './search';

const route = getRouteApi('/$companyId/yards');

/** Where valet cars are stored. */
export function YardsListPage() {
  const { t } = useTranslation();
  usePageTitle(t('yards.title'));
  const [search, navigate] = usePageSearch(route, validateYardSearch);
  const { companyId } = route.useParams();
  const page = useListPage({
    resource: yardsResource,
    search,
    navigate,
    defaultSort: DEFAULT_YARD_SORT,
    statusChanged: (row) => t(row.status === 1 ? 'yards.toast.activated' : 'yards.toast.deactivated', { name: row.name }),
    deleted: (row) => t('yards.toast.deleted', { name: row.name }),
  });
  const filtered = Boolean(search.search) || search.status !== undefined;
  const csvColumns: CsvColumn<Yard>[] = [
    { title: t('yards.fields.name'), value: (row) => row.name },
    { title: t('yards.fields.address'), value: (row) => row.address ?? '' },
    { title: t('yards.fields.capacity'), value: (row) => row.capacity },
    { title: t('yards.fields.status'), value: (row) => (row.status === 1 ? t('status.active') : t('status.inactive')) },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('yards.title')}
          </Title>
          <Text size="sm">{t('yards.intro')}</Text>
        </Stack>
        <Group gap="sm">
          <ExportCsvButton fetchAll={() => yardsResource.fetchAll(search)} columns={csvColumns} fileName={`${t('yards.exportFile')}.csv`} />
          <AddButton to={`/${companyId}/yards/new`} label={t('yards.add')} permission="yards.create" />
        </Group>
      </Group>
      <ListToolbar
        searchText={page.searchText}
        onSearchText={page.setSearchText}
        searchLabel={t('yards.search')}
        searchPlaceholder={t('yards.searchPlaceholder')}
      >
        <StatusFilter label={t('yards.statusFilter')} value={search.status} onChange={(status) => void page.setSearch({ status })} />
      </ListToolbar>
      <BulkStatusBar
        permission="yards.update"
        selected={page.selection.selected}
        onClear={() => page.selection.setSelected([])}
        busy={page.selection.busy}
        setStatus={page.selection.setStatus}
      />
      {page.list.isError && !page.list.data ? (
        <ListError title={t('yards.loadError')} error={page.list.error} onRetry={() => void page.list.refetch()} />
      ) : (
        <ResourceTable<Yard>
          label={t('yards.title')}
          records={page.list.data?.records ?? []}
          fetching={page.list.isFetching}
          noRecordsText={filtered ? t('yards.emptyFiltered') : t('yards.empty')}
          table={page.table}
          cardTitle={(yard) => (
            <Text fw={700} c="var(--ps-color-title)">
              {yard.name}
            </Text>
          )}
          selection={{
            permission: 'yards.update',
            selected: page.selection.selected,
            onChange: page.selection.setSelected,
            label: (yard) => t('kit.selectOne', { name: yard.name }),
          }}
          columns={[
            {
              accessor: 'name',
              title: t('yards.fields.name'),
              sortable: true,
              hideInCard: true,
              render: (yard) => (
                <Text fw={600} c="var(--ps-color-bold)">
                  {yard.name}
                </Text>
              ),
            },
            { accessor: 'address', title: t('yards.fields.address'), render: (yard) => yard.address ?? '' },
            { accessor: 'capacity', title: t('yards.fields.capacity'), sortable: true, render: (yard) => formatNumber(yard.capacity) },
            statusColumn(page, { permission: 'yards.update', title: t('yards.fields.status'), nameOf: (yard) => yard.name }),
            {
              accessor: 'created_at',
              title: t('yards.fields.created_at'),
              sortable: true,
              render: (yard) => formatDateTime(yard.created_at),
            },
          ]}
          actions={(yard) => (
            <RowActions
              resource="yards"
              editHref={`/${companyId}/yards/${yard.id}/edit`}
              editLabel={t('yards.editOne', { name: yard.name })}
              deleteLabel={t('yards.deleteOne', { name: yard.name })}
              onDelete={() => page.deletion.ask(yard)}
            />
          )}
        />
      )}
      <DeleteDialog
        title={t('yards.delete.title')}
        recordName={page.deletion.toDelete?.name ?? null}
        busy={page.deletion.busy}
        onConfirm={page.deletion.confirm}
        onClose={page.deletion.cancel}
      />
    </Stack>
  );
}
