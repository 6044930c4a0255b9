import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import {
  type RoleCreate,
  type RoleCreateInput,
  type RoleRecord,
  type RoleTemplate,
  type RoleUpdate,
  roleCreateSchema,
  roleTemplates,
  roleUpdateSchema,
} from '@ps/contracts';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { Controller, type Resolver, type UseFormSetError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { UnsavedChangesDialog } from '../../components/ConfirmDialog';
import { BackToListLink, FormActions } from '../../components/FormKit';
import { RecordState } from '../../components/RecordState';
import { useCan } from '../../lib/currentUser';
import { applyServerFieldErrors, sameNameField, useFormToasts, useUnsavedChangesGuard } from '../../lib/forms';
import { translateMessage } from '../../lib/i18n';
import { backToList } from '../../lib/listReturn';
import { usePageTitle } from '../../lib/pageTitle';
import { rolesResource, usePermissionCatalogue } from './api';
import { matrixRows, rowPermissions } from './matrix';
import { PermissionMatrix } from './PermissionMatrix';
import { useRoleName } from './RolesPage';

const newRoute = getRouteApi('/$companyId/roles/new');
const roleRoute = getRouteApi('/$companyId/roles/$roleId');

type RoleFormValues = RoleCreateInput;
const formFields = ['name', 'description', 'permissions'] as const;
const createResolver = zodResolver(roleCreateSchema);
// The edit form shows every field, so the partial update schema checks the same values.
const updateResolver = zodResolver(roleUpdateSchema) as unknown as Resolver<RoleFormValues, unknown, RoleUpdate>;

/** 400 details (a permission's own index included) and a name already taken (409 on `name`) beside their fields. */
function showServerErrors(error: unknown, setError: UseFormSetError<RoleFormValues>) {
  const field = sameNameField<RoleFormValues>(formFields);
  applyServerFieldErrors(error, setError, (apiField) => field(apiField.startsWith('permissions') ? 'permissions' : apiField));
}

interface RoleFormProps<Output> {
  resolver: Resolver<RoleFormValues, unknown, Output>;
  defaultValues: RoleFormValues;
  submitLabel: string;
  cancelHref: string;
  onSubmit: (values: Output, setError: UseFormSetError<RoleFormValues>, allowLeave: () => void) => Promise<void>;
  /** A new role: offer the usual roles to start from. */
  offerTemplates?: boolean;
}

function RoleForm<Output>({ resolver, defaultValues, submitLabel, cancelHref, onSubmit, offerTemplates = false }: RoleFormProps<Output>) {
  const { t } = useTranslation();
  const catalogue = usePermissionCatalogue();
  const {
    control,
    handleSubmit,
    setError,
    watch,
    getValues,
    setValue,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<RoleFormValues, unknown, Output>({ resolver, defaultValues });
  const { blocker, allowLeave } = useUnsavedChangesGuard(isDirty && !isSubmitting);
  const chosen = watch('permissions')?.length ?? 0;
  const can = useCan();
  /** A usual role's permissions (those the user holds: no one gives more than they have), and its name if none yet. */
  const startFrom = (template: RoleTemplate) => {
    const options = { shouldDirty: true, shouldValidate: true };
    setValue(
      'permissions',
      roleTemplates[template].filter((permission) => can(permission)),
      options,
    );
    if (!getValues('name')?.trim()) setValue('name', t(`roles.templates.${template}.name`), options);
    if (!getValues('description')?.trim()) setValue('description', t(`roles.templates.${template}.description`), options);
  };

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
          <Controller
            control={control}
            name="name"
            render={({ field }) => (
              <TextInput
                label={t('roles.fields.name')}
                description={t('roles.form.nameHint')}
                required
                maxLength={100}
                autoComplete="off"
                name={field.name}
                ref={field.ref}
                value={field.value ?? ''}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(event.currentTarget.value)}
                error={translateMessage(errors.name?.message)}
              />
            )}
          />
          <Controller
            control={control}
            name="description"
            render={({ field }) => (
              <Textarea
                label={t('roles.fields.description')}
                maxLength={300}
                autosize
                minRows={1}
                name={field.name}
                ref={field.ref}
                value={field.value ?? ''}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(event.currentTarget.value)}
                error={translateMessage(errors.description?.message)}
              />
            )}
          />
        </SimpleGrid>
        <Stack gap={4}>
          <Title order={2} size="h4">
            {t('roles.fields.permissions')}
          </Title>
          <Text size="sm">{t('roles.form.matrixHint')}</Text>
          <Text size="sm" fw={600} aria-live="polite">
            {t('roles.form.selected', { count: chosen })}
          </Text>
        </Stack>
        {offerTemplates ? (
          <Stack gap={6} role="group" aria-labelledby="role-templates" aria-describedby="role-templates-hint">
            <Text id="role-templates" fw={600} size="sm">
              {t('roles.templates.startFrom')}
            </Text>
            <Text id="role-templates-hint" size="sm">
              {t('roles.templates.startFromHint')}
            </Text>
            <Group gap="sm">
              {(Object.keys(roleTemplates) as RoleTemplate[]).map((template) => (
                <Button
                  key={template}
                  variant="default"
                  size="md"
                  title={t(`roles.templates.${template}.description`)}
                  onClick={() => startFrom(template)}
                >
                  {t(`roles.templates.${template}.name`)}
                </Button>
              ))}
            </Group>
          </Stack>
        ) : null}
        {catalogue.data ? (
          <Controller
            control={control}
            name="permissions"
            render={({ field }) => (
              <PermissionMatrix
                rows={matrixRows(catalogue.data)}
                value={(field.value as string[] | undefined) ?? []}
                onChange={field.onChange}
                error={translateMessage(errors.permissions?.message ?? errors.permissions?.root?.message)}
              />
            )}
          />
        ) : (
          <Text>{catalogue.isError ? t('roles.loadFailed') : t('app.loading')}</Text>
        )}
        <FormActions cancelHref={cancelHref} submitLabel={submitLabel} busy={isSubmitting} />
      </Stack>
      <UnsavedChangesDialog blocked={blocker.status === 'blocked'} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
    </Paper>
  );
}

function BackToRoles({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  return <BackToListLink path={`/${companyId}/roles`} label={t('roles.backToList')} />;
}

export function RoleCreatePage() {
  const { t } = useTranslation();
  usePageTitle(t('roles.createTitle'));
  const { companyId } = newRoute.useParams();
  const navigate = useNavigate();
  const create = rolesResource.useCreate();
  const toasts = useFormToasts();
  return (
    <Stack gap="md" maw={1200}>
      <BackToRoles companyId={companyId} />
      <Title order={1} size="h2">
        {t('roles.createTitle')}
      </Title>
      <RoleForm<RoleCreate>
        offerTemplates
        resolver={createResolver}
        cancelHref={`/${companyId}/roles`}
        defaultValues={{ name: '', description: '', permissions: [] }}
        submitLabel={t('roles.form.create')}
        onSubmit={async (values, setError, allowLeave) => {
          try {
            const saved = await create.mutateAsync(values);
            toasts.success(t('roles.toast.created', { name: saved.name }));
            allowLeave();
            await navigate(backToList(`/${companyId}/roles`));
          } catch (error) {
            toasts.error(error);
            showServerErrors(error, setError);
          }
        }}
      />
    </Stack>
  );
}

/** A built-in role, or a role the user may not change: its matrix, read only. */
function RoleView({ role }: { role: RoleRecord }) {
  const { t } = useTranslation();
  const catalogue = usePermissionCatalogue();
  return (
    <Stack gap="md">
      {role.key ? (
        <Alert variant="light" color="blue" title={t('roles.builtIn')}>
          <Text size="sm">{t('roles.builtInNote')}</Text>
        </Alert>
      ) : null}
      <Text>{role.key ? t(`roles.builtInDescriptions.${role.key}`) : role.description}</Text>
      <Text size="sm" c="dimmed">
        {t('roles.people', { count: role.users })} · {t('roles.permissionCount', { count: role.permissions.length })}
      </Text>
      {catalogue.data ? (
        <PermissionMatrix
          rows={matrixRows(catalogue.data).filter((row) =>
            // The driver's role reaches few resources: its rows only, so the page says what it does.
            role.key === 'driver' ? rowPermissions(row).some((permission) => role.permissions.includes(permission)) : true,
          )}
          value={role.permissions}
        />
      ) : (
        <Text>{catalogue.isError ? t('roles.loadFailed') : t('app.loading')}</Text>
      )}
    </Stack>
  );
}

export function RoleEditPage() {
  const { t } = useTranslation();
  const { companyId, roleId } = roleRoute.useParams();
  const id = Number(roleId);
  const navigate = useNavigate();
  const can = useCan();
  const role = rolesResource.useOne(id);
  const update = rolesResource.useUpdate(id);
  const toasts = useFormToasts();
  const roleName = useRoleName();
  const editable = role.data !== undefined && role.data.key === null && can('roles.update');
  const title = role.data
    ? t(editable ? 'roles.editTitle' : 'roles.viewTitle', { name: roleName(role.data) })
    : t('roles.editTitleGeneric');
  usePageTitle(title);
  return (
    <Stack gap="md" maw={1200}>
      <BackToRoles companyId={companyId} />
      <Title order={1} size="h2">
        {title}
      </Title>
      <RecordState query={role} notFoundTitle={t('roles.notFound')}>
        {(current) =>
          editable ? (
            <RoleForm<RoleUpdate>
              key={current.id}
              resolver={updateResolver}
              cancelHref={`/${companyId}/roles`}
              defaultValues={{
                name: current.name,
                description: current.description ?? '',
                permissions: current.permissions as RoleFormValues['permissions'],
              }}
              submitLabel={t('roles.form.save')}
              onSubmit={async (values, setError, allowLeave) => {
                try {
                  const saved = await update.mutateAsync(values);
                  toasts.success(t('roles.toast.updated', { name: saved.name }));
                  allowLeave();
                  await navigate(backToList(`/${companyId}/roles`));
                } catch (error) {
                  toasts.error(error);
                  showServerErrors(error, setError);
                }
              }}
            />
          ) : (
            <RoleView role={current} />
          )
        }
      </RecordState>
    </Stack>
  );
}
