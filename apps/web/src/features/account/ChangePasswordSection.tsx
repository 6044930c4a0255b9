import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { type AdminChangePasswordBody, adminChangePasswordBodySchema } from '@ps/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { applyServerFieldErrors, sameNameField, useFormToasts } from '../../lib/forms';
import { translateMessage } from '../../lib/i18n';
import { AccountSection } from './AccountSection';
import { useChangeOwnPassword } from './api';

const fields = ['current_password', 'new_password', 'confirm_password'] as const;
const empty: AdminChangePasswordBody = { current_password: '', new_password: '', confirm_password: '' };

/** Changes the user's own password (the API ends their other sessions). */
export function ChangePasswordSection() {
  const { t } = useTranslation();
  const change = useChangeOwnPassword();
  const [showPasswords, setShowPasswords] = useState(false);
  const toasts = useFormToasts();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<AdminChangePasswordBody>({ resolver: zodResolver(adminChangePasswordBodySchema), defaultValues: empty });

  const onSubmit = async (values: AdminChangePasswordBody) => {
    try {
      await change.mutateAsync(values);
      toasts.success(t('account.password.changed'));
      reset(empty);
      setShowPasswords(false);
    } catch (error) {
      // The message is the form's own toast; the details go beside their fields.
      toasts.error(error);
      const toField = sameNameField<AdminChangePasswordBody>(fields);
      if (applyServerFieldErrors(error, setError, toField) && error instanceof ApiError) {
        const first = error.details.map((detail) => toField(detail.field)).find(Boolean);
        if (first) setFocus(first);
      }
    }
  };

  const type = showPasswords ? 'text' : 'password';
  return (
    <AccountSection id="account-password" title={t('account.password.title')}>
      <form noValidate onSubmit={handleSubmit(onSubmit)}>
        <Stack gap="md" maw={520}>
          <TextInput
            type={type}
            label={t('account.password.current')}
            autoComplete="current-password"
            required
            error={translateMessage(errors.current_password?.message)}
            {...register('current_password')}
          />
          <TextInput
            type={type}
            label={t('account.password.new')}
            description={t('account.password.rules')}
            autoComplete="new-password"
            required
            error={translateMessage(errors.new_password?.message)}
            {...register('new_password')}
          />
          <TextInput
            type={type}
            label={t('account.password.confirm')}
            description={t('account.password.confirmHint')}
            autoComplete="new-password"
            required
            error={translateMessage(errors.confirm_password?.message)}
            {...register('confirm_password')}
          />
          <Group justify="space-between" gap="sm">
            <Checkbox
              label={t('account.password.show')}
              checked={showPasswords}
              onChange={(event) => setShowPasswords(event.currentTarget.checked)}
            />
            <Button type="submit" loading={isSubmitting} loaderProps={{ 'aria-label': t('app.busy') }}>
              {t('account.password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AccountSection>
  );
}
