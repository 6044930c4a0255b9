import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { type VerifyCodeForm as CodeForm, verifyCodeFormErrors } from '@ps/contracts/auth.forms';
import { Link, Navigate, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors, sameNameField, useFormToasts } from '../../lib/forms';
import { translateMessage } from '../../lib/i18n';
import { verifyStep } from './api';
import { useAuthForm } from './useAuthForm';
import { stepFromState, useFollowSignIn } from './useSignIn';

/** The "verify" step of a 200 sign-in: the 6-digit code of the user's authenticator app. */
export function VerifyPage() {
  const { t } = useTranslation();
  const step = useRouterState({ select: (state) => stepFromState(state.location.state, 'verify') });
  const followSignIn = useFollowSignIn();
  const { register, handleSubmit, setError, setFocus, errors, isSubmitting } = useAuthForm<CodeForm>(verifyCodeFormErrors, { code: '' });
  const toasts = useFormToasts();
  // The first field has the focus when the step opens.
  useEffect(() => {
    if (step) setFocus('code');
  }, [step, setFocus]);

  // Opened without the sign-in answer (a bookmark, a new tab): start again.
  if (!step) return <Navigate to="/auth/login" replace />;

  const onSubmit = async ({ code }: CodeForm) => {
    try {
      const response = await verifyStep({ step_token: step.step_token, code });
      toasts.success();
      followSignIn(response.data);
    } catch (error) {
      toasts.error(error);
      applyServerFieldErrors(error, setError, sameNameField<CodeForm>(['code']));
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <Stack gap="md">
        <Text ta="center" size="sm">
          {t('auth.verify.intro', { name: step.user_name })}
        </Text>
        <TextInput
          label={t('auth.verify.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={translateMessage(errors.code)}
          {...register('code')}
        />
        <Button type="submit" fullWidth size="md" loading={isSubmitting} loaderProps={{ 'aria-label': t('app.busy') }}>
          {t('auth.verify.submit')}
        </Button>
        <Anchor component={Link} to="/auth/login" ta="center" size="sm">
          {t('auth.backToSignIn')}
        </Anchor>
      </Stack>
    </form>
  );
}
