import { Badge, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { DocumentType } from '@ps/contracts';
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
import { formatDateTime } from '../../lib/i18n';
import { useListPage, usePageSearch } from '../../lib/listPage';
import { usePageTitle } from '../../lib/pageTitle';
import { documentTypesResource } from './api';
import { DEFAULT_DOCUMENT_TYPE_SORT, validateDocumentTypeSearch } from './search';

const route = getRouteApi('/$companyId/document-types');

/** Yes (filled, dark enough for white text) or No (plain), so a required type stands out in the list. */
function YesNoBadge({ value }: { value: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge variant={value ? 'filled' : 'default'} color={value ? 'blue.8' : 'gray'} tt="none" size="md">
      {value ? t('documentTypes.yes') : t('documentTypes.no')}
    </Badge>
  );
}

/** All / Required / Optional, kept in the URL as `required`. */
function RequiredFilter({ value, onChange }: { value: 0 | 1 | undefined; onChange: (value: 0 | 1 | undefined) => void }) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      fullWidth
      size="md"
      aria-label={t('documentTypes.requiredFilter')}
      value={value === undefined ? 'all' : String(value)}
      onChange={(next) => onChange(next === 'all' ? undefined : (Number(next) as 0 | 1))}
      data={[
        { value: 'all', label: t('kit.filter.all') },
        { value: '1', label: t('documentTypes.required') },
        { value: '0', label: t('documentTypes.optional') },
      ]}
      style={{ flex: '1 1 260px' }}
    />
  );
}

/** Which documents the company's drivers must hold: licence, insurance, ID... */
export function DocumentTypesListPage() {
  const { t } = useTranslation();
  usePageTitle(t('documentTypes.title'));
  const [search, navigate] = usePageSearch(route, validateDocumentTypeSearch);
  const { companyId } = route.useParams();
  const page = useListPage({
    resource: documentTypesResource,
    search,
    navigate,
    defaultSort: DEFAULT_DOCUMENT_TYPE_SORT,
    statusChanged: (row) => t(row.status === 1 ? 'documentTypes.toast.activated' : 'documentTypes.toast.deactivated', { name: row.name }),
    deleted: (row) => t('documentTypes.toast.deleted', { name: row.name }),
  });
  const filtered = Boolean(search.search) || search.status !== undefined || search.required !== undefined;
  const yesNo = (value: boolean) => (value ? t('documentTypes.yes') : t('documentTypes.no'));
  const csvColumns: CsvColumn<DocumentType>[] = [
    { title: t('documentTypes.fields.name'), value: (row) => row.name },
    { title: t('documentTypes.fields.required'), value: (row) => yesNo(row.required) },
    { title: t('documentTypes.fields.has_expiry'), value: (row) => yesNo(row.has_expiry) },
    { title: t('documentTypes.fields.status'), value: (row) => (row.status === 1 ? t('status.active') : t('status.inactive')) },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('documentTypes.title')}
          </Title>
          <Text size="sm">{t('documentTypes.intro')}</Text>
        </Stack>
        <Group gap="sm">
          <ExportCsvButton
            fetchAll={() => documentTypesResource.fetchAll(search)}
            columns={csvColumns}
            fileName={`${t('documentTypes.exportFile')}.csv`}
          />
          <AddButton to={`/${companyId}/document-types/new`} label={t('documentTypes.add')} permission="document_types.create" />
        </Group>
      </Group>
      <ListToolbar
        searchText={page.searchText}
        onSearchText={page.setSearchText}
        searchLabel={t('documentTypes.search')}
        searchPlaceholder={t('documentTypes.searchPlaceholder')}
      >
        <RequiredFilter value={search.required} onChange={(required) => void page.setSearch({ required })} />
        <StatusFilter
          label={t('documentTypes.statusFilter')}
          value={search.status}
          onChange={(status) => void page.setSearch({ status })}
        />
      </ListToolbar>
      <BulkStatusBar
        permission="document_types.update"
        selected={page.selection.selected}
        onClear={() => page.selection.setSelected([])}
        busy={page.selection.busy}
        setStatus={page.selection.setStatus}
      />
      {page.list.isError && !page.list.data ? (
        <ListError title={t('documentTypes.loadError')} error={page.list.error} onRetry={() => void page.list.refetch()} />
      ) : (
        <ResourceTable<DocumentType>
          label={t('documentTypes.title')}
          records={page.list.data?.records ?? []}
          fetching={page.list.isFetching}
          noRecordsText={filtered ? t('documentTypes.emptyFiltered') : t('documentTypes.empty')}
          table={page.table}
          cardTitle={(type) => (
            <Text fw={700} c="var(--ps-color-title)">
              {type.name}
            </Text>
          )}
          selection={{
            permission: 'document_types.update',
            selected: page.selection.selected,
            onChange: page.selection.setSelected,
            label: (type) => t('kit.selectOne', { name: type.name }),
          }}
          columns={[
            {
              accessor: 'name',
              title: t('documentTypes.fields.name'),
              sortable: true,
              hideInCard: true,
              render: (type) => (
                <Text fw={600} c="var(--ps-color-bold)">
                  {type.name}
                </Text>
              ),
            },
            {
              accessor: 'required',
              title: t('documentTypes.fields.required'),
              sortable: true,
              render: (type) => <YesNoBadge value={type.required} />,
            },
            {
              accessor: 'has_expiry',
              title: t('documentTypes.fields.has_expiry'),
              sortable: true,
              render: (type) => <YesNoBadge value={type.has_expiry} />,
            },
            statusColumn(page, {
              permission: 'document_types.update',
              title: t('documentTypes.fields.status'),
              nameOf: (type) => type.name,
            }),
            {
              accessor: 'created_at',
              title: t('documentTypes.fields.created_at'),
              sortable: true,
              render: (type) => formatDateTime(type.created_at),
            },
          ]}
          actions={(type) => (
            <RowActions
              resource="document_types"
              editHref={`/${companyId}/document-types/${type.id}/edit`}
              editLabel={t('documentTypes.editOne', { name: type.name })}
              deleteLabel={t('documentTypes.deleteOne', { name: type.name })}
              onDelete={() => page.deletion.ask(type)}
            />
          )}
        />
      )}
      <DeleteDialog
        title={t('documentTypes.delete.title')}
        recordName={page.deletion.toDelete?.name ?? null}
        busy={page.deletion.busy}
        onConfirm={page.deletion.confirm}
        onClose={page.deletion.cancel}
      />
    </Stack>
  );
}
