import { SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import {
  bandTypes,
  MAX_INCLUDED_ITEMS,
  type PackageCreateInput,
  packageCreateSchema,
  packageSortFields,
  packageUpdateSchema,
} from '@ps/contracts';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BandTypeSelect } from '../../components/BandTypeSelect';
import { CrudCreatePage, CrudEditPage, CrudListPage, crudScreens } from '../../components/CrudPages';
import { MoneyInput } from '../../components/MoneyInput';
import { useMoney } from '../../lib/format';
import { translateMessage } from '../../lib/i18n';
import { parseStatusListSearch } from '../../lib/listSearch';
import { type PackageListSearch, packagesResource } from './api';
import { IncludedItems } from './IncludedItems';

/** A product sold with a stay (Meet and Greet Standard...): a type, a supplement and what it includes. */
export const packageScreens = crudScreens({
  resource: packagesResource,
  messages: 'packages',
  permission: 'packages',
  scope: 'company',
  path: '/packages',
  idParam: 'packageId',
  nameOf: (item) => item.name,
  list: {
    validateSearch: (raw): PackageListSearch => ({
      ...parseStatusListSearch(raw, packageSortFields),
      type: bandTypes.find((type) => type === raw.type),
    }),
    defaultSort: 'name',
    columns: (t) => [
      { accessor: 'name', title: t('packages.fields.name'), sortable: true, hideInCard: true },
      { accessor: 'type', title: t('packages.fields.type'), sortable: true, render: (item) => t(`labels.bandTypes.${item.type}`) },
      { accessor: 'price', title: t('packages.fields.price'), sortable: true, render: (item) => <Money minor={item.price} /> },
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
    ],
    csv: (t) => {
      // The kit reads the CSV columns as it renders the list, so a hook may be called here.
      const money = useMoney();
      return [
        { title: t('packages.fields.name'), value: (item) => item.name },
        { title: t('packages.fields.type'), value: (item) => t(`labels.bandTypes.${item.type}`) },
        { title: t('packages.fields.price'), value: (item) => money.format(item.price) },
        { title: t('packages.fields.included'), value: (item) => item.included.join('; ') },
        { title: t('packages.fields.description'), value: (item) => item.description ?? '' },
        { title: t('packages.fields.status'), value: (item) => (item.status === 1 ? t('status.active') : t('status.inactive')) },
      ];
    },
    filters: (search, setSearch) => <TypeFilter type={search.type} onChange={(type) => setSearch({ type })} />,
    filtered: (search) => search.type !== undefined,
  },
  form: {
    createSchema: packageCreateSchema,
    updateSchema: packageUpdateSchema,
    empty: { name: '', description: '', type: 'meet_and_greet', included: [], status: 1 },
    valuesOf: (item) => ({
      name: item.name,
      description: item.description ?? '',
      type: item.type,
      price: item.price,
      included: item.included,
      status: item.status,
    }),
    // An included item's error (`included.3`) goes beside that item.
    serverFields: [
      'name',
      'description',
      'type',
      'price',
      'included',
      'status',
      ...Array.from({ length: MAX_INCLUDED_ITEMS }, (_, index) => `included.${index}` as const),
    ],
    fields: (form: UseFormReturn<PackageCreateInput, unknown, unknown>) => <PackageFields form={form} />,
  },
});

/** An amount in the company's currency. */
function Money({ minor }: { minor: number }) {
  return useMoney().format(minor);
}

function TypeFilter({ type, onChange }: { type: PackageListSearch['type']; onChange(type: PackageListSearch['type']): void }) {
  const { t } = useTranslation();
  return (
    <BandTypeSelect
      aria-label={t('packages.typeFilter')}
      allLabel={t('packages.allTypes')}
      size="md"
      value={type}
      onChange={onChange}
      style={{ flex: '1 1 200px' }}
    />
  );
}

function PackageFields({ form }: { form: UseFormReturn<PackageCreateInput, unknown, unknown> }) {
  const { t } = useTranslation();
  const { currency } = useMoney();
  const {
    control,
    register,
    formState: { errors },
  } = form;
  const error = (message: string | undefined) => translateMessage(message);
  const includedErrors = errors.included as unknown as (Array<{ message?: string } | undefined> & { message?: string }) | undefined;
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <TextInput
          label={t('packages.fields.name')}
          description={t('packages.form.nameHint')}
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
              label={t('packages.fields.type')}
              description={t('packages.form.typeHint')}
              placeholder={t('packages.form.chooseType')}
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
        <Controller
          control={control}
          name="price"
          render={({ field }) => (
            <MoneyInput
              label={t('packages.fields.price')}
              description={t('packages.form.priceHint')}
              required
              currency={currency}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(minor) => field.onChange(minor ?? undefined)}
              error={error(errors.price?.message)}
            />
          )}
        />
      </SimpleGrid>
      <Textarea
        label={t('packages.fields.description')}
        autosize
        minRows={2}
        maxLength={1000}
        error={error(errors.description?.message)}
        {...register('description')}
      />
      <Controller
        control={control}
        name="included"
        render={({ field }) => (
          <IncludedItems
            value={field.value ?? []}
            onChange={field.onChange}
            itemErrors={(field.value ?? []).map((_, index) => error(includedErrors?.[index]?.message))}
            listError={error(includedErrors?.message)}
          />
        )}
      />
    </>
  );
}

export const PackagesListPage = () => <CrudListPage screens={packageScreens} />;
export const PackageCreatePage = () => <CrudCreatePage screens={packageScreens} />;
export const PackageEditPage = () => <CrudEditPage screens={packageScreens} />;
