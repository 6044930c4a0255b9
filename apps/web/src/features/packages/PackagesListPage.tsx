import { Group, Stack, Text, Title } from '@mantine/core';
import type { Package } from '@ps/contracts';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { BandTypeSelect, useBandTypeLabel } from '../../components/BandTypeSelect';
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
import { useMoney } from '../../lib/money';
import { usePageTitle } from '../../lib/pageTitle';
import { DEFAULT_SORT, packagesResource } from './api';
import { validatePackageSearch } from './search';

const route = getRouteApi('/$companyId/packages');

export function PackagesListPage() {
  const { t } = useTranslation();
  usePageTitle(t('packages.title'));
  const [search, navigate] = usePageSearch(route, validatePackageSearch);
  const { companyId } = route.useParams();
  const typeLabel = useBandTypeLabel();
  const money = useMoney();

  const page = useListPage({
    resource: packagesResource,
    search,
    navigate,
    defaultSort: DEFAULT_SORT,
    statusChanged: (row) => t(row.status === 1 ? 'packages.toast.activated' : 'packages.toast.deactivated', { name: row.name }),
    deleted: (row) => t('packages.toast.deleted', { name: row.name }),
  });

  const csvColumns: CsvColumn<Package>[] = [
    { title: t('packages.fields.name'), value: (row) => row.name },
    { title: t('packages.fields.type'), value: (row) => typeLabel(row.type) },
    { title: t('packages.fields.price'), value: (row) => money.format(row.price) },
    { title: t('packages.fields.included'), value: (row) => row.included.join('; ') },
    { title: t('packages.fields.description'), value: (row) => row.description ?? '' },
    { title: t('packages.fields.status'), value: (row) => (row.status === 1 ? t('status.active') : t('status.inactive')) },
  ];
  const filtered = Boolean(search.search) || search.status !== undefined || search.type !== undefined;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {t('packages.title')}
        </Title>
        <Group gap="sm">
          <ExportCsvButton
            fetchAll={() => packagesResource.fetchAll(search)}
            columns={csvColumns}
            fileName={`${t('packages.exportFile')}.csv`}
          />
          <AddButton to={`/${companyId}/packages/new`} label={t('packages.add')} permission="packages.create" />
        </Group>
      </Group>

      <ListToolbar
        searchText={page.searchText}
        onSearchText={page.setSearchText}
        searchLabel={t('packages.search')}
        searchPlaceholder={t('packages.searchPlaceholder')}
      >
        <BandTypeSelect
          aria-label={t('packages.typeFilter')}
          allLabel={t('packages.allTypes')}
          size="md"
          value={search.type}
          onChange={(type) => void page.setSearch({ type })}
          style={{ flex: '1 1 200px' }}
        />
        <StatusFilter label={t('packages.statusFilter')} value={search.status} onChange={(status) => void page.setSearch({ status })} />
      </ListToolbar>

      <BulkStatusBar
        permission="packages.update"
        selected={page.selection.selected}
        onClear={() => page.selection.setSelected([])}
        busy={page.selection.busy}
        setStatus={page.selection.setStatus}
      />

      {page.list.isError && !page.list.data ? (
        <ListError title={t('packages.loadError')} error={page.list.error} onRetry={() => void page.list.refetch()} />
      ) : (
        <ResourceTable<Package>
          label={t('packages.title')}
          records={page.list.data?.records ?? []}
          fetching={page.list.isFetching}
          noRecordsText={filtered ? t('packages.emptyFiltered') : t('packages.empty')}
          table={page.table}
          cardTitle={(item) => (
            <Text fw={700} c="var(--ps-color-title)">
              {item.name}
            </Text>
          )}
          selection={{
            permission: 'packages.update',
            selected: page.selection.selected,
            onChange: page.selection.setSelected,
            label: (item) => t('kit.selectOne', { name: item.name }),
          }}
          columns={[
            { accessor: 'name', title: t('packages.fields.name'), sortable: true, hideInCard: true },
            { accessor: 'type', title: t('packages.fields.type'), sortable: true, render: (item) => typeLabel(item.type) },
            { accessor: 'price', title: t('packages.fields.price'), sortable: true, render: (item) => money.format(item.price) },
            {
              accessor: 'included',
              title: t('packages.fields.included'),
              render: (item) =>
                item.included.length === 0 ? (
                  <Text span c="dimmed" size="sm">
                    {t('packages.nothingIncluded')}
                  </Text>
                ) : (
                  <Text span size="sm">
                    {item.included.join(' · ')}
                  </Text>
                ),
            },
            statusColumn(page, { permission: 'packages.update', title: t('packages.fields.status'), nameOf: (item) => item.name }),
          ]}
          actions={(item) => (
            <RowActions
              resource="packages"
              editHref={`/${companyId}/packages/${item.id}/edit`}
              editLabel={t('packages.editOne', { name: item.name })}
              deleteLabel={t('packages.deleteOne', { name: item.name })}
              onDelete={() => page.deletion.ask(item)}
            />
          )}
        />
      )}

      <DeleteDialog
        title={t('packages.delete.title')}
        recordName={page.deletion.toDelete?.name ?? null}
        busy={page.deletion.busy}
        onConfirm={page.deletion.confirm}
        onClose={page.deletion.cancel}
      />
    </Stack>
  );
}
