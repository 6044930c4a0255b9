import { NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { type Band, type BandCreateInput, bandCreateSchema, bandSortFields, bandTypes, bandUpdateSchema } from '@ps/contracts';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BandTypeSelect } from '../../components/BandTypeSelect';
import { CrudCreatePage, CrudEditPage, CrudListPage, crudScreens } from '../../components/CrudPages';
import { MoneyInput } from '../../components/MoneyInput';
import { useMoney } from '../../lib/format';
import { translateMessage } from '../../lib/i18n';
import { parseStatusListSearch } from '../../lib/listSearch';
import { type BandListSearch, bandsResource } from './api';

/** A length of stay, in days, that prices are set for; active bands of one type do not overlap. */
export const bandScreens = crudScreens({
  resource: bandsResource,
  messages: 'bands',
  permission: 'bands',
  scope: 'company',
  path: '/bands',
  idParam: 'bandId',
  nameOf: (band) => band.name,
  list: {
    validateSearch: (raw): BandListSearch => ({
      ...parseStatusListSearch(raw, bandSortFields),
      type: bandTypes.find((type) => type === raw.type),
    }),
    defaultSort: 'min_days',
    columns: (t) => [
      { accessor: 'name', title: t('bands.fields.name'), sortable: true, hideInCard: true },
      { accessor: 'type', title: t('bands.fields.type'), sortable: true, render: (band) => t(`labels.bandTypes.${band.type}`) },
      { accessor: 'min_days', title: t('bands.fields.days'), sortable: true, render: (band) => <DaysRange band={band} /> },
    ],
    csv: (t) => [
      { title: t('bands.fields.name'), value: (band) => band.name },
      { title: t('bands.fields.type'), value: (band) => t(`labels.bandTypes.${band.type}`) },
      { title: t('bands.fields.min_days'), value: (band) => String(band.min_days) },
      { title: t('bands.fields.max_days'), value: (band) => String(band.max_days) },
      { title: t('bands.fields.status'), value: (band) => (band.status === 1 ? t('status.active') : t('status.inactive')) },
    ],
    filters: (search, setSearch) => <TypeFilter type={search.type} onChange={(type) => setSearch({ type })} />,
    filtered: (search) => search.type !== undefined,
  },
  form: {
    createSchema: bandCreateSchema,
    updateSchema: bandUpdateSchema,
    empty: { name: '', type: 'parking', status: 1 },
    valuesOf: (band) => ({
      name: band.name,
      type: band.type,
      min_days: band.min_days,
      max_days: band.max_days,
      floor_price: band.floor_price,
      ceiling_price: band.ceiling_price,
      status: band.status,
    }),
    // `band_overlap` (409) names the field that overlaps (`min_days`, `max_days`, `type` or `status`), as a 400 does.
    serverFields: ['name', 'type', 'min_days', 'max_days', 'floor_price', 'ceiling_price', 'status'],
    fields: (form: UseFormReturn<BandCreateInput, unknown, unknown>) => <BandFields form={form} />,
  },
});

/** "1-3 days" (one day: "1 day"): the stays a band covers. */
function DaysRange({ band }: { band: Pick<Band, 'min_days' | 'max_days'> }) {
  const { t } = useTranslation();
  return band.min_days === band.max_days
    ? t('bands.oneLength', { count: band.min_days })
    : t('bands.range', { min: band.min_days, max: band.max_days });
}

function TypeFilter({ type, onChange }: { type: BandListSearch['type']; onChange(type: BandListSearch['type']): void }) {
  const { t } = useTranslation();
  return (
    <BandTypeSelect
      aria-label={t('bands.typeFilter')}
      allLabel={t('bands.allTypes')}
      size="md"
      value={type}
      onChange={onChange}
      style={{ flex: '1 1 200px' }}
    />
  );
}

function BandFields({ form }: { form: UseFormReturn<BandCreateInput, unknown, unknown> }) {
  const { t } = useTranslation();
  const { currency } = useMoney();
  const {
    control,
    register,
    formState: { errors },
  } = form;
  const error = (message: string | undefined) => translateMessage(message);
  const days = (name: 'min_days' | 'max_days') => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <NumberInput
          label={t(`bands.fields.${name}`)}
          description={t(`bands.form.${name}Hint`)}
          required
          min={1}
          max={365}
          allowDecimal={false}
          allowNegative={false}
          name={field.name}
          ref={field.ref}
          value={field.value ?? ''}
          onBlur={field.onBlur}
          onChange={(value) => field.onChange(value === '' ? undefined : Number(value))}
          error={error(errors[name]?.message)}
        />
      )}
    />
  );
  // The price rules' floor and ceiling of a stay's base price in this band (issue 24); empty: no limit.
  const limit = (name: 'floor_price' | 'ceiling_price') => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <MoneyInput
          label={t(`bands.fields.${name}`)}
          description={t(`bands.form.${name}Hint`)}
          currency={currency}
          name={field.name}
          ref={field.ref}
          value={field.value ?? null}
          onBlur={field.onBlur}
          onChange={field.onChange}
          error={error(errors[name]?.message)}
        />
      )}
    />
  );
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <TextInput
        label={t('bands.fields.name')}
        description={t('bands.form.nameHint')}
        required
        autoComplete="off"
        error={error(errors.name?.message)}
        {...register('name')}
      />
      <Controller
        control={control}
        name="type"
        render={({ field }) => (
          <BandTypeSelect
            label={t('bands.fields.type')}
            description={t('bands.form.typeHint')}
            placeholder={t('bands.form.chooseType')}
            required
            name={field.name}
            ref={field.ref}
            value={field.value}
            onBlur={field.onBlur}
            onChange={field.onChange}
            error={error(errors.type?.message)}
          />
        )}
      />
      {days('min_days')}
      {days('max_days')}
      {limit('floor_price')}
      {limit('ceiling_price')}
    </SimpleGrid>
  );
}

export const BandsListPage = () => <CrudListPage screens={bandScreens} />;
export const BandCreatePage = () => <CrudCreatePage screens={bandScreens} />;
export const BandEditPage = () => <CrudEditPage screens={bandScreens} />;
