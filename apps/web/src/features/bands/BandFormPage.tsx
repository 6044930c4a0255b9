import { zodResolver } from '@hookform/resolvers/zod';
import { NumberInput, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { type BandCreate, type BandCreateInput, type BandUpdate, bandCreateSchema, bandUpdateSchema } from '@ps/contracts';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { Controller, type Resolver, type UseFormSetError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BandTypeSelect } from '../../components/BandTypeSelect';
import { UnsavedChangesDialog } from '../../components/ConfirmDialog';
import { BackToListLink, FormActions, StatusSwitchField } from '../../components/FormKit';
import { RecordState } from '../../components/RecordState';
import { applyServerFieldErrors, sameNameField, useFormToasts, useUnsavedChangesGuard } from '../../lib/forms';
import { translateMessage } from '../../lib/i18n';
import { backToList } from '../../lib/listReturn';
import { usePageTitle } from '../../lib/pageTitle';
import { bandsResource } from './api';

const newRoute = getRouteApi('/$companyId/bands/new');
const editRoute = getRouteApi('/$companyId/bands/$bandId/edit');

type BandFormValues = BandCreateInput;
const formFields = ['name', 'type', 'min_days', 'max_days', 'status'] as const;
const createResolver = zodResolver(bandCreateSchema);
// The edit form shows every field, so the partial update schema checks the same values.
const updateResolver = zodResolver(bandUpdateSchema) as unknown as Resolver<BandFormValues, unknown, BandUpdate>;

/**
 * 400 details and the 409 overlap beside their fields: `band_overlap` names the field that overlaps
 * (`min_days`, `max_days`, `type` or `status`), so the same mapping places both.
 */
function showServerErrors(error: unknown, setError: UseFormSetError<BandFormValues>) {
  applyServerFieldErrors(error, setError, sameNameField<BandFormValues>(formFields));
}

interface BandFormProps<Output> {
  resolver: Resolver<BandFormValues, unknown, Output>;
  defaultValues: Partial<BandFormValues>;
  submitLabel: string;
  cancelHref: string;
  onSubmit: (values: Output, setError: UseFormSetError<BandFormValues>, allowLeave: () => void) => Promise<void>;
}

function BandForm<Output>({ resolver, defaultValues, submitLabel, cancelHref, onSubmit }: BandFormProps<Output>) {
  const { t } = useTranslation();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<BandFormValues, unknown, Output>({ resolver, defaultValues });
  const { blocker, allowLeave } = useUnsavedChangesGuard(isDirty && !isSubmitting);
  const error = (message: string | undefined) => translateMessage(message);
  const days = (name: 'min_days' | 'max_days') => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <NumberInput
          label={t(`bands.fields.${name}`)}
          description={t(`bands.form.${name}Hint`)}
          required
          min={1}
          max={365}
          allowDecimal={false}
          allowNegative={false}
          name={field.name}
          ref={field.ref}
          value={field.value ?? ''}
          onBlur={field.onBlur}
          onChange={(value) => field.onChange(value === '' ? undefined : Number(value))}
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
          <TextInput
            label={t('bands.fields.name')}
            description={t('bands.form.nameHint')}
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
                label={t('bands.fields.type')}
                description={t('bands.form.typeHint')}
                placeholder={t('bands.form.chooseType')}
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
          {days('min_days')}
          {days('max_days')}
        </SimpleGrid>
        <StatusSwitchField
          control={control}
          label={t('bands.form.active')}
          description={t('bands.form.activeHint')}
          error={error(errors.status?.message)}
        />
        <FormActions cancelHref={cancelHref} submitLabel={submitLabel} busy={isSubmitting} />
      </Stack>
      <UnsavedChangesDialog blocked={blocker.status === 'blocked'} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
    </Paper>
  );
}

export function BandCreatePage() {
  const { t } = useTranslation();
  usePageTitle(t('bands.createTitle'));
  const { companyId } = newRoute.useParams();
  const navigate = useNavigate();
  const create = bandsResource.useCreate();
  const toasts = useFormToasts();
  return (
    <Stack gap="md" maw={960}>
      <BackToListLink path={`/${companyId}/bands`} label={t('bands.backToList')} />
      <Title order={1} size="h2">
        {t('bands.createTitle')}
      </Title>
      <BandForm<BandCreate>
        resolver={createResolver}
        cancelHref={`/${companyId}/bands`}
        defaultValues={{ name: '', type: 'parking', status: 1 }}
        submitLabel={t('bands.form.create')}
        onSubmit={async (values, setError, allowLeave) => {
          try {
            const band = await create.mutateAsync(values);
            toasts.success(t('bands.toast.created', { name: band.name }));
            allowLeave();
            await navigate(backToList(`/${companyId}/bands`));
          } catch (error) {
            toasts.error(error);
            showServerErrors(error, setError);
          }
        }}
      />
    </Stack>
  );
}

export function BandEditPage() {
  const { t } = useTranslation();
  const { companyId, bandId } = editRoute.useParams();
  const id = Number(bandId);
  const navigate = useNavigate();
  const band = bandsResource.useOne(id);
  const update = bandsResource.useUpdate(id);
  const toasts = useFormToasts();
  const title = band.data ? t('bands.editTitle', { name: band.data.name }) : t('bands.editTitleGeneric');
  usePageTitle(title);
  return (
    <Stack gap="md" maw={960}>
      <BackToListLink path={`/${companyId}/bands`} label={t('bands.backToList')} />
      <Title order={1} size="h2">
        {title}
      </Title>
      <RecordState query={band} notFoundTitle={t('bands.notFound')}>
        {(current) => (
          <BandForm<BandUpdate>
            key={current.id}
            resolver={updateResolver}
            cancelHref={`/${companyId}/bands`}
            defaultValues={{
              name: current.name,
              type: current.type,
              min_days: current.min_days,
              max_days: current.max_days,
              status: current.status,
            }}
            submitLabel={t('bands.form.save')}
            onSubmit={async (values, setError, allowLeave) => {
              try {
                const saved = await update.mutateAsync(values);
                toasts.success(t('bands.toast.updated', { name: saved.name }));
                allowLeave();
                await navigate(backToList(`/${companyId}/bands`));
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
