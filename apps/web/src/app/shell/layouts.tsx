// Mantine's styles for every component, in the `mantine` CSS layer: the sign-in page loads only the few it
// uses (main.tsx); the signed-in app, which always renders inside these layouts, gets the rest here.
import '@mantine/core/styles.layer.css';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconHome } from '../../components/icons';
import { navIcons } from '../../components/navIcons';
import { navAccess, navGroups, type Scope, screenHref } from '../../lib/features';
import { getCompanyId } from '../../lib/session';
import { NotFoundPanel } from '../components/NotFoundPanel';
import { webFeatures } from '../features';
import { queryClient } from '../queryClient';
import { AppFrame, type NavItem } from './AppFrame';
import { messagesLoaded } from './messages';

// The frame and every screen inside it render only once the shell's messages are in.
await messagesLoaded;

export { CompanyHome } from './CompanyHome';

/**
 * The navigation of one scope, from the features' manifests (app/features.ts): each entry shown to those who may open
 * its screen, by group in the navigation's order, and within a group in the list's order.
 */
function useNav(scope: Scope, companyId: number | null): NavItem[] {
  const { t } = useTranslation();
  const entries = webFeatures.flatMap((feature) =>
    (feature.nav ?? []).filter((entry) => entry.scope === scope).map((entry) => ({ feature, entry })),
  );
  entries.sort((a, b) => navGroups.indexOf(a.entry.group) - navGroups.indexOf(b.entry.group));
  return entries.map(({ feature, entry }) => {
    const Icon = navIcons[entry.icon];
    return {
      href: screenHref(scope, entry.path, companyId),
      label: t(entry.title),
      icon: <Icon size={20} aria-hidden />,
      ...navAccess(feature, entry),
      group: entry.group,
    };
  });
}

/**
 * A company's back-office at `/{company_id}` (the route checked that the path's company is the stored one).
 * Only screens that exist are in the navigation; "Home" is offered to a user no other screen is for.
 */
export function CompanyLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const companyId = getCompanyId();
  const nav = useNav('company', companyId);
  return (
    <QueryClientProvider client={queryClient}>
      <AppFrame
        fallbackTitle={t('app.name')}
        accountHref={`/${companyId}/account`}
        homeItem={{ href: `/${companyId}`, label: t('nav.home'), icon: <IconHome size={20} aria-hidden />, permission: 'session' }}
        nav={nav}
      >
        {children}
      </AppFrame>
    </QueryClientProvider>
  );
}

/** The organisation's super admin at `/org`: the organisation-wide master lists. */
export function OrgLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const nav = useNav('org', null);
  return (
    <QueryClientProvider client={queryClient}>
      <AppFrame fallbackTitle={t('org.title')} accountHref="/org/account" nav={nav}>
        {children}
      </AppFrame>
    </QueryClientProvider>
  );
}

/** `/notfound` while signed in: the not-found page inside the user's own shell. */
export function SignedInNotFound() {
  const Layout = getCompanyId() === null ? OrgLayout : CompanyLayout;
  return (
    <Layout>
      <NotFoundPanel />
    </Layout>
  );
}
