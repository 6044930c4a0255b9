import { Button, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { IconUser } from '../../components/icons';
import { useCurrentUser } from '../../lib/currentUser';
import { usePageTitle } from '../../lib/pageTitle';
import { getCompanyId } from '../../lib/session';

/**
 * `/{company_id}`: whoever sees statistics lands on the dashboard, another administrator on airports, a driver on My day,
 * ground staff on the cars on site;
 * anyone else without a back-office screen is told what they can do here instead of facing an empty navigation.
 */
export function CompanyHome() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const companyId = getCompanyId();
  usePageTitle(t('home.title'));
  if (!user.data) return null;
  if (user.data.permissions.includes('statistics.view'))
    return <Navigate to="/$companyId/dashboard" params={{ companyId: String(companyId) }} replace />;
  if (user.data.permissions.includes('airports.view'))
    return <Navigate to="/$companyId/airports" params={{ companyId: String(companyId) }} replace />;
  // A driver's home is their day on the phone (issue 22, section 3).
  if (user.data.role === 'driver') return <Navigate to="/$companyId/my-day" params={{ companyId: String(companyId) }} replace />;
  // Ground staff (handovers without the dashboard) start at the cars on site.
  if (user.data.permissions.includes('handovers.view'))
    return <Navigate to="/$companyId/on-site" params={{ companyId: String(companyId) }} replace />;
  return (
    <Paper maw={640} p={{ base: 'md', sm: 'xl' }} radius="lg" withBorder data-testid="home">
      <Stack gap="sm">
        <Title order={1} size="h2">
          {t('home.welcome', { name: user.data.name })}
        </Title>
        <Text>{t('home.other.intro')}</Text>
        <List spacing="xs">
          <List.Item>{t('home.canAccount')}</List.Item>
          <List.Item>{t('home.canPassword')}</List.Item>
          <List.Item>{t('home.canTwoFactor')}</List.Item>
        </List>
        <Text>{t('home.other.later')}</Text>
        <Button
          component={Link}
          to={`/${companyId}/account`}
          leftSection={<IconUser size={18} aria-hidden />}
          className="ps-primary-action"
          w="fit-content"
        >
          {t('account.menu')}
        </Button>
      </Stack>
    </Paper>
  );
}
