import { SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import {
  type AdditionalServiceCreateInput,
  additionalServiceCreateSchema,
  additionalServiceSortFields,
  additionalServiceUpdateSchema,
} from '@ps/contracts';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CrudCreatePage, CrudEditPage, CrudListPage, crudScreens } from '../../components/CrudPages';
import { MoneyInput } from '../../components/MoneyInput';
import { useMoney } from '../../lib/format';
import { translateMessage } from '../../lib/i18n';
import { parseStatusListSearch } from '../../lib/listSearch';
import { additionalServicesResource } from './api';

/** An optional extra sold with a stay (car wash, EV charging...) and its price. */
export const additionalServiceScreens = crudScreens({
  resource: additionalServicesResource,
  messages: 'services',
  permission: 'additional_services',
  scope: 'company',
  path: '/additional-services',
  idParam: 'serviceId',
  nameOf: (service) => service.name,
  list: {
    validateSearch: (raw) => parseStatusListSearch(raw, additionalServiceSortFields),
    defaultSort: 'name',
    columns: (t) => [
      { accessor: 'name', title: t('services.fields.name'), sortable: true, hideInCard: true },
      { accessor: 'price', title: t('services.fields.price'), sortable: true, render: (service) => <Money minor={service.price} /> },
      {
        accessor: 'description',
        title: t('services.fields.description'),
        render: (service) => (
          <Text span size="sm" c={service.description ? undefined : 'dimmed'}>
            {service.description ?? '—'}
          </Text>
        ),
      },
    ],
    csv: (t) => {
      // The kit reads the CSV columns as it renders the list, so a hook may be called here.
      const money = useMoney();
      return [
        { title: t('services.fields.name'), value: (service) => service.name },
        { title: t('services.fields.price'), value: (service) => money.format(service.price) },
        { title: t('services.fields.description'), value: (service) => service.description ?? '' },
        { title: t('services.fields.status'), value: (service) => (service.status === 1 ? t('status.active') : t('status.inactive')) },
      ];
    },
  },
  form: {
    createSchema: additionalServiceCreateSchema,
    updateSchema: additionalServiceUpdateSchema,
    empty: { name: '', description: '', status: 1 },
    valuesOf: (service) => ({ name: service.name, description: service.description ?? '', price: service.price, status: service.status }),
    serverFields: ['name', 'description', 'price', 'status'],
    fields: (form: UseFormReturn<AdditionalServiceCreateInput, unknown, unknown>) => <ServiceFields form={form} />,
  },
});

/** An amount in the company's currency. */
function Money({ minor }: { minor: number }) {
  return useMoney().format(minor);
}

function ServiceFields({ form }: { form: UseFormReturn<AdditionalServiceCreateInput, unknown, unknown> }) {
  const { t } = useTranslation();
  const { currency } = useMoney();
  const {
    control,
    register,
    formState: { errors },
  } = form;
  const error = (message: string | undefined) => translateMessage(message);
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <TextInput
          label={t('services.fields.name')}
          description={t('services.form.nameHint')}
          required
          autoComplete="off"
          error={error(errors.name?.message)}
          {...register('name')}
        />
        <Controller
          control={control}
          name="price"
          render={({ field }) => (
            <MoneyInput
              label={t('services.fields.price')}
              description={t('services.form.priceHint')}
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
        label={t('services.fields.description')}
        description={t('services.form.descriptionHint')}
        autosize
        minRows={2}
        maxLength={1000}
        error={error(errors.description?.message)}
        {...register('description')}
      />
    </>
  );
}

export const AdditionalServicesListPage = () => <CrudListPage screens={additionalServiceScreens} />;
export const AdditionalServiceCreatePage = () => <CrudCreatePage screens={additionalServiceScreens} />;
export const AdditionalServiceEditPage = () => <CrudEditPage screens={additionalServiceScreens} />;
