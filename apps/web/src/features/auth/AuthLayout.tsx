import { Box, Center, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../components/LanguageSelect';
import { useToastSlot } from '../../lib/toast';
import { useWebConfig } from './useWebConfig';

/** The login shell: language selector at the top right, the company's logo, "Welcome", then the step. */
export function AuthLayout() {
  const { t } = useTranslation();
  const config = useWebConfig();
  const name = config?.name ?? t('app.name');
  // Toasts sit left of the language selector, or at the foot of a narrow screen (lib/toast.ts).
  const bar = useRef<HTMLDivElement>(null);
  const languageBox = useRef<HTMLDivElement>(null);
  useToastSlot(bar, languageBox);
  return (
    <Box className="ps-full-height">
      <Group justify="flex-end" p="md" component="header" ref={bar}>
        <Box ref={languageBox}>
          <LanguageSelect />
        </Box>
      </Group>
      <Center component="main" px="md" pb="xl">
        <Paper
          w="100%"
          maw={440}
          p={{ base: 'lg', sm: 'xl' }}
          radius="lg"
          shadow="sm"
          style={{ borderTop: '4px solid var(--mantine-color-brand-5)' }}
        >
          <Stack align="center" gap={6} mb="lg">
            {config?.login_page_logo ? (
              <Image src={config.login_page_logo} alt={t('auth.logoAlt', { name })} h={64} w="auto" fit="contain" />
            ) : (
              <Text fw={700} fz="lg" c="brand.7">
                {name}
              </Text>
            )}
            <Title order={1} size="h2" ta="center">
              {t('auth.welcome')}
            </Title>
          </Stack>
          <Outlet />
        </Paper>
      </Center>
    </Box>
  );
}
