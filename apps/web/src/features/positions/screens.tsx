import { Badge, NativeSelect, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { PositionKind } from '@ps/contracts/common/handoverStates';
import { type Position, positionCreateSchema, positionKinds, positionUpdateSchema } from '@ps/contracts/positions';
import { useParams } from '@tanstack/react-router';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CrudCreatePage, CrudEditPage, CrudListPage, crudScreens } from '../../components/CrudPages';
import { keyboardScrollable } from '../../components/ReferenceSelects';
import { translateMessage } from '../../lib/i18n';
import { placeIds, placeValue, positionsResource, usePlaces } from './api';
import { BulkAddButton } from './BulkAdd';
import { KindChoice, placeKindKey, placeOptions } from './choices';
import { type PositionListSearch, validatePositionSearch } from './search';

/** The form's values: the place (a yard or a car park, chosen when adding only), the kind, the name, notes, status. */
export interface PositionFormValues {
  yard_id?: number | null;
  location_id?: number | null;
  kind?: PositionKind;
  name: string;
  notes?: string | null;
  status?: 0 | 1;
}
type PositionForm = UseFormReturn<PositionFormValues, unknown, unknown>;

/**
 * Where cars stand on a yard or in a car park: bays (one car each), rows and zones (any number), named by the company
 * ("A12"); a name is unique in its place. The list filters by place and kind; several bays are added at once from it.
 */
export const positionScreens = crudScreens<
  Position,
  PositionListSearch,
  PositionFormValues,
  typeof positionCreateSchema,
  typeof positionUpdateSchema
>({
  resource: positionsResource,
  messages: 'positions',
  permission: 'positions',
  scope: 'company',
  path: '/positions',
  idParam: 'positionId',
  nameOf: (record) => record.name,
  list: {
    validateSearch: validatePositionSearch,
    defaultSort: 'name',
    columns: (t) => [
      {
        accessor: 'name',
        title: t('positions.fields.name'),
        sortable: true,
        hideInCard: true,
        render: (record) => (
          <Text fw={600} c="var(--ps-color-bold)">
            {record.name}
          </Text>
        ),
      },
      {
        accessor: 'place_name',
        title: t('positions.fields.place'),
        render: (record) => (
          <Stack gap={0}>
            <Text size="sm">{record.place_name}</Text>
            <Text size="xs" c="dimmed">
              {t(placeKindKey(record))}
            </Text>
          </Stack>
        ),
      },
      {
        accessor: 'kind',
        title: t('positions.fields.kind'),
        sortable: true,
        render: (record) => (
          <Badge variant="outline" color="gray.8" tt="none" size="md">
            {t(`positions.kinds.${record.kind}`)}
          </Badge>
        ),
      },
      { accessor: 'notes', title: t('positions.fields.notes'), render: (record) => record.notes ?? '' },
    ],
    csv: (t) => [
      { title: t('positions.fields.name'), value: (record) => record.name },
      { title: t('positions.fields.place'), value: (record) => record.place_name },
      { title: t('positions.fields.placeKind'), value: (record) => t(placeKindKey(record)) },
      { title: t('positions.fields.kind'), value: (record) => t(`positions.kinds.${record.kind}`) },
      { title: t('positions.fields.notes'), value: (record) => record.notes ?? '' },
      { title: t('positions.fields.status'), value: (record) => (record.status === 1 ? t('status.active') : t('status.inactive')) },
    ],
    filters: (search, setSearch) => <Filters search={search} setSearch={setSearch} />,
    filtered: (search) => search.yard_id !== undefined || search.location_id !== undefined || search.kind !== undefined,
    headerActions: () => <BulkAddButton />,
  },
  form: {
    createSchema: positionCreateSchema,
    updateSchema: positionUpdateSchema,
    empty: { yard_id: null, location_id: null, kind: 'bay', name: '', notes: '', status: 1 },
    valuesOf: (record) => ({ kind: record.kind, name: record.name, notes: record.notes ?? '', status: record.status }),
    serverFields: ['yard_id', 'location_id', 'kind', 'name', 'notes', 'status'],
    conflicts: { name_taken: 'name' },
    fields: (form) => <PositionFields form={form} />,
  },
});

/** The place and kind filters of the list. */
function Filters({ search, setSearch }: { search: PositionListSearch; setSearch: (patch: Partial<PositionListSearch>) => void }) {
  const { t } = useTranslation();
  const { places } = usePlaces();
  const current = placeValue(search);
  const groups = placeOptions(places, t);
  // A filter on a place the list does not know (deleted since) still shows as chosen.
  const known = groups.some((group) => group.items.some((item) => item.value === current));
  return (
    <>
      <NativeSelect
        size="md"
        label={t('positions.placeFilter')}
        data={[
          { value: '', label: t('positions.allPlaces') },
          ...groups,
          ...(current && !known ? [{ value: current, label: `#${current.split(':')[1]}` }] : []),
        ]}
        value={current ?? ''}
        onChange={(event) => {
          const ids = placeIds(event.currentTarget.value);
          setSearch({ yard_id: ids.yard_id ?? undefined, location_id: ids.location_id ?? undefined });
        }}
        style={{ flex: '1 1 220px' }}
      />
      <NativeSelect
        size="md"
        label={t('positions.kindFilter')}
        data={[
          { value: '', label: t('positions.allKinds') },
          ...positionKinds.map((kind) => ({ value: kind, label: t(`positions.kinds.${kind}`) })),
        ]}
        value={search.kind ?? ''}
        onChange={(event) => setSearch({ kind: positionKinds.find((kind) => kind === event.currentTarget.value) })}
        style={{ flex: '1 1 160px' }}
      />
    </>
  );
}

/** The place: a choice when adding; when editing, the place it is in (it stays there: the API refuses a change). */
function PlaceField({ form }: { form: PositionForm }) {
  const { t } = useTranslation();
  const { positionId } = useParams({ strict: false }) as Record<string, string | undefined>;
  const editing = positionId !== undefined;
  const record = positionsResource.useOne(editing ? Number(positionId) : 0);
  const { places, loading } = usePlaces();
  const {
    setValue,
    watch,
    formState: { errors },
  } = form;
  const [yardId, locationId] = watch(['yard_id', 'location_id']);
  if (editing) {
    return (
      <TextInput
        label={t('positions.fields.place')}
        description={t('positions.form.placeFixed')}
        readOnly
        value={record.data ? `${record.data.place_name} (${t(placeKindKey(record.data))})` : ''}
      />
    );
  }
  const choices = placeOptions(
    places.filter((place) => place.active),
    t,
  );
  const message = errors.yard_id?.message ?? errors.location_id?.message;
  return (
    <Stack gap={4}>
      <Select
        label={t('positions.fields.place')}
        description={t('positions.form.placeHint')}
        placeholder={loading ? t('app.loading') : t('positions.form.choosePlace')}
        required
        searchable
        nothingFoundMessage={t('common.nothingFound')}
        {...keyboardScrollable}
        data={choices}
        disabled={loading}
        name="place"
        value={placeValue({ yard_id: yardId, location_id: locationId })}
        onChange={(value) => {
          const ids = placeIds(value);
          setValue('yard_id', ids.yard_id, { shouldDirty: true, shouldValidate: true });
          setValue('location_id', ids.location_id, { shouldDirty: true, shouldValidate: true });
        }}
        error={translateMessage(typeof message === 'string' ? message : undefined)}
      />
      {!loading && choices.length === 0 ? (
        <Text c="red.8" size="sm" role="alert">
          {t('positions.form.noPlaces')}
        </Text>
      ) : null}
    </Stack>
  );
}

function PositionFields({ form }: { form: PositionForm }) {
  const { t } = useTranslation();
  const {
    control,
    register,
    formState: { errors },
  } = form;
  const error = (message: unknown) => translateMessage(typeof message === 'string' ? message : undefined);
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <PlaceField form={form} />
        <TextInput
          label={t('positions.fields.name')}
          description={t('positions.form.nameHint')}
          required
          autoComplete="off"
          maxLength={40}
          error={error(errors.name?.message)}
          {...register('name')}
        />
      </SimpleGrid>
      <Controller
        control={control}
        name="kind"
        render={({ field }) => (
          <KindChoice name={field.name} value={field.value} onChange={field.onChange} error={error(errors.kind?.message)} />
        )}
      />
      <Textarea
        label={t('positions.fields.notes')}
        autosize
        minRows={2}
        maxRows={6}
        error={error(errors.notes?.message)}
        {...register('notes')}
      />
    </>
  );
}

export const PositionsListPage = () => <CrudListPage screens={positionScreens} />;
export const PositionCreatePage = () => <CrudCreatePage screens={positionScreens} />;
export const PositionEditPage = () => <CrudEditPage screens={positionScreens} />;
