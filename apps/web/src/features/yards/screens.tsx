import { NumberInput, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { type YardCreateInput, yardCreateSchema, yardSortFields, yardUpdateSchema } from '@ps/contracts';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CrudCreatePage, CrudEditPage, CrudListPage, crudScreens } from '../../components/CrudPages';
import { formatNumber } from '../../lib/format';
import { translateMessage } from '../../lib/i18n';
import { parseStatusListSearch } from '../../lib/listSearch';
import { yardsResource } from './api';

/** Where valet cars are kept: a name, an address and how many cars it holds. */
export const yardScreens = crudScreens({
  resource: yardsResource,
  messages: 'yards',
  permission: 'yards',
  scope: 'company',
  path: '/yards',
  idParam: 'yardId',
  nameOf: (yard) => yard.name,
  list: {
    validateSearch: (raw) => parseStatusListSearch(raw, yardSortFields),
    defaultSort: 'name',
    columns: (t) => [
      {
        accessor: 'name',
        title: t('yards.fields.name'),
        sortable: true,
        hideInCard: true,
        render: (yard) => (
          <Text fw={600} c="var(--ps-color-bold)">
            {yard.name}
          </Text>
        ),
      },
      { accessor: 'address', title: t('yards.fields.address'), render: (yard) => yard.address ?? '' },
      { accessor: 'capacity', title: t('yards.fields.capacity'), sortable: true, render: (yard) => formatNumber(yard.capacity) },
    ],
    csv: (t) => [
      { title: t('yards.fields.name'), value: (yard) => yard.name },
      { title: t('yards.fields.address'), value: (yard) => yard.address ?? '' },
      { title: t('yards.fields.capacity'), value: (yard) => yard.capacity },
      { title: t('yards.fields.status'), value: (yard) => (yard.status === 1 ? t('status.active') : t('status.inactive')) },
    ],
  },
  form: {
    createSchema: yardCreateSchema,
    updateSchema: yardUpdateSchema,
    empty: { name: '', address: '', capacity: 0, status: 1 } satisfies YardCreateInput,
    valuesOf: (yard) => ({ name: yard.name, address: yard.address ?? '', capacity: yard.capacity, status: yard.status }),
    serverFields: ['name', 'address', 'capacity', 'status'],
    conflicts: { yard_name_taken: 'name' },
    fields: (form) => <YardFields form={form} />,
  },
});

function YardFields({ form }: { form: Parameters<typeof yardScreens.form.fields>[0] }) {
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
        <TextInput
          label={t('yards.fields.name')}
          description={t('yards.form.nameHint')}
          required
          autoComplete="off"
          error={error(errors.name?.message)}
          {...register('name')}
        />
        <Controller
          control={control}
          name="capacity"
          render={({ field }) => (
            <NumberInput
              label={t('yards.fields.capacity')}
              description={t('yards.form.capacityHint')}
              min={0}
              max={100_000}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator={false}
              name={field.name}
              ref={field.ref}
              value={field.value ?? ''}
              onBlur={field.onBlur}
              onChange={(value) => field.onChange(value === '' ? undefined : value)}
              error={error(errors.capacity?.message)}
            />
          )}
        />
      </SimpleGrid>
      <Textarea
        label={t('yards.fields.address')}
        description={t('yards.form.addressHint')}
        autosize
        minRows={2}
        maxRows={4}
        error={error(errors.address?.message)}
        {...register('address')}
      />
    </>
  );
}

export const YardsListPage = () => <CrudListPage screens={yardScreens} />;
export const YardCreatePage = () => <CrudCreatePage screens={yardScreens} />;
export const YardEditPage = () => <CrudEditPage screens={yardScreens} />;
