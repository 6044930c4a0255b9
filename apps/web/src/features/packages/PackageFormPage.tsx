import { zodResolver } from '@hookform/resolvers/zod';
import { Paper, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { type PackageCreate, type PackageCreateInput, type PackageUpdate, packageCreateSchema, packageUpdateSchema } from '@ps/contracts';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { Controller, type Path, type Resolver, type UseFormSetError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BandTypeSelect } from '../../components/BandTypeSelect';
import { UnsavedChangesDialog } from '../../components/ConfirmDialog';
import { BackToListLink, FormActions, StatusSwitchField } from '../../components/FormKit';
import { MoneyInput } from '../../components/MoneyInput';
import { RecordState } from '../../components/RecordState';
import { applyServerFieldErrors, useFormToasts, useUnsavedChangesGuard } from '../../lib/forms';
import { translateMessage } from '../../lib/i18n';
import { backToList } from '../../lib/listReturn';
import { useMoney } from '../../lib/money';
import { usePageTitle } from '../../lib/pageTitle';
import { packagesResource } from './api';
import { IncludedItems } from './IncludedItems';

const newRoute = getRouteApi('/$companyId/packages/new');
const editRoute = getRouteApi('/$companyId/packages/$packageId/edit');

type PackageFormValues = PackageCreateInput;
const formFields = ['name', 'description', 'type', 'price', 'status', 'included'];
const createResolver = zodResolver(packageCreateSchema);
// The edit form shows every field, so the partial update schema checks the same values.
const updateResolver = zodResolver(packageUpdateSchema) as unknown as Resolver<PackageFormValues, unknown, PackageUpdate>;

/** 400 details beside their fields, an included item's (`included.3`) beside that item. */
function showServerErrors(error: unknown, setError: UseFormSetError<PackageFormValues>) {
  applyServerFieldErrors(error, setError, (field) =>
    formFields.includes(field.split('.')[0] ?? '') ? (field as Path<PackageFormValues>) : undefined,
  );
}

interface PackageFormProps<Output> {
  resolver: Resolver<PackageFormValues, unknown, Output>;
  defaultValues: Partial<PackageFormValues>;
  submitLabel: string;
  cancelHref: string;
  onSubmit: (values: Output, setError: UseFormSetError<PackageFormValues>, allowLeave: () => void) => Promise<void>;
}

function PackageForm<Output>({ resolver, defaultValues, submitLabel, cancelHref, onSubmit }: PackageFormProps<Output>) {
  const { t } = useTranslation();
  const { currency } = useMoney();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<PackageFormValues, unknown, Output>({ resolver, defaultValues });
  const { blocker, allowLeave } = useUnsavedChangesGuard(isDirty && !isSubmitting);
  const error = (message: string | undefined) => translateMessage(message);
  const includedErrors = errors.included as unknown as (Array<{ message?: string } | undefined> & { message?: string }) | undefined;

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
        <StatusSwitchField control={control} label={t('packages.form.active')} description={t('packages.form.activeHint')} />
        <FormActions cancelHref={cancelHref} submitLabel={submitLabel} busy={isSubmitting} />
      </Stack>
      <UnsavedChangesDialog blocked={blocker.status === 'blocked'} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
    </Paper>
  );
}

export function PackageCreatePage() {
  const { t } = useTranslation();
  usePageTitle(t('packages.createTitle'));
  const { companyId } = newRoute.useParams();
  const navigate = useNavigate();
  const create = packagesResource.useCreate();
  const toasts = useFormToasts();
  return (
    <Stack gap="md" maw={960}>
      <BackToListLink path={`/${companyId}/packages`} label={t('packages.backToList')} />
      <Title order={1} size="h2">
        {t('packages.createTitle')}
      </Title>
      <PackageForm<PackageCreate>
        resolver={createResolver}
        cancelHref={`/${companyId}/packages`}
        defaultValues={{ name: '', description: '', type: 'meet_and_greet', included: [], status: 1 }}
        submitLabel={t('packages.form.create')}
        onSubmit={async (values, setError, allowLeave) => {
          try {
            const saved = await create.mutateAsync(values);
            toasts.success(t('packages.toast.created', { name: saved.name }));
            allowLeave();
            await navigate(backToList(`/${companyId}/packages`));
          } catch (error) {
            toasts.error(error);
            showServerErrors(error, setError);
          }
        }}
      />
    </Stack>
  );
}

export function PackageEditPage() {
  const { t } = useTranslation();
  const { companyId, packageId } = editRoute.useParams();
  const id = Number(packageId);
  const navigate = useNavigate();
  const current = packagesResource.useOne(id);
  const update = packagesResource.useUpdate(id);
  const toasts = useFormToasts();
  const title = current.data ? t('packages.editTitle', { name: current.data.name }) : t('packages.editTitleGeneric');
  usePageTitle(title);
  return (
    <Stack gap="md" maw={960}>
      <BackToListLink path={`/${companyId}/packages`} label={t('packages.backToList')} />
      <Title order={1} size="h2">
        {title}
      </Title>
      <RecordState query={current} notFoundTitle={t('packages.notFound')}>
        {(item) => (
          <PackageForm<PackageUpdate>
            key={item.id}
            resolver={updateResolver}
            cancelHref={`/${companyId}/packages`}
            defaultValues={{
              name: item.name,
              description: item.description ?? '',
              type: item.type,
              price: item.price,
              included: item.included,
              status: item.status,
            }}
            submitLabel={t('packages.form.save')}
            onSubmit={async (values, setError, allowLeave) => {
              try {
                const saved = await update.mutateAsync(values);
                toasts.success(t('packages.toast.updated', { name: saved.name }));
                allowLeave();
                await navigate(backToList(`/${companyId}/packages`));
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
