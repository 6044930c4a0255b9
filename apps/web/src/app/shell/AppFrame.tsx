import { ActionIcon, AppShell, Box, Burger, Button, Group, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Permission } from '@ps/contracts';
import { Link, Outlet, useMatches, useRouterState } from '@tanstack/react-router';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { IconLogout, IconUser } from '../../components/icons';
import { LanguageSelect } from '../../components/LanguageSelect';
import { useCompanyWebConfig, useStoredWebConfig } from '../../lib/companyWebConfig';
import { useCurrentUser, useSignOut } from '../../lib/currentUser';
import type { NavGroup } from '../../lib/features';
import { useToastSlot } from '../../lib/toast';
import { LoadingScreen, RouteErrorScreen } from '../components/RouteStates';
import { mayOpen } from '../routeAccess';
import { GlobalSearch } from './GlobalSearch';
import { Navigation } from './Navigation';

export interface NavItem {
  /** Resolved path of the screen, e.g. `/1/airports`. */
  href: string;
  label: string;
  icon: ReactNode;
  /** The permission the screen needs (from the signed-in user's `permissions`), e.g. `airports.view`. */
  permission: Permission;
  /** A money screen: `finance.view` too. */
  finance?: true;
  /** The navigation's group it is listed in; none for home. */
  group?: NavGroup;
}

const isUnder = (pathname: string, href: string) => pathname === href || pathname.startsWith(`${href}/`);

/**
 * Header (company, search, user, language, sign-out) and navigation around the signed-in screens. The user's name
 * leads to their own account page (`accountHref`), which every role may open: it is not a navigation item,
 * so the permission check below never blocks it. The first tab stop is a link past the header and the navigation to
 * the screen itself.
 */
export function AppFrame({
  nav,
  fallbackTitle,
  accountHref,
  homeItem,
  children,
}: {
  nav: NavItem[];
  fallbackTitle: string;
  accountHref: string;
  /** Offered in the navigation when no other screen is: the landing that says what the user can do. */
  homeItem?: NavItem;
  /** Shown instead of the route's outlet (the signed-in not-found page). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const user = useCurrentUser();
  const { signOut, busy } = useSignOut();
  useCompanyWebConfig(user.data?.company_id != null);
  const config = useStoredWebConfig();
  // The company's display name from its web config once it is the user's own company's, else its record's name.
  const ownConfig = config && user.data && config.company_id === user.data.company_id ? config : null;
  const logo = (ownConfig ?? config)?.login_page_logo;
  const title = ownConfig?.name ?? user.data?.company_name ?? (user.data ? fallbackTitle : (config?.name ?? fallbackTitle));
  // Only screens the user may open are offered; a screen they may not open explains why instead of failing.
  const permitted = user.data ? nav.filter((item) => mayOpen(item, user.data.permissions)) : [];
  const navItems = permitted.length === 0 && homeItem && user.data ? [homeItem] : permitted;
  // The screen at this address needs what its route says (app/routeAccess.ts): a list `.view`, its add page
  // `.create`, its edit page `.update`.
  const access = useMatches({ select: (matches) => matches.at(-1)?.staticData });
  const mayOpenCurrent = user.data ? mayOpen(access, user.data.permissions) : false;
  const isActive = (item: NavItem) =>
    item === homeItem ? pathname === item.href || pathname === `${item.href}/` : isUnder(pathname, item.href);
  // Toasts sit in the header's free room left of its controls, right of the title (or over it when short of room), so
  // they hide none of the header's controls (lib/toast.ts).
  const header = useRef<HTMLElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const headerTitle = useRef<HTMLDivElement>(null);
  const headerControls = useRef<HTMLDivElement>(null);
  useToastSlot(header, headerControls, { control: menuButton, title: headerTitle });

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 264, breakpoint: 'md', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'md', lg: 'lg' }}
      styles={{
        main: { backgroundColor: 'var(--ps-color-background)' },
        // Scrolls when its entries outgrow the screen (a phone, a short window): every entry stays reachable.
        navbar: { backgroundColor: 'var(--ps-color-nav)', overflowY: 'auto' },
        header: { borderTop: '3px solid var(--mantine-color-brand-5)' },
      }}
    >
      {/* The browser moves the focus to the target of an in-page link when it can take it (tabIndex -1 below). */}
      <a href="#main-content" className="ps-skip-link">
        {t('shell.skipToContent')}
      </a>
      <AppShell.Header ref={header}>
        <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" miw={0} ref={headerTitle}>
            <Burger
              ref={menuButton}
              opened={opened}
              onClick={toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={opened ? t('shell.closeNav') : t('shell.openNav')}
            />
            {logo ? <Box component="img" src={logo} alt="" h={32} w="auto" visibleFrom="sm" /> : null}
            <Text fw={700} c="var(--ps-color-title)" truncate>
              {title}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap" ref={headerControls}>
            {user.data?.company_id != null ? <GlobalSearch companyId={user.data.company_id} permissions={user.data.permissions} /> : null}
            {user.data ? (
              <Button
                component={Link}
                to={accountHref}
                variant="subtle"
                color="gray.8"
                h="auto"
                py={4}
                px="xs"
                visibleFrom="md"
                leftSection={<IconUser size={18} />}
                data-testid="current-user"
                aria-current={pathname === accountHref ? 'page' : undefined}
              >
                <Stack gap={0} align="flex-start" maw={200}>
                  <Text size="sm" fw={600} truncate maw="100%" c="var(--ps-color-title)">
                    {user.data.name}
                  </Text>
                  <Text size="xs" c="dimmed" fw={400}>
                    {t('account.menu')}
                  </Text>
                </Stack>
              </Button>
            ) : null}
            <Box visibleFrom="md">
              <LanguageSelect size="xs" />
            </Box>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconLogout size={16} />}
              onClick={() => void signOut()}
              loading={busy}
              visibleFrom="xs"
            >
              {t('shell.signOut')}
            </Button>
            <ActionIcon
              variant="default"
              size="lg"
              hiddenFrom="xs"
              aria-label={t('shell.signOut')}
              onClick={() => void signOut()}
              loading={busy}
            >
              <IconLogout size={18} />
            </ActionIcon>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label={t('shell.navigation')}>
        <AppShell.Section grow>
          <Navigation items={navItems} userId={user.data?.id} pathname={pathname} isActive={isActive} onNavigate={close} />
        </AppShell.Section>
        <AppShell.Section hiddenFrom="md" pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          <Stack gap="xs">
            {user.data ? (
              <NavLink
                component={Link}
                to={accountHref}
                label={t('account.menu')}
                description={user.data.name}
                leftSection={<IconUser size={20} aria-hidden />}
                active={pathname === accountHref}
                onClick={close}
                fw={600}
              />
            ) : null}
            <LanguageSelect size="xs" />
          </Stack>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main id="main-content" tabIndex={-1} style={{ outline: 'none' }}>
        {user.isError ? (
          <RouteErrorScreen error={user.error} />
        ) : !user.data ? (
          <LoadingScreen />
        ) : children ? (
          children
        ) : mayOpenCurrent ? (
          <Outlet />
        ) : (
          <NoAccessPanel firstScreen={permitted[0]} accountHref={accountHref} />
        )}
      </AppShell.Main>
    </AppShell>
  );
}

/** The screen at this address is not one the user's role may open. */
function NoAccessPanel({ firstScreen, accountHref }: { firstScreen: NavItem | undefined; accountHref: string }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="sm" maw={480} mx="auto" mt="xl" role="alert" data-testid="no-access">
      <Text fw={700} c="var(--ps-color-title)" size="lg" ta="center">
        {t('shell.noAccess.title')}
      </Text>
      <Text ta="center">{firstScreen ? t('shell.noAccess.body') : t('shell.noAccess.noScreens')}</Text>
      {firstScreen ? (
        <Button component={Link} to={firstScreen.href}>
          {firstScreen.label}
        </Button>
      ) : (
        <Button component={Link} to={accountHref} variant="default" leftSection={<IconUser size={20} aria-hidden />}>
          {t('account.menu')}
        </Button>
      )}
    </Stack>
  );
}
