import { Group, Stack, Text, Title } from '@mantine/core';
import type { CoreAirport } from '@ps/contracts';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DeleteDialog } from '../../components/ConfirmDialog';
import type { CrudScreens } from '../../components/CrudPages';
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
import { screenHref } from '../../lib/features';
import { formatDateTime } from '../../lib/format';
import { useListPage, usePageSearch } from '../../lib/listPage';
import type { StatusListSearch } from '../../lib/listSearch';
import { usePageTitle } from '../../lib/pageTitle';
import { getCompanyId } from '../../lib/session';

/** "LHR – London Heathrow": how a dialog, a switch or a checkbox names an airport (toasts and links say "LHR"). */
export const airportName = (airport: Pick<CoreAirport, 'iata_code' | 'name'>) => `${airport.iata_code} – ${airport.name}`;

type ListScreens<Row extends CoreAirport> = Pick<
  CrudScreens<Row, StatusListSearch, Record<string, unknown>, z.ZodType, z.ZodType>,
  'resource' | 'messages' | 'permission' | 'scope' | 'path' | 'nameOf' | 'list'
>;

/**
 * The company's list and the core list, from their screens (screens.tsx), as the kit's CrudListPage would draw them
 * but for what it cannot say: a row's delete dialog, status switch and checkbox name the airport by code and name
 * ("LHR – London Heathrow") where its toasts and links say "LHR" (the kit has one `nameOf`), and the core list has no
 * "Created" column (its API does not sort by it; the kit always adds one).
 */
export function AirportList<Row extends CoreAirport>({
  screens,
  intro = false,
  created = false,
}: {
  screens: ListScreens<Row>;
  intro?: boolean;
  created?: boolean;
}) {
  const { t } = useTranslation();
  const key = (name: string) => `${screens.messages}.${name}`;
  usePageTitle(t(key('title')));
  const route = { useSearch: () => useSearch({ strict: false }), useNavigate: () => useNavigate() as never };
  const [search, navigate] = usePageSearch(route, screens.list.validateSearch);
  const page = useListPage({
    resource: screens.resource,
    search,
    navigate,
    defaultSort: screens.list.defaultSort,
    statusChanged: (row) => t(key(row.status === 1 ? 'toast.activated' : 'toast.deactivated'), { name: screens.nameOf(row) }),
    deleted: (row) => t(key('toast.deleted'), { name: screens.nameOf(row) }),
  });
  const filtered = Boolean(search.search) || search.status !== undefined;
  const href = screenHref(screens.scope, screens.path, getCompanyId());
  const update = `${screens.permission}.update`;
  const title = (
    <Title order={1} size="h2">
      {t(key('title'))}
    </Title>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        {intro ? (
          <Stack gap={4}>
            {title}
            <Text size="sm">{t(key('intro'))}</Text>
          </Stack>
        ) : (
          title
        )}
        <Group gap="sm">
          <ExportCsvButton
            fetchAll={() => screens.resource.fetchAll(search)}
            columns={screens.list.csv(t)}
            fileName={`${t(key('exportFile'))}.csv`}
          />
          <AddButton to={`${href}/new`} label={t(key('add'))} permission={`${screens.permission}.create`} />
        </Group>
      </Group>
      <ListToolbar
        searchText={page.searchText}
        onSearchText={page.setSearchText}
        searchLabel={t(key('search'))}
        searchPlaceholder={t(key('searchPlaceholder'))}
      >
        <StatusFilter label={t(key('statusFilter'))} value={search.status} onChange={(status) => void page.setSearch({ status })} />
      </ListToolbar>
      <BulkStatusBar
        permission={update}
        selected={page.selection.selected}
        onClear={() => page.selection.setSelected([])}
        busy={page.selection.busy}
        setStatus={page.selection.setStatus}
      />
      {page.list.isError && !page.list.data ? (
        <ListError title={t(key('loadError'))} error={page.list.error} onRetry={() => void page.list.refetch()} />
      ) : (
        <ResourceTable<Row>
          label={t(key('title'))}
          records={page.list.data?.records ?? []}
          fetching={page.list.isFetching}
          noRecordsText={filtered ? t(key('emptyFiltered')) : t(key('empty'))}
          emptyAction={filtered ? undefined : { to: `${href}/new`, label: t(key('add')), permission: `${screens.permission}.create` }}
          table={page.table}
          cardTitle={(row) => screens.list.cardTitle?.(row)}
          selection={{
            permission: update,
            selected: page.selection.selected,
            onChange: page.selection.setSelected,
            label: (row) => t('kit.selectOne', { name: airportName(row) }),
          }}
          columns={[
            ...screens.list.columns(t),
            statusColumn(page, { permission: update, title: t(key('fields.status')), nameOf: airportName }),
            ...(created
              ? [
                  {
                    accessor: 'created_at',
                    title: t(key('fields.created_at')),
                    sortable: true,
                    render: (row: Row) => formatDateTime(row.created_at),
                  },
                ]
              : []),
          ]}
          actions={(row) => (
            <RowActions
              resource={screens.permission}
              editHref={`${href}/${row.id}/edit`}
              editLabel={t(key('editOne'), { name: screens.nameOf(row) })}
              deleteLabel={t(key('deleteOne'), { name: screens.nameOf(row) })}
              onDelete={() => page.deletion.ask(row)}
            />
          )}
        />
      )}
      <DeleteDialog
        title={t(key('delete.title'))}
        recordName={page.deletion.toDelete ? airportName(page.deletion.toDelete) : null}
        busy={page.deletion.busy}
        onConfirm={page.deletion.confirm}
        onClose={page.deletion.cancel}
      />
    </Stack>
  );
}
