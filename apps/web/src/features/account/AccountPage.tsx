import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { UserData } from '@ps/contracts';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../lib/currentUser';
import { usePageTitle } from '../../lib/pageTitle';
import { AccountSection } from './AccountSection';
import { ChangePasswordSection } from './ChangePasswordSection';
import { SessionsSection } from './SessionsSection';
import { TwoFactorSection } from './TwoFactorSection';

/** The signed-in user's own account: their details, password, two-factor sign-in and where they are signed in. Open to every role. */
export function AccountPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  usePageTitle(t('account.title'));
  // The shell renders its screens only once the current user is known.
  if (!user.data) return null;
  return (
    <Stack gap="md" maw={960}>
      <Title order={1} size="h2">
        {t('account.title')}
      </Title>
      <DetailsSection user={user.data} />
      <ChangePasswordSection />
      <TwoFactorSection enabled={user.data.totp_enabled} />
      <SessionsSection />
    </Stack>
  );
}

function DetailsSection({ user }: { user: UserData }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('account.details.name'), user.name],
    [t('account.details.email'), user.email ?? ''],
    [t('account.details.phone'), user.phn_nbr ?? ''],
    [t('account.details.username'), user.username ?? ''],
    [t('account.details.role'), t(`account.roles.${user.role}`)],
    [t('account.details.company'), user.company_name ?? t('account.details.wholeOrganisation')],
  ];
  return (
    <AccountSection id="account-details" title={t('account.details.title')}>
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm" m={0}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0} fw={600} c="var(--ps-color-title)" className="ps-wrap">
              {value || t('account.details.notSet')}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </AccountSection>
  );
}
