import { Group, Stack, Text, Title } from '@mantine/core';
import { type Band, bandSortFields } from '@ps/contracts';
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
import { usePageTitle } from '../../lib/pageTitle';
import { bandsResource, DEFAULT_SORT } from './api';
import { validateBandSearch } from './search';

const route = getRouteApi('/$companyId/bands');

/** "1-3 days" (one day: "1 day"): the stays a band covers. */
export function useDaysRange() {
  const { t } = useTranslation();
  return (band: Pick<Band, 'min_days' | 'max_days'>) =>
    band.min_days === band.max_days
      ? t('bands.oneLength', { count: band.min_days })
      : t('bands.range', { min: band.min_days, max: band.max_days });
}

export function BandsListPage() {
  const { t } = useTranslation();
  usePageTitle(t('bands.title'));
  const [search, navigate] = usePageSearch(route, validateBandSearch);
  const { companyId } = route.useParams();
  const typeLabel = useBandTypeLabel();
  const daysRange = useDaysRange();

  const page = useListPage({
    resource: bandsResource,
    search,
    navigate,
    defaultSort: DEFAULT_SORT,
    statusChanged: (row) => t(row.status === 1 ? 'bands.toast.activated' : 'bands.toast.deactivated', { name: row.name }),
    deleted: (row) => t('bands.toast.deleted', { name: row.name }),
  });

  const csvColumns: CsvColumn<Band>[] = [
    { title: t('bands.fields.name'), value: (row) => row.name },
    { title: t('bands.fields.type'), value: (row) => typeLabel(row.type) },
    { title: t('bands.fields.min_days'), value: (row) => String(row.min_days) },
    { title: t('bands.fields.max_days'), value: (row) => String(row.max_days) },
    { title: t('bands.fields.status'), value: (row) => (row.status === 1 ? t('status.active') : t('status.inactive')) },
  ];
  const filtered = Boolean(search.search) || search.status !== undefined || search.type !== undefined;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {t('bands.title')}
        </Title>
        <Group gap="sm">
          <ExportCsvButton fetchAll={() => bandsResource.fetchAll(search)} columns={csvColumns} fileName={`${t('bands.exportFile')}.csv`} />
          <AddButton to={`/${companyId}/bands/new`} label={t('bands.add')} permission="bands.create" />
        </Group>
      </Group>
      <Text c="dimmed" size="sm">
        {t('bands.intro')}
      </Text>

      <ListToolbar
        searchText={page.searchText}
        onSearchText={page.setSearchText}
        searchLabel={t('bands.search')}
        searchPlaceholder={t('bands.searchPlaceholder')}
      >
        <BandTypeSelect
          aria-label={t('bands.typeFilter')}
          allLabel={t('bands.allTypes')}
          size="md"
          value={search.type}
          onChange={(type) => void page.setSearch({ type })}
          style={{ flex: '1 1 200px' }}
        />
        <StatusFilter label={t('bands.statusFilter')} value={search.status} onChange={(status) => void page.setSearch({ status })} />
      </ListToolbar>

      <BulkStatusBar
        permission="bands.update"
        selected={page.selection.selected}
        onClear={() => page.selection.setSelected([])}
        busy={page.selection.busy}
        setStatus={page.selection.setStatus}
      />

      {page.list.isError && !page.list.data ? (
        <ListError title={t('bands.loadError')} error={page.list.error} onRetry={() => void page.list.refetch()} />
      ) : (
        <ResourceTable<Band>
          label={t('bands.title')}
          records={page.list.data?.records ?? []}
          fetching={page.list.isFetching}
          noRecordsText={filtered ? t('bands.emptyFiltered') : t('bands.empty')}
          table={page.table}
          cardTitle={(band) => (
            <Text fw={700} c="var(--ps-color-title)">
              {band.name}
            </Text>
          )}
          selection={{
            permission: 'bands.update',
            selected: page.selection.selected,
            onChange: page.selection.setSelected,
            label: (band) => t('kit.selectOne', { name: band.name }),
          }}
          columns={[
            { accessor: 'name', title: t('bands.fields.name'), sortable: bandSortFields.includes('name'), hideInCard: true },
            { accessor: 'type', title: t('bands.fields.type'), sortable: true, render: (band) => typeLabel(band.type) },
            { accessor: 'min_days', title: t('bands.fields.days'), sortable: true, render: (band) => daysRange(band) },
            statusColumn(page, { permission: 'bands.update', title: t('bands.fields.status'), nameOf: (band) => band.name }),
          ]}
          actions={(band) => (
            <RowActions
              resource="bands"
              editHref={`/${companyId}/bands/${band.id}/edit`}
              editLabel={t('bands.editOne', { name: band.name })}
              deleteLabel={t('bands.deleteOne', { name: band.name })}
              onDelete={() => page.deletion.ask(band)}
            />
          )}
        />
      )}

      <DeleteDialog
        title={t('bands.delete.title')}
        recordName={page.deletion.toDelete?.name ?? null}
        busy={page.deletion.busy}
        onConfirm={page.deletion.confirm}
        onClose={page.deletion.cancel}
      />
    </Stack>
  );
}
