import { Paper, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { DriverAddInput } from '@ps/contracts';
import { type Resolver, type UseFormSetError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { UnsavedChangesDialog } from '../../components/ConfirmDialog';
import { FormActions } from '../../components/FormKit';
import { applyConflictErrors, applyServerFieldErrors, sameNameField, useUnsavedChangesGuard } from '../../lib/forms';
import { translateMessage } from '../../lib/i18n';
import { useDocumentTypes } from './api';

/** The form's fields: the add body's; the edit sends the same ones but the temporary password. */
export type DriverFormValues = DriverAddInput;
const formFields = ['first_name', 'last_name', 'email', 'phn_nbr', 'temporary_password', 'licence_number', 'licence_expiry'] as const;

/** 400 details beside their fields, and an e-mail or phone another user has (409) beside that field. */
export function showServerErrors(error: unknown, setError: UseFormSetError<DriverFormValues>) {
  applyServerFieldErrors(error, setError, sameNameField<DriverFormValues>(formFields));
  applyConflictErrors(error, setError, { email_taken: 'email', phone_taken: 'phn_nbr' });
}

/**
 * The company's driving licence document type, when it has one: the licence expiry is then its documents' (the API
 * keeps it), shown on the profile but never typed there.
 */
export function useLicenceType() {
  const types = useDocumentTypes();
  return types.data?.find((type) => type.is_licence);
}

/**
 * A driver's profile: name, sign-in e-mail and phone, licence. `mode: 'add'` also asks for the temporary
 * password the driver replaces at first sign-in. `licenceExpiry` is the driver's date as stored (the licence
 * document's, where the company has a licence type).
 */
export function DriverProfileForm<Output>({
  mode,
  resolver,
  defaultValues,
  submitLabel,
  cancelHref,
  onSubmit,
  licenceExpiry = null,
}: {
  mode: 'add' | 'edit';
  licenceExpiry?: string | null;
  resolver: Resolver<DriverFormValues, unknown, Output>;
  defaultValues: Partial<DriverFormValues>;
  submitLabel: string;
  cancelHref: string;
  onSubmit: (values: Output, setError: UseFormSetError<DriverFormValues>, allowLeave: () => void) => Promise<void>;
}) {
  const { t } = useTranslation();
  const licenceType = useLicenceType();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<DriverFormValues, unknown, Output>({ resolver, defaultValues });
  const { blocker, allowLeave } = useUnsavedChangesGuard(isDirty && !isSubmitting);
  const error = (message: string | undefined) => translateMessage(message);
  // An empty optional field means "none": no phone (null removes it on an edit), no licence date.
  const emptyIs = (none: null | undefined) => ({
    setValueAs: (value: string | null | undefined) => (value === null || value === undefined || value.trim() === '' ? none : value),
  });
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
            label={t('drivers.fields.first_name')}
            required
            autoComplete="off"
            error={error(errors.first_name?.message)}
            {...register('first_name')}
          />
          <TextInput
            label={t('drivers.fields.last_name')}
            required
            autoComplete="off"
            error={error(errors.last_name?.message)}
            {...register('last_name')}
          />
          <TextInput
            label={t('drivers.fields.email')}
            description={t('drivers.form.emailHint')}
            required
            type="email"
            autoComplete="off"
            error={error(errors.email?.message)}
            {...register('email')}
          />
          <TextInput
            label={t('drivers.fields.phn_nbr')}
            description={t('drivers.form.phoneHint')}
            type="tel"
            autoComplete="off"
            error={error(errors.phn_nbr?.message)}
            {...register('phn_nbr', emptyIs(mode === 'add' ? undefined : null))}
          />
          <TextInput
            label={t('drivers.fields.licence_number')}
            autoComplete="off"
            error={error(errors.licence_number?.message)}
            {...register('licence_number')}
          />
          {licenceType ? (
            // The date of the latest licence document, as the API answers it now: read only, one source of truth.
            <TextInput
              label={t('drivers.fields.licence_expiry')}
              description={t('drivers.form.licenceFromDocument', { type: licenceType.name })}
              type="date"
              readOnly
              value={licenceExpiry ?? ''}
              error={error(errors.licence_expiry?.message)}
            />
          ) : (
            <TextInput
              label={t('drivers.fields.licence_expiry')}
              type="date"
              error={error(errors.licence_expiry?.message)}
              {...register('licence_expiry', emptyIs(null))}
            />
          )}
          {mode === 'add' ? (
            <PasswordInput
              label={t('drivers.fields.temporary_password')}
              description={t('drivers.form.temporaryPasswordHint')}
              required
              autoComplete="new-password"
              error={error(errors.temporary_password?.message)}
              {...register('temporary_password')}
            />
          ) : null}
        </SimpleGrid>
        <FormActions cancelHref={cancelHref} submitLabel={submitLabel} busy={isSubmitting} />
      </Stack>
      <UnsavedChangesDialog blocked={blocker.status === 'blocked'} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
    </Paper>
  );
}
