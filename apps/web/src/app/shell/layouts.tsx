// Mantine's styles for every component, in the `mantine` CSS layer: the sign-in page loads only the few it
// uses (main.tsx); the signed-in app, which always renders inside these layouts, gets the rest here.
import '@mantine/core/styles.layer.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { IconPlane } from '../components/icons';
import { queryClient } from '../queryClient';
import { AppFrame } from './AppFrame';

/** A company's back-office at `/{company_id}`. Only screens that exist are in the navigation. */
export function CompanyLayout() {
  const { t } = useTranslation();
  const { companyId } = useParams({ from: '/$companyId' });
  return (
    <QueryClientProvider client={queryClient}>
      <AppFrame
        fallbackTitle={t('app.name')}
        accountHref={`/${companyId}/account`}
        nav={[{ href: `/${companyId}/airports`, label: t('nav.airports'), icon: <IconPlane />, permission: 'airports.view' }]}
      />
    </QueryClientProvider>
  );
}

/** The organisation's super admin at `/org`: the organisation-wide master lists. */
export function OrgLayout() {
  const { t } = useTranslation();
  return (
    <QueryClientProvider client={queryClient}>
      <AppFrame
        fallbackTitle={t('org.title')}
        accountHref="/org/account"
        nav={[{ href: '/org/core-airports', label: t('nav.coreAirports'), icon: <IconPlane />, permission: 'core_airports.view' }]}
      />
    </QueryClientProvider>
  );
}
