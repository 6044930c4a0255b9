import { zodResolver } from '@hookform/resolvers/zod';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { type DefaultValues, type FieldValues, type Path, type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { CsvColumn } from '../lib/csv';
import { type Scope, screenHref } from '../lib/features';
import { formatDateTime } from '../lib/format';
import { applyConflictErrors, applyServerFieldErrors, sameNameField, useFormToasts, useUnsavedChangesGuard } from '../lib/forms';
import { translateMessage } from '../lib/i18n';
import { useListPage, usePageSearch } from '../lib/listPage';
import { backToList } from '../lib/listReturn';
import type { ListSearch } from '../lib/listSearch';
import { usePageTitle } from '../lib/pageTitle';
import type { ListResource } from '../lib/resource';
import { getCompanyId } from '../lib/session';
import { DeleteDialog, UnsavedChangesDialog } from './ConfirmDialog';
import { BackToListLink, FormActions, StatusSwitchField } from './FormKit';
import {
  AddButton,
  BulkStatusBar,
  ExportCsvButton,
  type KitColumn,
  ListError,
  ListToolbar,
  ResourceTable,
  StatusFilter,
  statusColumn,
} from './ListKit';
import { RecordState } from './RecordState';
import { RowActions } from './RowActions';

/**
 * A simple resource's three screens (its list, its add page, its edit page) from what is its own: its calls
 * (`createResource`), its words, its columns and its form's fields. Everything else is the same for every resource and
 * lives here: the list's URL state, search, status filter, CSV of every filtered row, bulk status, cards under 768 px,
 * delete after asking, the form's validation by the contract's schema, the API's field errors beside the fields, the
 * unsaved-changes guard, toasts, and the way back to the list as it was left.
 *
 * Words: `messages` names the feature's namespace, and the screens read these keys in it (EN and TA in the feature's
 * locales): `title`, `intro`, `add`, `search`, `searchPlaceholder`, `statusFilter`, `loadError`, `empty`, `emptyFiltered`,
 * `exportFile`, `editOne`, `deleteOne`, `delete.title`, `fields.<field>`, `toast.created|updated|deleted|activated|deactivated`,
 * `createTitle`, `editTitle`, `editTitleGeneric`, `backToList`, `notFound`, `form.create`, `form.save`, `form.active`,
 * `form.activeHint` (`intro` may be left out). A toast or title's `{{name}}` is the record's `nameOf`.
 */

interface CrudRecord {
  id: number;
  status?: 0 | 1;
  created_at?: string;
}

/** The hooks of a resource the screens use (lib/resource.ts `createResource`). */
interface CrudResource<Row extends CrudRecord, Search extends ListSearch, Create, Update> extends ListResource<Row, Search> {
  fetchAll(search: Search): Promise<Row[]>;
  useOne(id: number): Parameters<typeof RecordState<Row>>[0]['query'];
  useCreate(): { mutateAsync(body: Create): Promise<Row> };
  useUpdate(id: number): { mutateAsync(body: Update): Promise<Row> };
}

export interface CrudScreens<
  Row extends CrudRecord,
  Search extends ListSearch,
  Values extends FieldValues,
  CreateSchema extends z.ZodType,
  UpdateSchema extends z.ZodType,
> {
  resource: CrudResource<Row, Search, z.output<CreateSchema>, z.output<UpdateSchema>>;
  /** The feature's message namespace (`yards` reads `yards.title`...). */
  messages: string;
  /** The permissions' prefix: `yards` gives `yards.create`, `yards.update`, `yards.delete`. */
  permission: string;
  /** Where the list is (the screens of the feature's manifest): `{ scope: 'company', path: '/yards' }`. */
  scope: Scope;
  path: string;
  /** The edit page's path parameter (`/yards/$yardId/edit`: `yardId`). */
  idParam: string;
  /** The record's name in titles, toasts, the delete dialog and a card's title. */
  nameOf(row: Row): string;
  list: {
    validateSearch(raw: Record<string, unknown>): Search;
    defaultSort: string;
    /**
     * Its own columns (the status switch and the creation time follow when the record has them) and its CSV's. Both are
     * called on every render of the list, in the same order, so they may use hooks (the company's currency...).
     */
    columns(t: (key: string) => string): KitColumn<Row>[];
    csv(t: (key: string) => string): CsvColumn<Row>[];
    /** Filters of its own beside the status filter. */
    filters?(search: Search, setSearch: (patch: Partial<Search>) => void): ReactNode;
    /** Whether a filter of its own is set (the empty list then says so). */
    filtered?(search: Search): boolean;
    /** A card's title on a phone (the record's name by default). */
    cardTitle?(row: Row): ReactNode;
    /** Buttons of its own beside a row's edit and delete (an agency's statement). */
    rowActions?(row: Row): ReactNode;
    /** Buttons of its own beside Export and Add. */
    headerActions?(): ReactNode;
  };
  form: {
    createSchema: CreateSchema;
    updateSchema: UpdateSchema;
    /** A new record's values. */
    empty: DefaultValues<Values>;
    /** A record's values as the form edits them. */
    valuesOf(row: Row): DefaultValues<Values>;
    /** The form's fields, in their layout (the status switch and the buttons follow). */
    fields(form: UseFormReturn<Values, unknown, unknown>): ReactNode;
    /** The fields the API may name in a 400, and the 409 codes about one field. */
    serverFields: readonly Path<Values>[];
    conflicts?: Partial<Record<string, Path<Values>>>;
  };
}

/** Identity, for inference: a feature's `screens.tsx` declares its screens with it. */
export function crudScreens<
  Row extends CrudRecord,
  Search extends ListSearch,
  Values extends FieldValues,
  CreateSchema extends z.ZodType,
  UpdateSchema extends z.ZodType,
>(screens: CrudScreens<Row, Search, Values, CreateSchema, UpdateSchema>) {
  return screens;
}

// The kit's own props take any resource's screens: each feature's were checked where it declared them.
// biome-ignore lint/suspicious/noExplicitAny: the screens' types are checked by `crudScreens` at the feature.
type AnyScreens = CrudScreens<any, any, any, any, any>;

const listHref = (screens: AnyScreens) => screenHref(screens.scope, screens.path, getCompanyId());

/** The list: header, search and filters, bulk status, table or cards, delete after asking. */
export function CrudListPage({ screens }: { screens: AnyScreens }) {
  const { t, i18n } = useTranslation();
  const key = (name: string) => `${screens.messages}.${name}`;
  usePageTitle(t(key('title')));
  const route = { useSearch: () => useSearch({ strict: false }), useNavigate: () => useNavigate() as never };
  const [search, navigate] = usePageSearch(route, screens.list.validateSearch);
  const hasStatus = screens.form.empty.status !== undefined;
  const page = useListPage({
    resource: screens.resource,
    search,
    navigate,
    defaultSort: screens.list.defaultSort,
    statusChanged: (row) => t(key(row.status === 1 ? 'toast.activated' : 'toast.deactivated'), { name: screens.nameOf(row) }),
    deleted: (row) => t(key('toast.deleted'), { name: screens.nameOf(row) }),
  });
  const filtered = Boolean(search.search) || search.status !== undefined || (screens.list.filtered?.(search) ?? false);
  const href = listHref(screens);
  const update = `${screens.permission}.update`;
  const columns: KitColumn<CrudRecord>[] = [
    ...screens.list.columns(t),
    ...(hasStatus ? [statusColumn(page, { permission: update, title: t(key('fields.status')), nameOf: screens.nameOf })] : []),
    {
      accessor: 'created_at',
      title: t(key('fields.created_at')),
      sortable: true,
      render: (row: CrudRecord) => (row.created_at ? formatDateTime(row.created_at) : ''),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t(key('title'))}
          </Title>
          {i18n.exists(key('intro')) ? <Text size="sm">{t(key('intro'))}</Text> : null}
        </Stack>
        <Group gap="sm">
          <ExportCsvButton
            fetchAll={() => screens.resource.fetchAll(search)}
            columns={screens.list.csv(t)}
            fileName={`${t(key('exportFile'))}.csv`}
          />
          {screens.list.headerActions?.()}
          <AddButton to={`${href}/new`} label={t(key('add'))} permission={`${screens.permission}.create`} />
        </Group>
      </Group>
      <ListToolbar
        searchText={page.searchText}
        onSearchText={page.setSearchText}
        searchLabel={t(key('search'))}
        searchPlaceholder={t(key('searchPlaceholder'))}
      >
        {screens.list.filters?.(search, (patch) => void page.setSearch(patch))}
        {hasStatus ? (
          <StatusFilter label={t(key('statusFilter'))} value={search.status} onChange={(status) => void page.setSearch({ status })} />
        ) : null}
      </ListToolbar>
      {hasStatus ? (
        <BulkStatusBar
          permission={update}
          selected={page.selection.selected}
          onClear={() => page.selection.setSelected([])}
          busy={page.selection.busy}
          setStatus={page.selection.setStatus}
        />
      ) : null}
      {page.list.isError && !page.list.data ? (
        <ListError title={t(key('loadError'))} error={page.list.error} onRetry={() => void page.list.refetch()} />
      ) : (
        <ResourceTable<CrudRecord>
          label={t(key('title'))}
          records={page.list.data?.records ?? []}
          fetching={page.list.isFetching}
          noRecordsText={filtered ? t(key('emptyFiltered')) : t(key('empty'))}
          emptyAction={filtered ? undefined : { to: `${href}/new`, label: t(key('add')), permission: `${screens.permission}.create` }}
          table={page.table}
          cardTitle={(row) =>
            screens.list.cardTitle?.(row) ?? (
              <Text fw={700} c="var(--ps-color-title)" className="ps-wrap">
                {screens.nameOf(row)}
              </Text>
            )
          }
          {...(hasStatus
            ? {
                selection: {
                  permission: update,
                  selected: page.selection.selected,
                  onChange: page.selection.setSelected,
                  label: (row: CrudRecord) => t('kit.selectOne', { name: screens.nameOf(row) }),
                },
              }
            : {})}
          columns={columns}
          actions={(row) => (
            <Group gap="xs" justify="flex-end" wrap="nowrap">
              {screens.list.rowActions?.(row)}
              <RowActions
                resource={screens.permission}
                editHref={`${href}/${row.id}/edit`}
                editLabel={t(key('editOne'), { name: screens.nameOf(row) })}
                deleteLabel={t(key('deleteOne'), { name: screens.nameOf(row) })}
                onDelete={() => page.deletion.ask(row)}
              />
            </Group>
          )}
        />
      )}
      <DeleteDialog
        title={t(key('delete.title'))}
        recordName={page.deletion.toDelete ? screens.nameOf(page.deletion.toDelete) : null}
        busy={page.deletion.busy}
        onConfirm={page.deletion.confirm}
        onClose={page.deletion.cancel}
      />
    </Stack>
  );
}

/** The form of both pages: the fields, the status switch, Cancel and save; the API's errors beside the fields. */
function CrudForm({
  screens,
  schema,
  defaultValues,
  submitLabel,
  save,
}: {
  screens: AnyScreens;
  schema: z.ZodType;
  defaultValues: DefaultValues<FieldValues>;
  submitLabel: string;
  /** Saves the values the schema made; answers the success toast's text. */
  save(values: unknown): Promise<string>;
}) {
  const { t } = useTranslation();
  const toasts = useFormToasts();
  const navigate = useNavigate();
  const form = useForm<FieldValues, unknown, unknown>({
    resolver: zodResolver(schema as never) as unknown as Resolver<FieldValues>,
    defaultValues,
  });
  const { handleSubmit, setError, control, formState } = form;
  const { blocker, allowLeave } = useUnsavedChangesGuard(formState.isDirty && !formState.isSubmitting);
  const href = listHref(screens);
  const submit = handleSubmit(async (values) => {
    try {
      // The form's own toasts: a success closes the errors an earlier try of this form left.
      toasts.success(await save(values));
      allowLeave();
      await navigate(backToList(href));
    } catch (error) {
      toasts.error(error);
      applyServerFieldErrors(error, setError, sameNameField(screens.form.serverFields));
      applyConflictErrors(error, setError, screens.form.conflicts ?? {});
    }
  });
  return (
    <Paper component="form" p={{ base: 'md', sm: 'lg' }} radius="md" withBorder noValidate onSubmit={submit}>
      <Stack gap="md">
        {screens.form.fields(form)}
        {defaultValues.status !== undefined ? (
          <StatusSwitchField
            control={control}
            label={t(`${screens.messages}.form.active`)}
            description={t(`${screens.messages}.form.activeHint`)}
            // A 409 about the status (reactivating a band that overlaps another) shows beside the switch.
            error={translateMessage(formState.errors.status?.message as string | undefined)}
          />
        ) : null}
        <FormActions cancelHref={href} submitLabel={submitLabel} busy={formState.isSubmitting} />
      </Stack>
      <UnsavedChangesDialog blocked={blocker.status === 'blocked'} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
    </Paper>
  );
}

/** The add page. */
export function CrudCreatePage({ screens }: { screens: AnyScreens }) {
  const { t } = useTranslation();
  const key = (name: string) => `${screens.messages}.${name}`;
  usePageTitle(t(key('createTitle')));
  const create = screens.resource.useCreate();
  return (
    <Stack gap="md" maw={960}>
      <BackToListLink path={listHref(screens)} label={t(key('backToList'))} />
      <Title order={1} size="h2">
        {t(key('createTitle'))}
      </Title>
      <CrudForm
        screens={screens}
        schema={screens.form.createSchema}
        defaultValues={screens.form.empty}
        submitLabel={t(key('form.create'))}
        save={async (values) => t(key('toast.created'), { name: screens.nameOf(await create.mutateAsync(values)) })}
      />
    </Stack>
  );
}

/** The edit page of the record in the path (`idParam`); another company's or a deleted one is "not found". */
export function CrudEditPage({ screens }: { screens: AnyScreens }) {
  const { t } = useTranslation();
  const key = (name: string) => `${screens.messages}.${name}`;
  const params = useParams({ strict: false }) as Record<string, string | undefined>;
  const id = Number(params[screens.idParam]);
  const record = screens.resource.useOne(id);
  const update = screens.resource.useUpdate(id);
  const title = record.data ? t(key('editTitle'), { name: screens.nameOf(record.data) }) : t(key('editTitleGeneric'));
  usePageTitle(title);
  return (
    <Stack gap="md" maw={960}>
      <BackToListLink path={listHref(screens)} label={t(key('backToList'))} />
      <Title order={1} size="h2">
        {title}
      </Title>
      <RecordState query={record} notFoundTitle={t(key('notFound'))}>
        {(current) => (
          <CrudForm
            key={current.id}
            screens={screens}
            schema={screens.form.updateSchema}
            defaultValues={screens.form.valuesOf(current)}
            submitLabel={t(key('form.save'))}
            save={async (values) => t(key('toast.updated'), { name: screens.nameOf(await update.mutateAsync(values)) })}
          />
        )}
      </RecordState>
    </Stack>
  );
}
