import { Badge, Group, Select, Stack, Text, Title } from '@mantine/core';
import type { Driver } from '@ps/contracts';
import { type ApproveStatus, approveStatuses } from '@ps/contracts/common/driverStates';
import { getRouteApi, Link } from '@tanstack/react-router';
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
import { useSeesMoney } from '../../lib/finance';
import { formatDay, useMoney } from '../../lib/format';
import { useListPage, usePageSearch } from '../../lib/listPage';
import { usePageTitle } from '../../lib/pageTitle';
import { driversResource } from './api';
import { EligibilityBadge, useReasonText } from './eligibility';
import { DEFAULT_DRIVER_SORT, validateDriverSearch } from './search';

const route = getRouteApi('/$companyId/drivers');

export const approvalColour: Record<ApproveStatus, string> = { pending: 'yellow.9', approved: 'green.9', rejected: 'red.9' };
export const fullName = (driver: Pick<Driver, 'first_name' | 'last_name'>) => `${driver.first_name} ${driver.last_name}`;

/** The company's drivers: approval, whether each can take trips today and why not, the rate in force. */
export function DriversListPage() {
  const { t } = useTranslation();
  usePageTitle(t('drivers.title'));
  const [search, navigate] = usePageSearch(route, validateDriverSearch);
  const { companyId } = route.useParams();
  const money = useMoney();
  const seesPay = useSeesMoney();
  const reasonText = useReasonText();
  const page = useListPage({
    resource: driversResource,
    search,
    navigate,
    defaultSort: DEFAULT_DRIVER_SORT,
    statusChanged: (row) => t(row.status === 1 ? 'drivers.toast.activated' : 'drivers.toast.deactivated', { name: fullName(row) }),
    deleted: (row) => t('drivers.toast.deleted', { name: fullName(row) }),
  });
  const filtered = Boolean(search.search) || search.status !== undefined || search.approve_status !== undefined;
  const approval = (value: ApproveStatus) => t(`drivers.approval.${value}`);
  const csvColumns: CsvColumn<Driver>[] = [
    { title: t('drivers.fields.first_name'), value: (row) => row.first_name },
    { title: t('drivers.fields.last_name'), value: (row) => row.last_name },
    { title: t('drivers.fields.email'), value: (row) => row.email ?? '' },
    { title: t('drivers.fields.phn_nbr'), value: (row) => row.phn_nbr ?? '' },
    { title: t('drivers.fields.licence_number'), value: (row) => row.licence_number ?? '' },
    { title: t('drivers.fields.licence_expiry'), value: (row) => row.licence_expiry ?? '' },
    { title: t('drivers.fields.approve_status'), value: (row) => approval(row.approve_status) },
    { title: t('drivers.fields.status'), value: (row) => (row.status === 1 ? t('status.active') : t('status.inactive')) },
    {
      title: t('drivers.fields.eligibility'),
      value: (row) => (row.eligibility.eligible ? t('drivers.eligible') : row.eligibility.reasons.map(reasonText).join('; ')),
    },
    // A driver's rate is pay: only for a role that may see money (the API sends it null otherwise).
    ...(seesPay
      ? [
          {
            title: t('drivers.fields.price_per_hour'),
            value: (row: Driver) => (row.price_per_hour === null ? '' : money.format(row.price_per_hour)),
          },
        ]
      : []),
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('drivers.title')}
          </Title>
          <Text size="sm">{t('drivers.intro')}</Text>
        </Stack>
        <Group gap="sm">
          <ExportCsvButton
            fetchAll={() => driversResource.fetchAll(search)}
            columns={csvColumns}
            fileName={`${t('drivers.exportFile')}.csv`}
          />
          <AddButton to={`/${companyId}/drivers/new`} label={t('drivers.add')} permission="drivers.create" />
        </Group>
      </Group>
      <ListToolbar
        searchText={page.searchText}
        onSearchText={page.setSearchText}
        searchLabel={t('drivers.search')}
        searchPlaceholder={t('drivers.searchPlaceholder')}
      >
        <Select
          label={t('drivers.approvalFilter')}
          data={[{ value: '', label: t('kit.filter.all') }, ...approveStatuses.map((value) => ({ value, label: approval(value) }))]}
          value={search.approve_status ?? ''}
          onChange={(value) => void page.setSearch({ approve_status: (value || undefined) as ApproveStatus | undefined })}
          allowDeselect={false}
          w={{ base: '100%', xs: 180 }}
        />
        <StatusFilter label={t('drivers.statusFilter')} value={search.status} onChange={(status) => void page.setSearch({ status })} />
      </ListToolbar>
      <BulkStatusBar
        permission="drivers.update"
        selected={page.selection.selected}
        onClear={() => page.selection.setSelected([])}
        busy={page.selection.busy}
        setStatus={page.selection.setStatus}
      />
      {page.list.isError && !page.list.data ? (
        <ListError title={t('drivers.loadError')} error={page.list.error} onRetry={() => void page.list.refetch()} />
      ) : (
        <ResourceTable<Driver>
          label={t('drivers.title')}
          records={page.list.data?.records ?? []}
          fetching={page.list.isFetching}
          noRecordsText={filtered ? t('drivers.emptyFiltered') : t('drivers.empty')}
          table={page.table}
          cardTitle={(driver) => (
            <Text component={Link} to={`/${companyId}/drivers/${driver.id}`} fw={700} c="var(--ps-color-title)" td="underline">
              {fullName(driver)}
            </Text>
          )}
          selection={{
            permission: 'drivers.update',
            selected: page.selection.selected,
            onChange: page.selection.setSelected,
            label: (driver) => t('kit.selectOne', { name: fullName(driver) }),
          }}
          columns={[
            {
              accessor: 'first_name',
              title: t('drivers.fields.name'),
              sortable: true,
              hideInCard: true,
              render: (driver) => (
                <Text component={Link} to={`/${companyId}/drivers/${driver.id}`} fw={600} c="var(--ps-color-bold)" td="underline">
                  {fullName(driver)}
                </Text>
              ),
            },
            {
              accessor: 'email',
              title: t('drivers.fields.contact'),
              sortable: true,
              render: (driver) => (
                <Stack gap={0}>
                  <Text size="sm">{driver.email}</Text>
                  {driver.phn_nbr ? <Text size="sm">{driver.phn_nbr}</Text> : null}
                </Stack>
              ),
            },
            {
              accessor: 'approve_status',
              title: t('drivers.fields.approve_status'),
              sortable: true,
              render: (driver) => (
                <Badge color={approvalColour[driver.approve_status]} variant="dot" size="lg" tt="none" miw="max-content">
                  {approval(driver.approve_status)}
                </Badge>
              ),
            },
            {
              accessor: 'eligibility',
              title: t('drivers.fields.eligibility'),
              render: (driver) => (
                <Stack gap={2}>
                  <EligibilityBadge driver={driver} />
                  {driver.eligibility.reasons.slice(0, 2).map((reason) => (
                    <Text key={`${reason.code}-${reason.document_type_id ?? ''}`} size="xs">
                      {reasonText(reason)}
                    </Text>
                  ))}
                  {driver.eligibility.reasons.length > 2 ? (
                    <Text size="xs">{t('drivers.moreReasons', { count: driver.eligibility.reasons.length - 2 })}</Text>
                  ) : null}
                </Stack>
              ),
            },
            {
              accessor: 'licence_expiry',
              title: t('drivers.fields.licence_expiry'),
              sortable: true,
              render: (driver) => (driver.licence_expiry ? formatDay(driver.licence_expiry) : ''),
            },
            ...(seesPay
              ? [
                  {
                    accessor: 'price_per_hour',
                    title: t('drivers.fields.price_per_hour'),
                    render: (driver: Driver) =>
                      driver.price_per_hour === null ? t('drivers.noRate') : money.format(driver.price_per_hour),
                  },
                ]
              : []),
            statusColumn(page, { permission: 'drivers.update', title: t('drivers.fields.status'), nameOf: (driver) => fullName(driver) }),
          ]}
          actions={(driver) => (
            <RowActions
              resource="drivers"
              editHref={`/${companyId}/drivers/${driver.id}`}
              editLabel={t('drivers.openOne', { name: fullName(driver) })}
              deleteLabel={t('drivers.deleteOne', { name: fullName(driver) })}
              onDelete={() => page.deletion.ask(driver)}
            />
          )}
        />
      )}
      <DeleteDialog
        title={t('drivers.delete.title')}
        recordName={page.deletion.toDelete ? fullName(page.deletion.toDelete) : null}
        busy={page.deletion.busy}
        onConfirm={page.deletion.confirm}
        onClose={page.deletion.cancel}
      />
    </Stack>
  );
}
