import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ChunkTimeoutError } from '../../lib/chunks';

/** Shown while the main application or a screen loads (spec 2: "Loading..."). */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <Center className="ps-full-height" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="md" aria-hidden />
        <Text>{t('app.loading')}</Text>
      </Stack>
    </Center>
  );
}

/** A screen that failed to load (a chunk timed out, or the network dropped). */
export function RouteErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const timedOut = error instanceof ChunkTimeoutError;
  return (
    <Center className="ps-full-height" p="md">
      <Stack align="center" gap="sm" maw={420} role="alert">
        <Title order={1} size="h3">
          {t('app.loadFailed.title')}
        </Title>
        <Text ta="center">{timedOut ? t('app.loadFailed.timeout') : t('app.loadFailed.body')}</Text>
        <Button onClick={() => window.location.reload()}>{t('app.loadFailed.reload')}</Button>
      </Stack>
    </Center>
  );
}
