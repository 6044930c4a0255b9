import { Paper, Stack, Switch, TextInput } from '@mantine/core';
import type { DocumentTypeCreateInput } from '@ps/contracts';
import { type Control, Controller, type Resolver, type UseFormSetError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { UnsavedChangesDialog } from '../../components/ConfirmDialog';
import { FormActions, StatusSwitchField } from '../../components/FormKit';
import { applyConflictErrors, applyServerFieldErrors, sameNameField, useUnsavedChangesGuard } from '../../lib/forms';
import { translateMessage } from '../../lib/i18n';

export type DocumentTypeFormValues = DocumentTypeCreateInput;
const formFields = ['name', 'required', 'has_expiry', 'status'] as const;

/** 400 details beside their fields, and a name the company already has (409) beside the name. */
export function showServerErrors(error: unknown, setError: UseFormSetError<DocumentTypeFormValues>) {
  applyServerFieldErrors(error, setError, sameNameField<DocumentTypeFormValues>(formFields));
  applyConflictErrors(error, setError, { document_type_name_taken: 'name' });
}

/** A yes/no field of the form as a switch with its label and hint. */
function FlagSwitch<Output>({
  control,
  name,
  label,
  description,
  error,
}: {
  control: Control<DocumentTypeFormValues, unknown, Output>;
  name: 'required' | 'has_expiry';
  label: string;
  description: string;
  error?: string;
}) {
  return (
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
          error={error}
        />
      )}
    />
  );
}

export function DocumentTypeForm<Output>({
  resolver,
  defaultValues,
  submitLabel,
  cancelHref,
  onSubmit,
}: {
  resolver: Resolver<DocumentTypeFormValues, unknown, Output>;
  defaultValues: Partial<DocumentTypeFormValues>;
  submitLabel: string;
  cancelHref: string;
  onSubmit: (values: Output, setError: UseFormSetError<DocumentTypeFormValues>, allowLeave: () => void) => Promise<void>;
}) {
  const { t } = useTranslation();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<DocumentTypeFormValues, unknown, Output>({ resolver, defaultValues });
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
        <TextInput
          label={t('documentTypes.fields.name')}
          description={t('documentTypes.form.nameHint')}
          required
          autoComplete="off"
          error={error(errors.name?.message)}
          {...register('name')}
        />
        <FlagSwitch
          control={control}
          name="required"
          label={t('documentTypes.form.required')}
          description={t('documentTypes.form.requiredHint')}
          error={error(errors.required?.message)}
        />
        <FlagSwitch
          control={control}
          name="has_expiry"
          label={t('documentTypes.form.hasExpiry')}
          description={t('documentTypes.form.hasExpiryHint')}
          error={error(errors.has_expiry?.message)}
        />
        <StatusSwitchField control={control} label={t('documentTypes.form.active')} description={t('documentTypes.form.activeHint')} />
        <FormActions cancelHref={cancelHref} submitLabel={submitLabel} busy={isSubmitting} />
      </Stack>
      <UnsavedChangesDialog blocked={blocker.status === 'blocked'} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
    </Paper>
  );
}
