import { zodResolver } from '@hookform/resolvers/zod';
import { Divider, Paper, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { Company } from '@ps/contracts';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useRef, useState } from 'react';
import { type DefaultValues, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { UnsavedChangesDialog } from '../../components/ConfirmDialog';
import { BackToListLink, FormActions, StatusSwitchField } from '../../components/FormKit';
import { RecordState } from '../../components/RecordState';
import { applyConflictErrors, applyServerFieldErrors, sameNameField, useFormToasts, useUnsavedChangesGuard } from '../../lib/forms';
import { translateMessage } from '../../lib/i18n';
import { backToList } from '../../lib/listReturn';
import { usePageTitle } from '../../lib/pageTitle';
import { companiesResource } from './api';
import { CompanyAccessFields, CompanyCreated } from './CompanyAccess';
import { type CompanyFormValues, companyScreens, type CompanyForm as Form } from './screens';

/**
 * A company's add and edit pages: the kit's form (CrudPages.tsx) puts the status switch after all the fields, but
 * here the first admin (on the add page) and the client key (on the edit page) follow the company's status, which
 * would otherwise read as the admin's. Its fields, values and errors are the ones `companyScreens` declares.
 */
const LIST = '/org/companies';
const editRoute = getRouteApi('/org/companies/$companyId/edit');
const declared = companyScreens.form;

function CompanyForm<Schema extends z.ZodType>({
  schema,
  defaultValues,
  submitLabel,
  access,
  save,
  onSaved,
}: {
  schema: Schema;
  defaultValues: DefaultValues<CompanyFormValues>;
  submitLabel: string;
  /** Shown when editing: the company's sign-in page and client keys, to copy. */
  access?: Pick<Company, 'id' | 'client_key'>;
  /** Saves the values the schema made; answers the success toast. */
  save(values: z.output<Schema>): Promise<string>;
  /** What follows a save (the add page shows what to hand on); by default, back to the list. */
  onSaved?: () => void;
}) {
  const { t } = useTranslation();
  const toasts = useFormToasts();
  const navigate = useNavigate();
  const form = useForm<CompanyFormValues, unknown, z.output<Schema>>({
    resolver: zodResolver(schema as never) as unknown as Resolver<CompanyFormValues, unknown, z.output<Schema>>,
    defaultValues,
  });
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  const { blocker, allowLeave } = useUnsavedChangesGuard(isDirty && !isSubmitting);
  const error = (message: string | undefined) => translateMessage(message);
  const submit = handleSubmit(async (values) => {
    try {
      toasts.success(await save(values));
      allowLeave();
      if (onSaved) onSaved();
      else await navigate(backToList(LIST));
    } catch (caught) {
      toasts.error(caught);
      applyServerFieldErrors(caught, setError, sameNameField<CompanyFormValues>(declared.serverFields));
      applyConflictErrors(caught, setError, declared.conflicts ?? {});
    }
  });

  return (
    <Paper component="form" p={{ base: 'md', sm: 'lg' }} radius="md" withBorder noValidate onSubmit={submit}>
      <Stack gap="md">
        {declared.fields(form as unknown as Form)}
        <StatusSwitchField control={control} label={t('companies.form.active')} description={t('companies.form.activeHint')} />
        {access ? <CompanyAccessFields company={access} /> : null}

        {defaultValues.admin ? (
          <>
            <Divider />
            <Stack gap={4}>
              <Title order={2} size="h4">
                {t('companies.form.adminTitle')}
              </Title>
              <Text size="sm">{t('companies.form.adminHint')}</Text>
            </Stack>
            <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
              <TextInput
                label={t('companies.fields.admin_name')}
                required
                autoComplete="off"
                error={error(errors.admin?.name?.message)}
                {...register('admin.name')}
              />
              <TextInput
                label={t('companies.fields.admin_email')}
                type="email"
                required
                autoComplete="off"
                error={error(errors.admin?.email?.message)}
                {...register('admin.email')}
              />
              <PasswordInput
                label={t('companies.fields.admin_password')}
                description={t('companies.form.passwordHint')}
                required
                autoComplete="new-password"
                error={error(errors.admin?.temporary_password?.message)}
                {...register('admin.temporary_password')}
              />
            </SimpleGrid>
          </>
        ) : null}

        <FormActions cancelHref={LIST} submitLabel={submitLabel} busy={isSubmitting} />
      </Stack>
      <UnsavedChangesDialog blocked={blocker.status === 'blocked'} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
    </Paper>
  );
}

/** The page around the form: the way back, the title, the form (the record's, once loaded, when editing). */
function CompanyPage({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  usePageTitle(title);
  return (
    <Stack gap="md" maw={1040}>
      <BackToListLink path={LIST} label={t('companies.backToList')} />
      <Title order={1} size="h2">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * The add page. Once the company is made it shows what the super admin hands on (CompanyCreated: the sign-in page,
 * the first admin's e-mail, the client key) instead of going back to the list; "Add another" brings the empty form back.
 */
export function CompanyCreatePage() {
  const { t } = useTranslation();
  const create = companiesResource.useCreate();
  const saved = useRef<{ company: Company; adminEmail: string } | null>(null);
  const [created, setCreated] = useState<{ company: Company; adminEmail: string } | null>(null);
  return (
    <CompanyPage title={t('companies.createTitle')}>
      {created ? (
        <CompanyCreated company={created.company} adminEmail={created.adminEmail} onAddAnother={() => setCreated(null)} />
      ) : (
        <CompanyForm
          schema={declared.createSchema}
          defaultValues={declared.empty}
          submitLabel={t('companies.form.create')}
          save={async (values) => {
            const company = await create.mutateAsync(values);
            saved.current = { company, adminEmail: values.admin.email };
            return t('companies.toast.created', { name: company.name });
          }}
          onSaved={() => setCreated(saved.current)}
        />
      )}
    </CompanyPage>
  );
}

export function CompanyEditPage() {
  const { t } = useTranslation();
  const id = Number(editRoute.useParams().companyId);
  const company = companiesResource.useOne(id);
  const update = companiesResource.useUpdate(id);
  return (
    <CompanyPage title={company.data ? t('companies.editTitle', { name: company.data.name }) : t('companies.editTitleGeneric')}>
      <RecordState query={company} notFoundTitle={t('companies.notFound')}>
        {(current: Company) => (
          <CompanyForm
            key={current.id}
            schema={declared.updateSchema}
            defaultValues={declared.valuesOf(current)}
            access={current}
            submitLabel={t('companies.form.save')}
            save={async (values) => t('companies.toast.updated', { name: (await update.mutateAsync(values)).name })}
          />
        )}
      </RecordState>
    </CompanyPage>
  );
}
