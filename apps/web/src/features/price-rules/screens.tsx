import { Text, Textarea, TextInput } from '@mantine/core';
import { priceRuleCreateSchema, priceRuleSortFields, priceRuleUpdateSchema } from '@ps/contracts/priceRules';
import { useTranslation } from 'react-i18next';
import { CrudCreatePage, CrudEditPage, CrudListPage, crudScreens } from '../../components/CrudPages';
import { translateMessage } from '../../lib/i18n';
import { parseStatusListSearch } from '../../lib/listSearch';
import { priceRulesResource } from './api';

/** A company's price rules: a name, notes and a status. */
export const priceRuleScreens = crudScreens({
  resource: priceRulesResource,
  messages: 'priceRules',
  permission: 'price_rules',
  scope: 'company',
  path: '/price-rules',
  idParam: 'priceRuleId',
  nameOf: (record) => record.name,
  list: {
    validateSearch: (raw) => parseStatusListSearch(raw, priceRuleSortFields),
    defaultSort: 'name',
    columns: (t) => [
      {
        accessor: 'name',
        title: t('priceRules.fields.name'),
        sortable: true,
        hideInCard: true,
        render: (record) => (
          <Text fw={600} c="var(--ps-color-bold)">
            {record.name}
          </Text>
        ),
      },
      { accessor: 'notes', title: t('priceRules.fields.notes'), render: (record) => record.notes ?? '' },
    ],
    csv: (t) => [
      { title: t('priceRules.fields.name'), value: (record) => record.name },
      { title: t('priceRules.fields.notes'), value: (record) => record.notes ?? '' },
      { title: t('priceRules.fields.status'), value: (record) => (record.status === 1 ? t('status.active') : t('status.inactive')) },
    ],
  },
  form: {
    createSchema: priceRuleCreateSchema,
    updateSchema: priceRuleUpdateSchema,
    empty: { name: '', notes: '', status: 1 },
    valuesOf: (record) => ({ name: record.name, notes: record.notes ?? '', status: record.status }),
    serverFields: ['name', 'notes', 'status'],
    conflicts: { name_taken: 'name' },
    fields: (form) => <PriceRuleFields form={form} />,
  },
});

function PriceRuleFields({ form }: { form: Parameters<typeof priceRuleScreens.form.fields>[0] }) {
  const { t } = useTranslation();
  const {
    register,
    formState: { errors },
  } = form;
  const error = (message: unknown) => translateMessage(typeof message === 'string' ? message : undefined);
  return (
    <>
      <TextInput
        label={t('priceRules.fields.name')}
        description={t('priceRules.form.nameHint')}
        required
        autoComplete="off"
        error={error(errors.name?.message)}
        {...register('name')}
      />
      <Textarea
        label={t('priceRules.fields.notes')}
        autosize
        minRows={2}
        maxRows={6}
        error={error(errors.notes?.message)}
        {...register('notes')}
      />
    </>
  );
}

export const PriceRulesListPage = () => <CrudListPage screens={priceRuleScreens} />;
export const PriceRuleCreatePage = () => <CrudCreatePage screens={priceRuleScreens} />;
export const PriceRuleEditPage = () => <CrudEditPage screens={priceRuleScreens} />;
