import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../lib/pageTitle';
import { homePath } from '../../lib/session';

/** A signed-in user's "Page Not Found": inside the app shell, with the way back to their home screen. */
export function NotFoundPanel() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <Paper maw={480} mx="auto" mt="xl" p="xl" radius="lg" withBorder data-testid="not-found">
      <Stack align="center" gap="sm">
        <Text fz={48} fw={800} c="brand.7" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1} size="h2" ta="center">
          {t('notFound.title')}
        </Title>
        <Text ta="center">{t('notFound.body')}</Text>
        <Button component={Link} to={homePath()} className="ps-primary-action">
          {t('notFound.goHome')}
        </Button>
      </Stack>
    </Paper>
  );
}
