import { Badge, SegmentedControl, Switch, Text, TextInput } from '@mantine/core';
import { type DocumentTypeCreateInput, documentTypeCreateSchema, documentTypeSortFields, documentTypeUpdateSchema } from '@ps/contracts';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CrudCreatePage, CrudEditPage, CrudListPage, crudScreens } from '../../components/CrudPages';
import { translateMessage } from '../../lib/i18n';
import { parseStatusFilter, parseStatusListSearch } from '../../lib/listSearch';
import { type DocumentTypeListSearch, documentTypesResource } from './api';

/** Which documents the company's drivers must hold: licence, insurance, ID... */
export const documentTypeScreens = crudScreens({
  resource: documentTypesResource,
  messages: 'documentTypes',
  permission: 'document_types',
  scope: 'company',
  path: '/document-types',
  idParam: 'documentTypeId',
  nameOf: (type) => type.name,
  list: {
    // `required=1` / `required=0` like the status: anything else means "all".
    validateSearch: (raw): DocumentTypeListSearch => ({
      ...parseStatusListSearch(raw, documentTypeSortFields),
      required: parseStatusFilter(raw.required),
    }),
    defaultSort: 'name',
    columns: (t) => [
      {
        accessor: 'name',
        title: t('documentTypes.fields.name'),
        sortable: true,
        hideInCard: true,
        render: (type) => (
          <Text fw={600} c="var(--ps-color-bold)">
            {type.name}
          </Text>
        ),
      },
      {
        accessor: 'required',
        title: t('documentTypes.fields.required'),
        sortable: true,
        render: (type) => <YesNoBadge value={type.required} />,
      },
      {
        accessor: 'has_expiry',
        title: t('documentTypes.fields.has_expiry'),
        sortable: true,
        render: (type) => <YesNoBadge value={type.has_expiry} />,
      },
    ],
    csv: (t) => {
      const yesNo = (value: boolean) => (value ? t('documentTypes.yes') : t('documentTypes.no'));
      return [
        { title: t('documentTypes.fields.name'), value: (type) => type.name },
        { title: t('documentTypes.fields.required'), value: (type) => yesNo(type.required) },
        { title: t('documentTypes.fields.has_expiry'), value: (type) => yesNo(type.has_expiry) },
        { title: t('documentTypes.fields.status'), value: (type) => (type.status === 1 ? t('status.active') : t('status.inactive')) },
      ];
    },
    filters: (search, setSearch) => <RequiredFilter value={search.required} onChange={(required) => setSearch({ required })} />,
    filtered: (search) => search.required !== undefined,
  },
  form: {
    createSchema: documentTypeCreateSchema,
    updateSchema: documentTypeUpdateSchema,
    empty: { name: '', required: false, has_expiry: false, is_licence: false, status: 1 } satisfies DocumentTypeCreateInput,
    valuesOf: (type) => ({
      name: type.name,
      required: type.required,
      has_expiry: type.has_expiry,
      is_licence: type.is_licence,
      status: type.status,
    }),
    serverFields: ['name', 'required', 'has_expiry', 'is_licence', 'status'],
    conflicts: { document_type_name_taken: 'name', document_type_licence_taken: 'is_licence' },
    fields: (form) => <DocumentTypeFields form={form} />,
  },
});

/** Yes (filled, dark enough for white text) or No (plain), so a required type stands out in the list. */
function YesNoBadge({ value }: { value: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge variant={value ? 'filled' : 'default'} color={value ? 'blue.8' : 'gray'} tt="none" size="md">
      {value ? t('documentTypes.yes') : t('documentTypes.no')}
    </Badge>
  );
}

/** All / Required / Optional, kept in the URL as `required`. */
function RequiredFilter({ value, onChange }: { value: 0 | 1 | undefined; onChange: (value: 0 | 1 | undefined) => void }) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      fullWidth
      size="md"
      aria-label={t('documentTypes.requiredFilter')}
      value={value === undefined ? 'all' : String(value)}
      onChange={(next) => onChange(next === 'all' ? undefined : (Number(next) as 0 | 1))}
      data={[
        { value: 'all', label: t('kit.filter.all') },
        { value: '1', label: t('documentTypes.required') },
        { value: '0', label: t('documentTypes.optional') },
      ]}
      style={{ flex: '1 1 260px' }}
    />
  );
}

function DocumentTypeFields({ form }: { form: Parameters<typeof documentTypeScreens.form.fields>[0] }) {
  const { t } = useTranslation();
  const {
    control,
    register,
    formState: { errors },
  } = form;
  const error = (message: unknown) => translateMessage(typeof message === 'string' ? message : undefined);
  /** A yes/no field of the form as a switch with its label and hint. */
  const flag = (name: 'required' | 'has_expiry' | 'is_licence', label: string, description: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch
          size="md"
          label={label}
          description={description}
          checked={field.value === true}
          onChange={(event) => field.onChange(event.currentTarget.checked)}
          onBlur={field.onBlur}
          name={field.name}
          ref={field.ref}
          error={error(errors[name]?.message)}
        />
      )}
    />
  );
  return (
    <>
      <TextInput
        label={t('documentTypes.fields.name')}
        description={t('documentTypes.form.nameHint')}
        required
        autoComplete="off"
        error={error(errors.name?.message)}
        {...register('name')}
      />
      {flag('required', t('documentTypes.form.required'), t('documentTypes.form.requiredHint'))}
      {flag('has_expiry', t('documentTypes.form.hasExpiry'), t('documentTypes.form.hasExpiryHint'))}
      {flag('is_licence', t('documentTypes.form.isLicence'), t('documentTypes.form.isLicenceHint'))}
    </>
  );
}

export const DocumentTypesListPage = () => <CrudListPage screens={documentTypeScreens} />;
export const DocumentTypeCreatePage = () => <CrudCreatePage screens={documentTypeScreens} />;
export const DocumentTypeEditPage = () => <CrudEditPage screens={documentTypeScreens} />;
