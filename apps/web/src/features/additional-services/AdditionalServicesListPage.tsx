import { Group, Stack, Text, Title } from '@mantine/core';
import type { AdditionalService } from '@ps/contracts';
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
import { useMoney } from '../../lib/money';
import { usePageTitle } from '../../lib/pageTitle';
import { additionalServicesResource, DEFAULT_SORT } from './api';
import { validateAdditionalServiceSearch } from './search';

const route = getRouteApi('/$companyId/additional-services');

export function AdditionalServicesListPage() {
  const { t } = useTranslation();
  usePageTitle(t('services.title'));
  const [search, navigate] = usePageSearch(route, validateAdditionalServiceSearch);
  const { companyId } = route.useParams();
  const money = useMoney();

  const page = useListPage({
    resource: additionalServicesResource,
    search,
    navigate,
    defaultSort: DEFAULT_SORT,
    statusChanged: (row) => t(row.status === 1 ? 'services.toast.activated' : 'services.toast.deactivated', { name: row.name }),
    deleted: (row) => t('services.toast.deleted', { name: row.name }),
  });

  const csvColumns: CsvColumn<AdditionalService>[] = [
    { title: t('services.fields.name'), value: (row) => row.name },
    { title: t('services.fields.price'), value: (row) => money.format(row.price) },
    { title: t('services.fields.description'), value: (row) => row.description ?? '' },
    { title: t('services.fields.status'), value: (row) => (row.status === 1 ? t('status.active') : t('status.inactive')) },
  ];
  const filtered = Boolean(search.search) || search.status !== undefined;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {t('services.title')}
        </Title>
        <Group gap="sm">
          <ExportCsvButton
            fetchAll={() => additionalServicesResource.fetchAll(search)}
            columns={csvColumns}
            fileName={`${t('services.exportFile')}.csv`}
          />
          <AddButton to={`/${companyId}/additional-services/new`} label={t('services.add')} permission="additional_services.create" />
        </Group>
      </Group>

      <ListToolbar
        searchText={page.searchText}
        onSearchText={page.setSearchText}
        searchLabel={t('services.search')}
        searchPlaceholder={t('services.searchPlaceholder')}
      >
        <StatusFilter label={t('services.statusFilter')} value={search.status} onChange={(status) => void page.setSearch({ status })} />
      </ListToolbar>

      <BulkStatusBar
        permission="additional_services.update"
        selected={page.selection.selected}
        onClear={() => page.selection.setSelected([])}
        busy={page.selection.busy}
        setStatus={page.selection.setStatus}
      />

      {page.list.isError && !page.list.data ? (
        <ListError title={t('services.loadError')} error={page.list.error} onRetry={() => void page.list.refetch()} />
      ) : (
        <ResourceTable<AdditionalService>
          label={t('services.title')}
          records={page.list.data?.records ?? []}
          fetching={page.list.isFetching}
          noRecordsText={filtered ? t('services.emptyFiltered') : t('services.empty')}
          table={page.table}
          cardTitle={(item) => (
            <Text fw={700} c="var(--ps-color-title)">
              {item.name}
            </Text>
          )}
          selection={{
            permission: 'additional_services.update',
            selected: page.selection.selected,
            onChange: page.selection.setSelected,
            label: (item) => t('kit.selectOne', { name: item.name }),
          }}
          columns={[
            { accessor: 'name', title: t('services.fields.name'), sortable: true, hideInCard: true },
            { accessor: 'price', title: t('services.fields.price'), sortable: true, render: (item) => money.format(item.price) },
            {
              accessor: 'description',
              title: t('services.fields.description'),
              render: (item) => (
                <Text span size="sm" c={item.description ? undefined : 'dimmed'}>
                  {item.description ?? '—'}
                </Text>
              ),
            },
            statusColumn(page, {
              permission: 'additional_services.update',
              title: t('services.fields.status'),
              nameOf: (item) => item.name,
            }),
          ]}
          actions={(item) => (
            <RowActions
              resource="additional_services"
              editHref={`/${companyId}/additional-services/${item.id}/edit`}
              editLabel={t('services.editOne', { name: item.name })}
              deleteLabel={t('services.deleteOne', { name: item.name })}
              onDelete={() => page.deletion.ask(item)}
            />
          )}
        />
      )}

      <DeleteDialog
        title={t('services.delete.title')}
        recordName={page.deletion.toDelete?.name ?? null}
        busy={page.deletion.busy}
        onConfirm={page.deletion.confirm}
        onClose={page.deletion.cancel}
      />
    </Stack>
  );
}
