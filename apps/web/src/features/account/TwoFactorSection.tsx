import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Badge, Box, Button, Code, CopyButton, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { type TotpDisableBody, type TotpEnableBody, type TotpSetupData, totpDisableBodySchema, totpEnableBodySchema } from '@ps/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { QrCode } from '../../components/QrCode';
import { applyServerFieldErrors, sameNameField } from '../../lib/forms';
import { translateMessage } from '../../lib/i18n';
import { toastSuccess } from '../../lib/toast';
import { AccountSection } from './AccountSection';
import { useDisableTotp, useEnableTotp, useStartTotpSetup } from './api';
import { groupSecret } from './groupSecret';

/** Two-factor sign-in: on or off; turning it on is setup (a secret for the app) and a code from the app. */
export function TwoFactorSection({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<TotpSetupData | null>(null);
  const start = useStartTotpSetup();

  let body: React.ReactNode;
  if (enabled) {
    body = <TurnOffForm />;
  } else if (setup) {
    body = <SetupSteps setup={setup} onDone={() => setSetup(null)} />;
  } else {
    body = (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('account.twoFactor.offBody')}</Text>
        <Button
          loading={start.isPending}
          loaderProps={{ 'aria-label': t('app.busy') }}
          onClick={() => start.mutate(undefined, { onSuccess: (data) => setSetup(data) })}
        >
          {t('account.twoFactor.turnOn')}
        </Button>
      </Stack>
    );
  }

  return (
    <AccountSection
      id="account-two-factor"
      title={t('account.twoFactor.title')}
      aside={
        <Badge size="lg" tt="none" variant="dot" color={enabled ? 'green.9' : 'gray.7'} data-testid="two-factor-status">
          {enabled ? t('account.twoFactor.on') : t('account.twoFactor.off')}
        </Badge>
      }
    >
      {body}
    </AccountSection>
  );
}

function SetupSteps({ setup, onDone }: { setup: TotpSetupData; onDone: () => void }) {
  const { t } = useTranslation();
  const enable = useEnableTotp();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TotpEnableBody>({ resolver: zodResolver(totpEnableBodySchema), defaultValues: { code: '' } });

  const onSubmit = async (values: TotpEnableBody) => {
    try {
      await enable.mutateAsync(values);
      toastSuccess(t('account.twoFactor.turnedOn'));
      onDone();
    } catch (error) {
      applyServerFieldErrors(error, setError, sameNameField<TotpEnableBody>(['code']));
    }
  };

  return (
    <Stack gap="md">
      <List type="ordered" spacing="xs" size="sm">
        <List.Item>{t('account.twoFactor.step1')}</List.Item>
        <List.Item>{t('account.twoFactor.step2')}</List.Item>
      </List>
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Box p={4} bd="1px solid var(--mantine-color-gray-3)" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
          <QrCode value={setup.otpauth_url} label={t('account.twoFactor.qrLabel')} size={176} />
        </Box>
        <Stack gap="xs" style={{ flex: '1 1 240px', minWidth: 0 }}>
          <Text size="sm" fw={600} id="totp-secret-label">
            {t('account.twoFactor.secretLabel')}
          </Text>
          <Group gap="xs" wrap="wrap">
            <Code
              fz="md"
              px="sm"
              py={6}
              aria-labelledby="totp-secret-label"
              data-testid="totp-secret"
              style={{ letterSpacing: '0.05em', overflowWrap: 'anywhere', wordBreak: 'break-word' }}
            >
              {groupSecret(setup.secret)}
            </Code>
            <CopyButton value={setup.secret}>
              {({ copied, copy }) => (
                <Button variant="default" size="xs" onClick={copy} aria-live="polite">
                  {copied ? t('account.twoFactor.copied') : t('account.twoFactor.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Anchor href={setup.otpauth_url} size="sm" fw={600}>
            {t('account.twoFactor.openInApp')}
          </Anchor>
        </Stack>
      </Group>
      <form noValidate onSubmit={handleSubmit(onSubmit)}>
        <Stack gap="md" maw={420}>
          <TextInput
            label={t('account.twoFactor.code')}
            description={t('account.twoFactor.codeHint')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            error={translateMessage(errors.code?.message)}
            {...register('code')}
          />
          <Group gap="sm">
            <Button type="submit" loading={isSubmitting} loaderProps={{ 'aria-label': t('app.busy') }}>
              {t('account.twoFactor.confirm')}
            </Button>
            <Button variant="default" onClick={onDone}>
              {t('common.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

function TurnOffForm() {
  const { t } = useTranslation();
  const disable = useDisableTotp();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TotpDisableBody>({ resolver: zodResolver(totpDisableBodySchema), defaultValues: { password: '' } });

  const onSubmit = async (values: TotpDisableBody) => {
    try {
      await disable.mutateAsync(values);
      toastSuccess(t('account.twoFactor.turnedOff'));
    } catch (error) {
      applyServerFieldErrors(error, setError, sameNameField<TotpDisableBody>(['password']));
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)}>
      <Stack gap="md">
        <Text size="sm">{t('account.twoFactor.onBody')}</Text>
        <Box maw={420}>
          <TextInput
            type="password"
            label={t('account.twoFactor.password')}
            autoComplete="current-password"
            required
            error={translateMessage(errors.password?.message)}
            {...register('password')}
          />
        </Box>
        <Group>
          <Button type="submit" color="red.8" loading={isSubmitting} loaderProps={{ 'aria-label': t('app.busy') }}>
            {t('account.twoFactor.turnOff')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
