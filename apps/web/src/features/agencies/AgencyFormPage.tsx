import { zodResolver } from '@hookform/resolvers/zod';
import { NumberInput, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import {
  type AgencyCreate,
  type AgencyCreateInput,
  type AgencyUpdate,
  agencyCreateSchema,
  agencyUpdateSchema,
  type CoreAgencyCreate,
  type CoreAgencyUpdate,
  coreAgencyCreateSchema,
  coreAgencyUpdateSchema,
} from '@ps/contracts';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { Controller, type Resolver, type UseFormSetError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { UnsavedChangesDialog } from '../../components/ConfirmDialog';
import { BackToListLink, FormActions, StatusSwitchField } from '../../components/FormKit';
import { RecordState } from '../../components/RecordState';
import { IdSelect } from '../../components/ReferenceSelects';
import { applyServerFieldErrors, sameNameField, useFormToasts, useUnsavedChangesGuard } from '../../lib/forms';
import { translateMessage } from '../../lib/i18n';
import { backToList } from '../../lib/listReturn';
import { usePageTitle } from '../../lib/pageTitle';
import { agenciesResource, coreAgenciesResource, useCoreAgencyChoices } from './api';

const newRoute = getRouteApi('/$companyId/agencies/new');
const editRoute = getRouteApi('/$companyId/agencies/$agencyId/edit');
const coreEditRoute = getRouteApi('/org/core-agencies/$agencyId/edit');
const CORE_LIST = '/org/core-agencies';

/** The form edits a company's agency; a core agency is the same without the core link and the commission. */
type AgencyFormValues = AgencyCreateInput;
const formFields = ['name', 'core_agency_id', 'contact_name', 'contact_email', 'contact_phone', 'commission_percent', 'status'] as const;

const createResolver = zodResolver(agencyCreateSchema);
// The edit form shows every field, so the partial update schema checks the same values.
const updateResolver = zodResolver(agencyUpdateSchema) as unknown as Resolver<AgencyFormValues, unknown, AgencyUpdate>;
const coreCreateResolver = zodResolver(coreAgencyCreateSchema) as unknown as Resolver<AgencyFormValues, unknown, CoreAgencyCreate>;
const coreUpdateResolver = zodResolver(coreAgencyUpdateSchema) as unknown as Resolver<AgencyFormValues, unknown, CoreAgencyUpdate>;

/** 400 details and a name already taken (409, naming `name`) beside their fields. */
function showServerErrors(error: unknown, setError: UseFormSetError<AgencyFormValues>) {
  applyServerFieldErrors(error, setError, sameNameField<AgencyFormValues>(formFields));
}

interface AgencyFormProps<Output> {
  /** `company`: a company's agency (core agency, commission); `core`: the organisation's master list. */
  kind: 'company' | 'core';
  resolver: Resolver<AgencyFormValues, unknown, Output>;
  defaultValues: Partial<AgencyFormValues>;
  submitLabel: string;
  cancelHref: string;
  onSubmit: (values: Output, setError: UseFormSetError<AgencyFormValues>, allowLeave: () => void) => Promise<void>;
}

function AgencyForm<Output>({ kind, resolver, defaultValues, submitLabel, cancelHref, onSubmit }: AgencyFormProps<Output>) {
  const { t } = useTranslation();
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<AgencyFormValues, unknown, Output>({ resolver, defaultValues });
  const { blocker, allowLeave } = useUnsavedChangesGuard(isDirty && !isSubmitting);
  const error = (message: string | undefined) => translateMessage(message);
  const company = kind === 'company';
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
    <Paper
      component="form"
      p={{ base: 'md', sm: 'lg' }}
      radius="md"
      withBorder
      noValidate
      onSubmit={handleSubmit((values) => onSubmit(values, setError, allowLeave))}
    >
      <Stack gap="md">
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
        <StatusSwitchField
          control={control}
          label={t('agencies.form.active')}
          description={t(company ? 'agencies.form.activeHint' : 'coreAgencies.activeHint')}
        />
        <FormActions cancelHref={cancelHref} submitLabel={submitLabel} busy={isSubmitting} />
      </Stack>
      <UnsavedChangesDialog blocked={blocker.status === 'blocked'} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
    </Paper>
  );
}

const emptyContacts = { contact_name: '', contact_email: '', contact_phone: '' };
/** A saved record's contacts as the form's text (an empty field is sent as null by the schema). */
const contactsOf = (row: { contact_name: string | null; contact_email: string | null; contact_phone: string | null }) => ({
  contact_name: row.contact_name ?? '',
  contact_email: row.contact_email ?? '',
  contact_phone: row.contact_phone ?? '',
});

export function AgencyCreatePage() {
  const { t } = useTranslation();
  usePageTitle(t('agencies.createTitle'));
  const { companyId } = newRoute.useParams();
  const navigate = useNavigate();
  const create = agenciesResource.useCreate();
  const toasts = useFormToasts();
  const list = `/${companyId}/agencies`;
  return (
    <Stack gap="md" maw={960}>
      <BackToListLink path={list} label={t('agencies.backToList')} />
      <Title order={1} size="h2">
        {t('agencies.createTitle')}
      </Title>
      <AgencyForm<AgencyCreate>
        kind="company"
        resolver={createResolver}
        cancelHref={list}
        defaultValues={{ name: '', core_agency_id: null, ...emptyContacts, status: 1 }}
        submitLabel={t('agencies.form.create')}
        onSubmit={async (values, setError, allowLeave) => {
          try {
            const saved = await create.mutateAsync(values);
            toasts.success(t('agencies.toast.created', { name: saved.name }));
            allowLeave();
            await navigate(backToList(`/${companyId}/agencies`));
          } catch (error) {
            toasts.error(error);
            showServerErrors(error, setError);
          }
        }}
      />
    </Stack>
  );
}

export function AgencyEditPage() {
  const { t } = useTranslation();
  const { companyId, agencyId } = editRoute.useParams();
  const id = Number(agencyId);
  const navigate = useNavigate();
  const agency = agenciesResource.useOne(id);
  const update = agenciesResource.useUpdate(id);
  const toasts = useFormToasts();
  const title = agency.data ? t('agencies.editTitle', { name: agency.data.name }) : t('agencies.editTitleGeneric');
  usePageTitle(title);
  const list = `/${companyId}/agencies`;
  return (
    <Stack gap="md" maw={960}>
      <BackToListLink path={list} label={t('agencies.backToList')} />
      <Title order={1} size="h2">
        {title}
      </Title>
      <RecordState query={agency} notFoundTitle={t('agencies.notFound')}>
        {(current) => (
          <AgencyForm<AgencyUpdate>
            key={current.id}
            kind="company"
            resolver={updateResolver}
            cancelHref={list}
            defaultValues={{
              name: current.name,
              core_agency_id: current.core_agency_id,
              ...contactsOf(current),
              commission_percent: current.commission_percent,
              status: current.status,
            }}
            submitLabel={t('agencies.form.save')}
            onSubmit={async (values, setError, allowLeave) => {
              try {
                const saved = await update.mutateAsync(values);
                toasts.success(t('agencies.toast.updated', { name: saved.name }));
                allowLeave();
                await navigate(backToList(`/${companyId}/agencies`));
              } catch (error) {
                toasts.error(error);
                showServerErrors(error, setError);
              }
            }}
          />
        )}
      </RecordState>
    </Stack>
  );
}

export function CoreAgencyCreatePage() {
  const { t } = useTranslation();
  usePageTitle(t('coreAgencies.createTitle'));
  const navigate = useNavigate();
  const create = coreAgenciesResource.useCreate();
  const toasts = useFormToasts();
  return (
    <Stack gap="md" maw={960}>
      <BackToListLink path={CORE_LIST} label={t('coreAgencies.backToList')} />
      <Title order={1} size="h2">
        {t('coreAgencies.createTitle')}
      </Title>
      <AgencyForm<CoreAgencyCreate>
        kind="core"
        resolver={coreCreateResolver}
        cancelHref={CORE_LIST}
        defaultValues={{ name: '', ...emptyContacts, status: 1 }}
        submitLabel={t('coreAgencies.create')}
        onSubmit={async (values, setError, allowLeave) => {
          try {
            const saved = await create.mutateAsync(values);
            toasts.success(t('agencies.toast.created', { name: saved.name }));
            allowLeave();
            await navigate(backToList(CORE_LIST));
          } catch (error) {
            toasts.error(error);
            showServerErrors(error, setError);
          }
        }}
      />
    </Stack>
  );
}

export function CoreAgencyEditPage() {
  const { t } = useTranslation();
  const { agencyId } = coreEditRoute.useParams();
  const id = Number(agencyId);
  const navigate = useNavigate();
  const agency = coreAgenciesResource.useOne(id);
  const update = coreAgenciesResource.useUpdate(id);
  const toasts = useFormToasts();
  const title = agency.data ? t('agencies.editTitle', { name: agency.data.name }) : t('agencies.editTitleGeneric');
  usePageTitle(title);
  return (
    <Stack gap="md" maw={960}>
      <BackToListLink path={CORE_LIST} label={t('coreAgencies.backToList')} />
      <Title order={1} size="h2">
        {title}
      </Title>
      <RecordState query={agency} notFoundTitle={t('agencies.notFound')}>
        {(current) => (
          <AgencyForm<CoreAgencyUpdate>
            key={current.id}
            kind="core"
            resolver={coreUpdateResolver}
            cancelHref={CORE_LIST}
            defaultValues={{ name: current.name, ...contactsOf(current), status: current.status }}
            submitLabel={t('agencies.form.save')}
            onSubmit={async (values, setError, allowLeave) => {
              try {
                const saved = await update.mutateAsync(values);
                toasts.success(t('agencies.toast.updated', { name: saved.name }));
                allowLeave();
                await navigate(backToList(CORE_LIST));
              } catch (error) {
                toasts.error(error);
                showServerErrors(error, setError);
              }
            }}
          />
        )}
      </RecordState>
    </Stack>
  );
}
