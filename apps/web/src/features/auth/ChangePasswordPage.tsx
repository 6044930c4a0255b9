import { Anchor, Button, Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { type NewPasswordForm, newPasswordFormErrors } from '@ps/contracts/auth.forms';
import { Link, Navigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors, sameNameField, useFormToasts } from '../../lib/forms';
import { translateMessage } from '../../lib/i18n';
import { changePasswordStep } from './api';
import { useAuthForm } from './useAuthForm';
import { stepFromState, useFollowSignIn } from './useSignIn';

/** The "change-password" step of a 200 sign-in: a user with a temporary password chooses their own. */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const step = useRouterState({ select: (state) => stepFromState(state.location.state, 'change-password') });
  const followSignIn = useFollowSignIn();
  const [showPassword, setShowPassword] = useState(false);
  const { register, handleSubmit, setError, setFocus, errors, isSubmitting } = useAuthForm<NewPasswordForm>(newPasswordFormErrors, {
    new_password: '',
    confirm_password: '',
  });
  const toasts = useFormToasts();
  // The first field has the focus when the step opens.
  useEffect(() => {
    if (step) setFocus('new_password');
  }, [step, setFocus]);

  if (!step) return <Navigate to="/auth/login" replace />;

  const onSubmit = async (values: NewPasswordForm) => {
    try {
      const response = await changePasswordStep({ step_token: step.step_token, ...values });
      toasts.success();
      followSignIn(response.data);
    } catch (error) {
      toasts.error(error);
      applyServerFieldErrors(error, setError, sameNameField<NewPasswordForm>(['new_password', 'confirm_password']));
    }
  };

  const type = showPassword ? 'text' : 'password';
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <Stack gap="md">
        <Text ta="center" size="sm">
          {t('auth.changePassword.intro', { name: step.user_name })}
        </Text>
        <TextInput
          type={type}
          label={t('auth.changePassword.newPassword')}
          description={t('auth.changePassword.rules')}
          autoComplete="new-password"
          error={translateMessage(errors.new_password)}
          {...register('new_password')}
        />
        <TextInput
          type={type}
          label={t('auth.changePassword.confirmPassword')}
          autoComplete="new-password"
          error={translateMessage(errors.confirm_password)}
          {...register('confirm_password')}
        />
        <Checkbox
          label={t('auth.showPassword')}
          checked={showPassword}
          onChange={(event) => setShowPassword(event.currentTarget.checked)}
        />
        <Button type="submit" fullWidth size="md" loading={isSubmitting} loaderProps={{ 'aria-label': t('app.busy') }}>
          {t('auth.changePassword.submit')}
        </Button>
        <Anchor component={Link} to="/auth/login" ta="center" size="sm">
          {t('auth.backToSignIn')}
        </Anchor>
      </Stack>
    </form>
  );
}
