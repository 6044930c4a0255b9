import { Box, Button, FileInput, Group, Image, Stack, Text } from '@mantine/core';
import { MAX_LOGO_BYTES, type WebConfig } from '@ps/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Section } from '../../components/Section';
import { ApiError, toastApiError } from '../../lib/api';
import { toastSuccess } from '../../lib/toast';
import { useRemoveLogo, useUploadLogo } from './api';

/** Where the server's refusal of a logo is shown: its message, beside the file field. */
function logoErrorOf(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const detail = error.details.find((item) => item.field === 'file');
  if (detail) return detail.message || error.message;
  return error.code === 'payload_too_large' || error.code === 'unsupported_media_type' ? error.message : null;
}

/** The company's logo on the sign-in page and in the header: shown, removed, or replaced by an upload. */
export function LogoSection({ config }: { config: WebConfig }) {
  const { t } = useTranslation();
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const submit = () => {
    if (!file) return setFileError(t('settings.logo.fileRequired'));
    if (file.size > MAX_LOGO_BYTES) return setFileError(t('settings.logo.tooLarge'));
    setFileError(null);
    upload.mutate(file, {
      onSuccess: () => {
        toastSuccess(t('settings.logo.uploaded'));
        setFile(null);
      },
      onError: (failure) => {
        const message = logoErrorOf(failure);
        if (message) setFileError(message);
        else toastApiError(failure);
      },
    });
  };

  return (
    <Section id="settings-logo" title={t('settings.logo.title')}>
      <Stack gap="md">
        <Text size="sm">{t('settings.logo.intro')}</Text>
        <Group gap="md" align="center" wrap="wrap">
          {config.login_page_logo ? (
            <Box p="sm" style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 8, background: '#fff' }}>
              <Image
                src={config.login_page_logo}
                alt={t('settings.logo.current', { name: config.name })}
                h={64}
                w="auto"
                maw="100%"
                fit="contain"
              />
            </Box>
          ) : (
            <Text size="sm" fw={600}>
              {t('settings.logo.none')}
            </Text>
          )}
          {config.login_page_logo ? (
            <Button
              variant="default"
              loading={remove.isPending}
              onClick={() => remove.mutate(undefined, { onSuccess: () => toastSuccess(t('settings.logo.removed')) })}
            >
              {t('settings.logo.remove')}
            </Button>
          ) : null}
        </Group>
        <form
          noValidate
          aria-labelledby="settings-logo-upload"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="sm">
            <Text fw={700} id="settings-logo-upload">
              {t('settings.logo.uploadTitle')}
            </Text>
            <FileInput
              label={t('settings.logo.file')}
              description={t('settings.logo.fileHint')}
              placeholder={t('settings.logo.filePlaceholder')}
              // The placeholder is text in a button here (axe checks its contrast): the theme's grey is too light.
              styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
              required
              accept="image/png,image/jpeg,image/svg+xml"
              value={file}
              onChange={(chosen) => {
                setFile(chosen);
                setFileError(null);
              }}
              clearable
              error={fileError}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={upload.isPending} className="ps-primary-action">
                {t('settings.logo.upload')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Section>
  );
}
