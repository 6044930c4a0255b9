// Mantine's styles for every component, in the `mantine` CSS layer: the sign-in page loads only the few it
// uses (main.tsx); the signed-in app, which always renders inside these layouts, gets the rest here.
import '@mantine/core/styles.layer.css';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  IconArticle,
  IconBriefcase,
  IconBuilding,
  IconBuildingCommunity,
  IconBuildingWarehouse,
  IconBus,
  IconCalculator,
  IconCalendarDollar,
  IconCalendarTime,
  IconCar,
  IconFileCertificate,
  IconHistory,
  IconHome,
  IconLayoutDashboard,
  IconMail,
  IconMapPin,
  IconMapPins,
  IconPackage,
  IconPlane,
  IconRoute,
  IconSettings,
  IconShieldLock,
  IconSparkles,
  IconSteeringWheel,
  IconTable,
  IconTicket,
  IconUsers,
  IconWorld,
} from '../../components/icons';
import { getCompanyId } from '../../lib/session';
import { NotFoundPanel } from '../components/NotFoundPanel';
import { queryClient } from '../queryClient';
import { AppFrame } from './AppFrame';
import { messagesLoaded } from './messages';

// The frame and every screen inside it render only once the shell's messages are in.
await messagesLoaded;

export { CompanyHome } from './CompanyHome';

/**
 * A company's back-office at `/{company_id}` (the route checked that the path's company is the stored one).
 * Only screens that exist are in the navigation; "Home" is offered to a user no other screen is for.
 */
export function CompanyLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const companyId = getCompanyId();
  return (
    <QueryClientProvider client={queryClient}>
      <AppFrame
        fallbackTitle={t('app.name')}
        accountHref={`/${companyId}/account`}
        homeItem={{ href: `/${companyId}`, label: t('nav.home'), icon: <IconHome size={20} aria-hidden />, permission: 'session' }}
        nav={[
          {
            href: `/${companyId}/dashboard`,
            label: t('nav.dashboard'),
            icon: <IconLayoutDashboard size={20} aria-hidden />,
            permission: 'statistics.view',
          },
          {
            href: `/${companyId}/bookings`,
            label: t('nav.bookings'),
            icon: <IconCar size={20} aria-hidden />,
            permission: 'bookings.view',
          },
          {
            href: `/${companyId}/park-ride`,
            label: t('nav.parkRide'),
            icon: <IconBus size={20} aria-hidden />,
            permission: 'bookings.view',
          },
          {
            href: `/${companyId}/agencies`,
            label: t('agencies.title'),
            icon: <IconBriefcase size={20} aria-hidden />,
            permission: 'agencies.view',
          },
          {
            href: `/${companyId}/drivers`,
            label: t('nav.drivers'),
            icon: <IconSteeringWheel size={20} aria-hidden />,
            permission: 'drivers.view',
          },
          {
            href: `/${companyId}/dispatch`,
            label: t('nav.dispatch'),
            icon: <IconRoute size={20} aria-hidden />,
            permission: 'trips.view',
          },
          {
            href: `/${companyId}/partner-trips`,
            label: t('nav.partnerTrips'),
            icon: <IconBuildingCommunity size={20} aria-hidden />,
            permission: 'partner_trips.view',
          },
          {
            href: `/${companyId}/airports`,
            label: t('nav.airports'),
            icon: <IconPlane size={20} aria-hidden />,
            permission: 'airports.view',
          },
          {
            href: `/${companyId}/locations`,
            label: t('locations.title'),
            icon: <IconMapPin size={20} aria-hidden />,
            permission: 'locations.view',
          },
          {
            href: `/${companyId}/yards`,
            label: t('yards.title'),
            icon: <IconBuildingWarehouse size={20} aria-hidden />,
            permission: 'yards.view',
          },
          {
            href: `/${companyId}/document-types`,
            label: t('documentTypes.title'),
            icon: <IconFileCertificate size={20} aria-hidden />,
            permission: 'document_types.view',
          },
          {
            href: `/${companyId}/countries`,
            label: t('countries.title'),
            icon: <IconWorld size={20} aria-hidden />,
            // Drivers may read countries (phone numbers) but have no back-office screens: the screen is for
            // those who keep the company's places.
            permission: 'airports.view',
          },
          {
            href: `/${companyId}/bands`,
            label: t('bands.title'),
            icon: <IconCalendarTime size={20} aria-hidden />,
            permission: 'bands.view',
          },
          {
            href: `/${companyId}/packages`,
            label: t('packages.title'),
            icon: <IconPackage size={20} aria-hidden />,
            permission: 'packages.view',
          },
          {
            href: `/${companyId}/additional-services`,
            label: t('services.title'),
            icon: <IconSparkles size={20} aria-hidden />,
            permission: 'additional_services.view',
          },
          {
            href: `/${companyId}/vouchers`,
            label: t('vouchers.title'),
            icon: <IconTicket size={20} aria-hidden />,
            permission: 'vouchers.view',
          },
          {
            href: `/${companyId}/prices`,
            label: t('nav.priceGrid'),
            icon: <IconCalendarDollar size={20} aria-hidden />,
            permission: 'location_prices.view',
          },
          {
            href: `/${companyId}/location-prices`,
            label: t('nav.locationPrices'),
            icon: <IconTable size={20} aria-hidden />,
            permission: 'location_prices.view',
          },
          {
            href: `/${companyId}/quote`,
            label: t('nav.quote'),
            icon: <IconCalculator size={20} aria-hidden />,
            permission: 'location_prices.view',
          },
          {
            href: `/${companyId}/blog`,
            label: t('nav.blog'),
            icon: <IconArticle size={20} aria-hidden />,
            permission: 'blog.view',
          },
          {
            href: `/${companyId}/outbox`,
            label: t('nav.outbox'),
            icon: <IconMail size={20} aria-hidden />,
            permission: 'mail.view',
          },
          {
            href: `/${companyId}/people`,
            label: t('nav.people'),
            icon: <IconUsers size={20} aria-hidden />,
            permission: 'users.view',
          },
          {
            href: `/${companyId}/roles`,
            label: t('nav.roles'),
            icon: <IconShieldLock size={20} aria-hidden />,
            permission: 'roles.view',
          },
          {
            href: `/${companyId}/audit`,
            label: t('nav.audit'),
            icon: <IconHistory size={20} aria-hidden />,
            permission: 'audit.view',
          },
          {
            href: `/${companyId}/settings`,
            label: t('nav.settings'),
            icon: <IconSettings size={20} aria-hidden />,
            permission: 'web_config.update',
          },
        ]}
      >
        {children}
      </AppFrame>
    </QueryClientProvider>
  );
}

/** The organisation's super admin at `/org`: the organisation-wide master lists. */
export function OrgLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <QueryClientProvider client={queryClient}>
      <AppFrame
        fallbackTitle={t('org.title')}
        accountHref="/org/account"
        nav={[
          {
            href: '/org/companies',
            label: t('nav.companies'),
            icon: <IconBuilding size={20} aria-hidden />,
            permission: 'companies.view',
          },
          {
            href: '/org/core-airports',
            label: t('nav.coreAirports'),
            icon: <IconPlane size={20} aria-hidden />,
            permission: 'core_airports.view',
          },
          {
            href: '/org/core-locations',
            label: t('coreLocations.title'),
            icon: <IconMapPins size={20} aria-hidden />,
            permission: 'core_locations.view',
          },
          {
            href: '/org/core-agencies',
            label: t('coreAgencies.title'),
            icon: <IconBriefcase size={20} aria-hidden />,
            permission: 'core_agencies.view',
          },
          {
            href: '/org/countries',
            label: t('countries.title'),
            icon: <IconWorld size={20} aria-hidden />,
            permission: 'countries.view',
          },
        ]}
      >
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
