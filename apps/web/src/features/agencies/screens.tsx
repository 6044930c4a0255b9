import { ActionIcon, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  type Agency,
  type AgencyCreateInput,
  agencyCreateSchema,
  agencyEndpoints,
  agencySortFields,
  agencyUpdateSchema,
  type CoreAgency,
  coreAgencyCreateSchema,
  coreAgencySortFields,
  coreAgencyUpdateSchema,
} from '@ps/contracts';
import { Link } from '@tanstack/react-router';
import { Controller, type DefaultValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CrudCreatePage, CrudEditPage, CrudListPage, crudScreens } from '../../components/CrudPages';
import { IconReceipt } from '../../components/icons';
import { IdSelect } from '../../components/ReferenceSelects';
import { screenHref } from '../../lib/features';
import { useCanCall } from '../../lib/finance';
import { translateMessage } from '../../lib/i18n';
import { parseStatusListSearch } from '../../lib/listSearch';
import { getCompanyId } from '../../lib/session';
import { agenciesResource, coreAgenciesResource, useCoreAgencyChoices } from './api';
import { contactLine, useFormatPercent } from './format';

/** The form edits a company's agency; a core agency is the same without the core link and the commission. */
type AgencyFormValues = AgencyCreateInput;
type AgencyForm = UseFormReturn<AgencyFormValues, unknown, unknown>;
const serverFields = ['name', 'core_agency_id', 'contact_name', 'contact_email', 'contact_phone', 'commission_percent', 'status'] as const;

type Contacts = Pick<Agency | CoreAgency, 'contact_name' | 'contact_email' | 'contact_phone'>;
const emptyContacts = { contact_name: '', contact_email: '', contact_phone: '' };
/** A saved record's contacts as the form's text (an empty field is sent as null by the schema). */
const contactsOf = (row: Contacts) => ({
  contact_name: row.contact_name ?? '',
  contact_email: row.contact_email ?? '',
  contact_phone: row.contact_phone ?? '',
});
const statusText = (t: (key: string) => string, row: { status: 0 | 1 }) => (row.status === 1 ? t('status.active') : t('status.inactive'));
const contactsCsv = (t: (key: string) => string) => [
  { title: t('agencies.fields.contact_name'), value: (row: Contacts) => row.contact_name },
  { title: t('agencies.fields.contact_email'), value: (row: Contacts) => row.contact_email },
  { title: t('agencies.fields.contact_phone'), value: (row: Contacts) => row.contact_phone },
];
const nameColumn = (t: (key: string) => string) => ({
  accessor: 'name',
  title: t('agencies.fields.name'),
  sortable: true,
  hideInCard: true,
  render: (agency: { name: string; core_agency_name?: string | null }) => (
    <Stack gap={0}>
      <Text fw={600} c="var(--ps-color-bold)">
        {agency.name}
      </Text>
      {agency.core_agency_name ? <Text size="sm">{agency.core_agency_name}</Text> : null}
    </Stack>
  ),
});

/** The company's agencies: who sells its bookings and for what commission; each row opens its statement. */
export const agencyScreens = crudScreens({
  resource: agenciesResource,
  messages: 'agencies',
  permission: 'agencies',
  scope: 'company',
  path: '/agencies',
  idParam: 'agencyId',
  nameOf: (agency) => agency.name,
  list: {
    validateSearch: (raw) => parseStatusListSearch(raw, agencySortFields),
    defaultSort: 'name',
    columns: (t) => [
      nameColumn(t),
      {
        accessor: 'commission_percent',
        title: t('agencies.fields.commission'),
        sortable: true,
        render: (agency) => <Percent value={agency.commission_percent} />,
      },
      { accessor: 'contact', title: t('agencies.fields.contact'), render: (agency) => contactLine(agency) || '—' },
    ],
    csv: (t) => [
      { title: t('agencies.fields.name'), value: (agency) => agency.name },
      { title: t('agencies.fields.core_agency'), value: (agency) => agency.core_agency_name },
      { title: t('agencies.fields.commission_percent'), value: (agency) => agency.commission_percent.toFixed(2) },
      ...contactsCsv(t),
      { title: t('agencies.fields.status'), value: (agency) => statusText(t, agency) },
    ],
    cardTitle: (agency) => (
      <Stack gap={0}>
        <Text fw={700} c="var(--ps-color-title)">
          {agency.name}
        </Text>
        {agency.core_agency_name ? <Text size="sm">{agency.core_agency_name}</Text> : null}
      </Stack>
    ),
    rowActions: (agency) => <StatementLink agency={agency} />,
  },
  form: {
    createSchema: agencyCreateSchema,
    updateSchema: agencyUpdateSchema,
    empty: { name: '', core_agency_id: null, ...emptyContacts, status: 1 },
    valuesOf: (agency) => ({
      name: agency.name,
      core_agency_id: agency.core_agency_id,
      ...contactsOf(agency),
      commission_percent: agency.commission_percent,
      status: agency.status,
    }),
    serverFields,
    fields: (form: AgencyForm) => <AgencyFields form={form} company />,
  },
});

/** The super admin's master list of agencies: companies pick their agencies from it. */
export const coreAgencyScreens = crudScreens({
  resource: coreAgenciesResource,
  messages: 'coreAgencies',
  permission: 'core_agencies',
  scope: 'org',
  path: '/core-agencies',
  idParam: 'agencyId',
  nameOf: (agency) => agency.name,
  list: {
    validateSearch: (raw) => parseStatusListSearch(raw, coreAgencySortFields),
    defaultSort: 'name',
    columns: (t) => [
      nameColumn(t),
      { accessor: 'contact_name', title: t('agencies.fields.contact'), sortable: true, render: (agency) => contactLine(agency) || '—' },
    ],
    csv: (t) => [
      { title: t('agencies.fields.name'), value: (agency) => agency.name },
      ...contactsCsv(t),
      { title: t('agencies.fields.status'), value: (agency) => statusText(t, agency) },
    ],
  },
  form: {
    createSchema: coreAgencyCreateSchema,
    updateSchema: coreAgencyUpdateSchema,
    empty: { name: '', ...emptyContacts, status: 1 } satisfies DefaultValues<AgencyFormValues>,
    valuesOf: (agency) => ({ name: agency.name, ...contactsOf(agency), status: agency.status }),
    serverFields,
    fields: (form: AgencyForm) => <AgencyFields form={form} />,
  },
});

function Percent({ value }: { value: number }) {
  return useFormatPercent()(value);
}

/** The agency's statement: money throughout, so only for a role that may see money (finance.view). */
function StatementLink({ agency }: { agency: Agency }) {
  const { t } = useTranslation();
  const canCall = useCanCall();
  if (!canCall(agencyEndpoints.statement)) return null;
  return (
    <ActionIcon
      component={Link}
      to={screenHref('company', `/agencies/${agency.id}/statement`, getCompanyId())}
      variant="subtle"
      size="lg"
      aria-label={t('agencies.statementOf', { name: agency.name })}
    >
      <IconReceipt size={20} aria-hidden />
    </ActionIcon>
  );
}

/** The fields of both forms; `company`: a company's agency (its core agency and commission too). */
function AgencyFields({ form, company = false }: { form: AgencyForm; company?: boolean }) {
  const { t } = useTranslation();
  const {
    control,
    formState: { errors },
  } = form;
  const error = (message: unknown) => translateMessage(typeof message === 'string' ? message : undefined);
  const cores = useCoreAgencyChoices(company);

  const text = (
    name: 'name' | 'contact_name' | 'contact_email' | 'contact_phone',
    props: { required?: boolean; type?: string; maxLength: number },
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextInput
          label={t(`agencies.fields.${name}`)}
          required={props.required}
          type={props.type}
          maxLength={props.maxLength}
          autoComplete="off"
          name={field.name}
          ref={field.ref}
          value={field.value ?? ''}
          onBlur={field.onBlur}
          onChange={(event) => field.onChange(event.currentTarget.value)}
          error={error(errors[name]?.message)}
        />
      )}
    />
  );

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {text('name', { required: true, maxLength: 100 })}
      {company ? (
        <Controller
          control={control}
          name="core_agency_id"
          render={({ field }) => (
            <IdSelect
              label={t('agencies.fields.core_agency')}
              description={t('agencies.form.coreHint')}
              placeholder={cores.isLoading ? t('app.loading') : t('agencies.form.noCore')}
              clearable
              clearButtonProps={{ 'aria-label': t('agencies.form.clearCore') }}
              nothingFoundMessage={t('common.nothingFound')}
              data={(cores.data?.records ?? []).map((core) => ({ value: String(core.id), label: core.name }))}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={field.onChange}
              error={error(errors.core_agency_id?.message)}
            />
          )}
        />
      ) : null}
      {company ? (
        <Controller
          control={control}
          name="commission_percent"
          render={({ field }) => (
            <NumberInput
              label={t('agencies.fields.commission_percent')}
              description={t('agencies.form.commissionHint')}
              required
              min={0}
              max={100}
              decimalScale={2}
              allowNegative={false}
              rightSection={<span aria-hidden>%</span>}
              name={field.name}
              ref={field.ref}
              value={field.value ?? ''}
              onBlur={field.onBlur}
              onChange={(value) => field.onChange(value === '' ? undefined : Number(value))}
              error={error(errors.commission_percent?.message)}
            />
          )}
        />
      ) : null}
      {text('contact_name', { maxLength: 100 })}
      {text('contact_email', { type: 'email', maxLength: 254 })}
      {text('contact_phone', { type: 'tel', maxLength: 20 })}
    </SimpleGrid>
  );
}

export const AgenciesListPage = () => <CrudListPage screens={agencyScreens} />;
export const AgencyCreatePage = () => <CrudCreatePage screens={agencyScreens} />;
export const AgencyEditPage = () => <CrudEditPage screens={agencyScreens} />;
export const CoreAgenciesPage = () => <CrudListPage screens={coreAgencyScreens} />;
export const CoreAgencyCreatePage = () => <CrudCreatePage screens={coreAgencyScreens} />;
export const CoreAgencyEditPage = () => <CrudEditPage screens={coreAgencyScreens} />;
