import { zodResolver } from '@hookform/resolvers/zod';
import { Paper, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import {
  type AdditionalServiceCreate,
  type AdditionalServiceCreateInput,
  type AdditionalServiceUpdate,
  additionalServiceCreateSchema,
  additionalServiceUpdateSchema,
} from '@ps/contracts';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { Controller, type Resolver, type UseFormSetError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { UnsavedChangesDialog } from '../../components/ConfirmDialog';
import { BackToListLink, FormActions, StatusSwitchField } from '../../components/FormKit';
import { MoneyInput } from '../../components/MoneyInput';
import { RecordState } from '../../components/RecordState';
import { applyServerFieldErrors, sameNameField, useFormToasts, useUnsavedChangesGuard } from '../../lib/forms';
import { translateMessage } from '../../lib/i18n';
import { backToList } from '../../lib/listReturn';
import { useMoney } from '../../lib/money';
import { usePageTitle } from '../../lib/pageTitle';
import { additionalServicesResource } from './api';

const newRoute = getRouteApi('/$companyId/additional-services/new');
const editRoute = getRouteApi('/$companyId/additional-services/$serviceId/edit');

type ServiceFormValues = AdditionalServiceCreateInput;
const formFields = ['name', 'description', 'price', 'status'] as const;
const createResolver = zodResolver(additionalServiceCreateSchema);
// The edit form shows every field, so the partial update schema checks the same values.
const updateResolver = zodResolver(additionalServiceUpdateSchema) as unknown as Resolver<
  ServiceFormValues,
  unknown,
  AdditionalServiceUpdate
>;

function showServerErrors(error: unknown, setError: UseFormSetError<ServiceFormValues>) {
  applyServerFieldErrors(error, setError, sameNameField<ServiceFormValues>(formFields));
}

interface ServiceFormProps<Output> {
  resolver: Resolver<ServiceFormValues, unknown, Output>;
  defaultValues: Partial<ServiceFormValues>;
  submitLabel: string;
  cancelHref: string;
  onSubmit: (values: Output, setError: UseFormSetError<ServiceFormValues>, allowLeave: () => void) => Promise<void>;
}

function ServiceForm<Output>({ resolver, defaultValues, submitLabel, cancelHref, onSubmit }: ServiceFormProps<Output>) {
  const { t } = useTranslation();
  const { currency } = useMoney();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ServiceFormValues, unknown, Output>({ resolver, defaultValues });
  const { blocker, allowLeave } = useUnsavedChangesGuard(isDirty && !isSubmitting);
  const error = (message: string | undefined) => translateMessage(message);

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
        <StatusSwitchField control={control} label={t('services.form.active')} description={t('services.form.activeHint')} />
        <FormActions cancelHref={cancelHref} submitLabel={submitLabel} busy={isSubmitting} />
      </Stack>
      <UnsavedChangesDialog blocked={blocker.status === 'blocked'} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
    </Paper>
  );
}

export function AdditionalServiceCreatePage() {
  const { t } = useTranslation();
  usePageTitle(t('services.createTitle'));
  const { companyId } = newRoute.useParams();
  const navigate = useNavigate();
  const create = additionalServicesResource.useCreate();
  const toasts = useFormToasts();
  return (
    <Stack gap="md" maw={960}>
      <BackToListLink path={`/${companyId}/additional-services`} label={t('services.backToList')} />
      <Title order={1} size="h2">
        {t('services.createTitle')}
      </Title>
      <ServiceForm<AdditionalServiceCreate>
        resolver={createResolver}
        cancelHref={`/${companyId}/additional-services`}
        defaultValues={{ name: '', description: '', status: 1 }}
        submitLabel={t('services.form.create')}
        onSubmit={async (values, setError, allowLeave) => {
          try {
            const saved = await create.mutateAsync(values);
            toasts.success(t('services.toast.created', { name: saved.name }));
            allowLeave();
            await navigate(backToList(`/${companyId}/additional-services`));
          } catch (error) {
            toasts.error(error);
            showServerErrors(error, setError);
          }
        }}
      />
    </Stack>
  );
}

export function AdditionalServiceEditPage() {
  const { t } = useTranslation();
  const { companyId, serviceId } = editRoute.useParams();
  const id = Number(serviceId);
  const navigate = useNavigate();
  const current = additionalServicesResource.useOne(id);
  const update = additionalServicesResource.useUpdate(id);
  const toasts = useFormToasts();
  const title = current.data ? t('services.editTitle', { name: current.data.name }) : t('services.editTitleGeneric');
  usePageTitle(title);
  return (
    <Stack gap="md" maw={960}>
      <BackToListLink path={`/${companyId}/additional-services`} label={t('services.backToList')} />
      <Title order={1} size="h2">
        {title}
      </Title>
      <RecordState query={current} notFoundTitle={t('services.notFound')}>
        {(item) => (
          <ServiceForm<AdditionalServiceUpdate>
            key={item.id}
            resolver={updateResolver}
            cancelHref={`/${companyId}/additional-services`}
            defaultValues={{ name: item.name, description: item.description ?? '', price: item.price, status: item.status }}
            submitLabel={t('services.form.save')}
            onSubmit={async (values, setError, allowLeave) => {
              try {
                const saved = await update.mutateAsync(values);
                toasts.success(t('services.toast.updated', { name: saved.name }));
                allowLeave();
                await navigate(backToList(`/${companyId}/additional-services`));
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
