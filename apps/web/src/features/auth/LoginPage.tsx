import { Button, Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { type LoginForm, loginFormErrors } from '@ps/contracts/auth.forms';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { applyServerFieldErrors, useFormToasts } from '../../lib/forms';
import { translateMessage } from '../../lib/i18n';
import { getCompanyId } from '../../lib/session';
import { buildLoginBody, isSignedInData, login } from './api';
import { useAuthForm } from './useAuthForm';
import { useCompleteSignIn, useGoToLoginStep } from './useSignIn';

/**
 * Spec 8 sends a failed sign-in to /notfound when no company id is stored. Applied only when the service
 * itself failed (5xx, 402, 409, 424): after a 400/401/429 the user must be able to correct and retry, or
 * the very first sign-in on a fresh browser would be impossible.
 */
function sendsToNotFound(status: number): boolean {
  return status >= 500 || status === 402 || status === 409 || status === 424;
}

/** Wrong credentials and rejected input count as a failed attempt for the repeated-credentials guard. */
function isCredentialFailure(status: number): boolean {
  return status >= 400 && status < 500 && status !== 429;
}

const identifierFields = new Set(['email', 'phn_nbr', 'username', 'type']);

export function LoginPage({ variant }: { variant: 'company' | 'organisation' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const goToStep = useGoToLoginStep();
  const [showPassword, setShowPassword] = useState(false);
  const lastFailed = useRef<string | null>(null);
  const toasts = useFormToasts();
  const { register, handleSubmit, setError, setFocus, errors, isSubmitting } = useAuthForm<LoginForm>(loginFormErrors, {
    identifier: '',
    password: '',
  });
  // The first field has the focus when the page opens.
  useEffect(() => setFocus('identifier'), [setFocus]);

  const onSubmit = async (values: LoginForm) => {
    const attempt = JSON.stringify([values.identifier, values.password]);
    if (attempt === lastFailed.current) {
      toasts.errorText(t('auth.tryDifferent'));
      return;
    }
    // The organisation's super admin belongs to no company: that form sends no company_id.
    const companyId = variant === 'organisation' ? null : getCompanyId();
    try {
      const response = await login(buildLoginBody(values, companyId));
      if (response.status === 202 && isSignedInData(response.data)) {
        toasts.success();
        completeSignIn(response.data);
      } else if (response.status === 200 && !isSignedInData(response.data)) {
        toasts.success();
        goToStep(response.data);
      } else toasts.errorText(response.message || t('app.errors.unexpected'));
    } catch (error) {
      toasts.error(error);
      if (!(error instanceof ApiError)) return;
      if (isCredentialFailure(error.status)) lastFailed.current = attempt;
      applyServerFieldErrors(error, setError, (field) =>
        identifierFields.has(field) ? 'identifier' : field === 'password' ? 'password' : undefined,
      );
      if (getCompanyId() === null && sendsToNotFound(error.status)) void navigate({ to: '/notfound' });
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <Stack gap="md">
        <Text ta="center" size="sm">
          {variant === 'organisation' ? t('auth.adminSubtitle') : t('auth.subtitle')}
        </Text>
        <TextInput
          label={t('auth.identifierLabel')}
          placeholder={t('auth.identifierPlaceholder')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={translateMessage(errors.identifier)}
          {...register('identifier')}
        />
        <TextInput
          type={showPassword ? 'text' : 'password'}
          label={t('auth.password')}
          placeholder={t('auth.passwordPlaceholder')}
          autoComplete="current-password"
          error={translateMessage(errors.password)}
          {...register('password')}
        />
        <Checkbox
          label={t('auth.showPassword')}
          checked={showPassword}
          onChange={(event) => setShowPassword(event.currentTarget.checked)}
        />
        <Button type="submit" fullWidth size="md" loading={isSubmitting} loaderProps={{ 'aria-label': t('app.busy') }}>
          {t('auth.signIn')}
        </Button>
      </Stack>
    </form>
  );
}
