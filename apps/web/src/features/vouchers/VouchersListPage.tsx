import { Badge, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import type { DiscountType, Voucher } from '@ps/contracts';
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
import { keyboardScrollable } from '../../components/ReferenceSelects';
import { RowActions } from '../../components/RowActions';
import type { CsvColumn } from '../../lib/csv';
import { todayInBrowser } from '../../lib/days';
import { useListPage, usePageSearch } from '../../lib/listPage';
import { usePageTitle } from '../../lib/pageTitle';
import { DEFAULT_SORT, vouchersResource } from './api';
import { useVoucherText } from './format';
import { validateVoucherSearch } from './search';

const route = getRouteApi('/$companyId/vouchers');

/** Today as `YYYY-MM-DD` in the browser's time zone. */

export function VouchersListPage() {
  const { t } = useTranslation();
  usePageTitle(t('vouchers.title'));
  const [search, navigate] = usePageSearch(route, validateVoucherSearch);
  const { companyId } = route.useParams();
  const text = useVoucherText();

  const page = useListPage({
    resource: vouchersResource,
    search,
    navigate,
    defaultSort: DEFAULT_SORT,
    statusChanged: (row) => t(row.status === 1 ? 'vouchers.toast.activated' : 'vouchers.toast.deactivated', { code: row.code }),
    deleted: (row) => t('vouchers.toast.deleted', { code: row.code }),
  });

  const csvColumns: CsvColumn<Voucher>[] = [
    { title: t('vouchers.fields.code'), value: (row) => row.code },
    { title: t('vouchers.fields.discount_type'), value: (row) => t(`vouchers.types.${row.discount_type}`) },
    { title: t('vouchers.fields.discount'), value: (row) => text.discount(row) },
    { title: t('vouchers.fields.valid_from'), value: (row) => row.valid_from },
    { title: t('vouchers.fields.valid_to'), value: (row) => row.valid_to },
    {
      title: t('vouchers.fields.usage_limit'),
      value: (row) => (row.usage_limit === null ? t('vouchers.unlimited') : String(row.usage_limit)),
    },
    { title: t('vouchers.fields.times_used'), value: (row) => String(row.times_used) },
    { title: t('vouchers.fields.status'), value: (row) => (row.status === 1 ? t('status.active') : t('status.inactive')) },
  ];
  const filtered =
    Boolean(search.search) || search.status !== undefined || search.discount_type !== undefined || search.valid_on !== undefined;
  const expired = (voucher: Voucher) => voucher.valid_to < todayInBrowser();

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {t('vouchers.title')}
        </Title>
        <Group gap="sm">
          <ExportCsvButton
            fetchAll={() => vouchersResource.fetchAll(search)}
            columns={csvColumns}
            fileName={`${t('vouchers.exportFile')}.csv`}
          />
          <AddButton to={`/${companyId}/vouchers/new`} label={t('vouchers.add')} permission="vouchers.create" />
        </Group>
      </Group>

      <ListToolbar
        searchText={page.searchText}
        onSearchText={page.setSearchText}
        searchLabel={t('vouchers.search')}
        searchPlaceholder={t('vouchers.searchPlaceholder')}
      >
        <Select
          {...keyboardScrollable}
          aria-label={t('vouchers.typeFilter')}
          size="md"
          allowDeselect={false}
          data={[
            { value: 'all', label: t('vouchers.allTypes') },
            { value: 'percent', label: t('vouchers.types.percent') },
            { value: 'fixed', label: t('vouchers.types.fixed') },
          ]}
          value={search.discount_type ?? 'all'}
          onChange={(value) => void page.setSearch({ discount_type: value === 'all' || !value ? undefined : (value as DiscountType) })}
          style={{ flex: '1 1 200px' }}
        />
        <TextInput
          type="date"
          size="md"
          label={t('vouchers.validOn')}
          value={search.valid_on ?? ''}
          onChange={(event) => void page.setSearch({ valid_on: event.currentTarget.value || undefined })}
          style={{ flex: '1 1 160px' }}
        />
        <StatusFilter label={t('vouchers.statusFilter')} value={search.status} onChange={(status) => void page.setSearch({ status })} />
      </ListToolbar>

      <BulkStatusBar
        permission="vouchers.update"
        selected={page.selection.selected}
        onClear={() => page.selection.setSelected([])}
        busy={page.selection.busy}
        setStatus={page.selection.setStatus}
      />

      {page.list.isError && !page.list.data ? (
        <ListError title={t('vouchers.loadError')} error={page.list.error} onRetry={() => void page.list.refetch()} />
      ) : (
        <ResourceTable<Voucher>
          label={t('vouchers.title')}
          records={page.list.data?.records ?? []}
          fetching={page.list.isFetching}
          noRecordsText={filtered ? t('vouchers.emptyFiltered') : t('vouchers.empty')}
          table={page.table}
          cardTitle={(voucher) => (
            <Text fw={700} c="var(--ps-color-title)" ff="monospace">
              {voucher.code}
            </Text>
          )}
          selection={{
            permission: 'vouchers.update',
            selected: page.selection.selected,
            onChange: page.selection.setSelected,
            label: (voucher) => t('kit.selectOne', { name: voucher.code }),
          }}
          columns={[
            {
              accessor: 'code',
              title: t('vouchers.fields.code'),
              sortable: true,
              hideInCard: true,
              render: (voucher) => (
                <Text fw={700} c="var(--ps-color-bold)" ff="monospace">
                  {voucher.code}
                </Text>
              ),
            },
            {
              accessor: 'discount_value',
              title: t('vouchers.fields.discount'),
              sortable: true,
              render: (voucher) => text.discount(voucher),
            },
            {
              accessor: 'valid_to',
              title: t('vouchers.fields.validity'),
              sortable: true,
              render: (voucher) => (
                <Group gap={6} wrap="wrap">
                  <Text span size="sm">
                    {text.validity(voucher)}
                  </Text>
                  {expired(voucher) ? (
                    <Badge variant="default" color="gray">
                      {t('vouchers.expired')}
                    </Badge>
                  ) : null}
                </Group>
              ),
            },
            { accessor: 'times_used', title: t('vouchers.fields.usage'), sortable: true, render: (voucher) => text.usage(voucher) },
            statusColumn(page, { permission: 'vouchers.update', title: t('vouchers.fields.status'), nameOf: (voucher) => voucher.code }),
          ]}
          actions={(voucher) => (
            <RowActions
              resource="vouchers"
              editHref={`/${companyId}/vouchers/${voucher.id}/edit`}
              editLabel={t('vouchers.editOne', { code: voucher.code })}
              deleteLabel={t('vouchers.deleteOne', { code: voucher.code })}
              onDelete={() => page.deletion.ask(voucher)}
            />
          )}
        />
      )}

      <DeleteDialog
        title={t('vouchers.delete.title')}
        recordName={page.deletion.toDelete?.code ?? null}
        busy={page.deletion.busy}
        onConfirm={page.deletion.confirm}
        onClose={page.deletion.cancel}
      />
    </Stack>
  );
}
