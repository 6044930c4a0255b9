import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** Spec 2: "Page Not Found" with a "Go to Login" button to the root route. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Center component="main" className="ps-full-height" p="md">
      <Paper w="100%" maw={440} p="xl" radius="lg" shadow="sm">
        <Stack align="center" gap="sm">
          <Text fz={48} fw={800} c="brand.7" lh={1} aria-hidden>
            404
          </Text>
          <Title order={1} size="h2" ta="center">
            {t('notFound.title')}
          </Title>
          <Text ta="center">{t('notFound.body')}</Text>
          <Button mt="sm" onClick={() => void navigate({ to: '/' })}>
            {t('notFound.goToLogin')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
