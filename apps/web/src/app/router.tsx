import type { LoginStepData } from '@ps/contracts';
import { createRootRoute, createRoute, createRouter, lazyRouteComponent, Navigate, Outlet, redirect } from '@tanstack/react-router';
import { AuthLayout } from '../features/auth/AuthLayout';
import { ChangePasswordPage } from '../features/auth/ChangePasswordPage';
import { LoginPage } from '../features/auth/LoginPage';
import { NotFoundPage } from '../features/auth/NotFoundPage';
import { VerifyPage } from '../features/auth/VerifyPage';
import { registerNavigator } from '../lib/api';
import { getCompanyId, homePath, isSignedIn } from '../lib/session';
import { NotFoundPanel } from './components/NotFoundPanel';
import { LoadingScreen, RouteErrorScreen } from './components/RouteStates';
import {
  loadAccount,
  loadAdditionalServices,
  loadAgencies,
  loadAirports,
  loadAudit,
  loadBands,
  loadBlog,
  loadBookings,
  loadCompanies,
  loadCountries,
  loadDashboard,
  loadDispatch,
  loadDocumentTypes,
  loadDrivers,
  loadLocations,
  loadOutbox,
  loadPackages,
  loadPeople,
  loadPrices,
  loadQuote,
  loadRoles,
  loadSettings,
  loadShell,
  loadVouchers,
  loadYards,
} from './lazy';

/**
 * One router for every bundle. The sign-in screens are part of the first bundle; after sign-in the shell and
 * each feature come from their own lazy chunk (spec 2: "Loading..." meanwhile), see `lazy.ts`. No route has a
 * `validateSearch`: each page parses its own URL in its chunk (`features/<feature>/search.ts`, through
 * lib/listPage.ts `usePageSearch` for the lists), so no parser weighs on the sign-in page.
 */

/** A lazy chunk's route components by export name: the chunk loads when a route first shows one. */
const componentsOf =
  <M extends Record<string, unknown>>(load: () => Promise<M>) =>
  <K extends keyof M>(name: K) =>
    lazyRouteComponent(load, name);

const shell = componentsOf(loadShell);
const airports = componentsOf(loadAirports);
const bands = componentsOf(loadBands);
const packages = componentsOf(loadPackages);
const services = componentsOf(loadAdditionalServices);
const vouchers = componentsOf(loadVouchers);
const agencies = componentsOf(loadAgencies);
const blog = componentsOf(loadBlog);
const companies = componentsOf(loadCompanies);
const prices = componentsOf(loadPrices);
const dashboard = componentsOf(loadDashboard);
const outbox = componentsOf(loadOutbox);
const audit = componentsOf(loadAudit);
const quote = componentsOf(loadQuote);
const account = componentsOf(loadAccount);
const settings = componentsOf(loadSettings);
const people = componentsOf(loadPeople);
const roles = componentsOf(loadRoles);
const locations = componentsOf(loadLocations);
const yards = componentsOf(loadYards);
const documentTypes = componentsOf(loadDocumentTypes);
const bookings = componentsOf(loadBookings);
const drivers = componentsOf(loadDrivers);
const dispatch = componentsOf(loadDispatch);
const countries = componentsOf(loadCountries);

/** Unknown paths: the sign-in page before sign-in (spec 2), the not-found page (inside the app) after. */
function UnknownPath() {
  return <Navigate to={isSignedIn() ? '/notfound' : '/auth/login'} replace />;
}

const SignedInNotFound = shell('SignedInNotFound');

/** `/notfound`: the plain page before sign-in (spec 2), inside the app shell after. */
function NotFoundRoute() {
  return isSignedIn() ? <SignedInNotFound /> : <NotFoundPage />;
}

const rootRoute = createRootRoute({ component: Outlet });

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ href: isSignedIn() ? homePath() : '/auth/login', replace: true });
  },
});

const notFoundRoute = createRoute({ getParentRoute: () => rootRoute, path: '/notfound', component: NotFoundRoute });

// ---- before sign-in: the login shell -------------------------------------------------------------------

const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth',
  component: AuthLayout,
  beforeLoad: () => {
    if (isSignedIn()) throw redirect({ href: homePath(), replace: true });
  },
});

const toLogin = () => {
  throw redirect({ to: '/auth/login', replace: true });
};

const authIndexRoute = createRoute({ getParentRoute: () => authRoute, path: '/', beforeLoad: toLogin });
const loginRoute = createRoute({
  getParentRoute: () => authRoute,
  path: '/login',
  component: () => <LoginPage variant="company" />,
});
const adminLoginRoute = createRoute({
  getParentRoute: () => authRoute,
  path: '/admin/login',
  component: () => <LoginPage variant="organisation" />,
});
const verifyRoute = createRoute({ getParentRoute: () => authRoute, path: '/verify', component: VerifyPage });
const changePasswordRoute = createRoute({
  getParentRoute: () => authRoute,
  path: '/change-password',
  component: ChangePasswordPage,
});
const authCatchAllRoute = createRoute({ getParentRoute: () => authRoute, path: '$', beforeLoad: toLogin });

// ---- after sign-in: the organisation's super admin ---------------------------------------------------

const requireSignIn = () => {
  if (!isSignedIn()) throw redirect({ to: '/auth/login', replace: true });
};

const orgRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/org',
  beforeLoad: () => {
    requireSignIn();
    if (getCompanyId() !== null) throw redirect({ href: homePath(), replace: true });
  },
  component: shell('OrgLayout'),
  // An unknown path under /org shows the not-found page inside the shell.
  notFoundComponent: NotFoundPanel,
});
const orgIndexRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/org/core-airports', replace: true });
  },
});
const orgAccountRoute = createRoute({ getParentRoute: () => orgRoute, path: '/account', component: account('AccountPage') });
const coreAirportsRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/core-airports',
  component: airports('CoreAirportsPage'),
});

const companiesRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/companies',
  component: companies('CompaniesListPage'),
});
const companyNewRoute = createRoute({ getParentRoute: () => orgRoute, path: '/companies/new', component: companies('CompanyCreatePage') });
const companyEditRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/companies/$companyId/edit',
  component: companies('CompanyEditPage'),
});

const coreAirportNewRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/core-airports/new',
  component: airports('CoreAirportCreatePage'),
});
const coreAirportEditRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/core-airports/$airportId/edit',
  component: airports('CoreAirportEditPage'),
});

const coreLocationsRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/core-locations',
  component: locations('CoreLocationsPage'),
});
const coreLocationNewRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/core-locations/new',
  component: locations('CoreLocationCreatePage'),
});
const coreLocationEditRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/core-locations/$locationId/edit',
  component: locations('CoreLocationEditPage'),
});
const coreAgenciesRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/core-agencies',
  component: agencies('CoreAgenciesPage'),
});
const coreAgencyNewRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/core-agencies/new',
  component: agencies('CoreAgencyCreatePage'),
});
const coreAgencyEditRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/core-agencies/$agencyId/edit',
  component: agencies('CoreAgencyEditPage'),
});
const orgCountriesRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/countries',
  component: countries('OrgCountriesPage'),
});

// ---- after sign-in: a company's back-office at /{company_id} ------------------------------------------

const companyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$companyId',
  beforeLoad: ({ params }) => {
    requireSignIn();
    const stored = getCompanyId();
    // The super admin belongs to no company: a company path is not theirs either.
    if (stored === null) throw redirect({ to: '/notfound', replace: true });
    // A company-scoped path for another (or no) company is the not-found page (spec 2).
    if (!/^\d+$/.test(params.companyId) || Number(params.companyId) !== stored) {
      throw redirect({ to: '/notfound', replace: true });
    }
  },
  component: shell('CompanyLayout'),
  notFoundComponent: NotFoundPanel,
});
/** Administrators go on to airports; a user with no back-office screen (a driver) is told what they can do. */
const companyIndexRoute = createRoute({ getParentRoute: () => companyRoute, path: '/', component: shell('CompanyHome') });
const companyAccountRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/account',
  component: account('AccountPage'),
});
const peopleRoute = createRoute({ getParentRoute: () => companyRoute, path: '/people', component: people('PeoplePage') });
const rolesRoute = createRoute({ getParentRoute: () => companyRoute, path: '/roles', component: roles('RolesPage') });
const roleNewRoute = createRoute({ getParentRoute: () => companyRoute, path: '/roles/new', component: roles('RoleCreatePage') });
const roleRoute = createRoute({ getParentRoute: () => companyRoute, path: '/roles/$roleId', component: roles('RoleEditPage') });
const companySettingsRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/settings',
  component: settings('CompanySettingsPage'),
});
const airportsRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/airports',
  component: airports('AirportsListPage'),
});
const airportNewRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/airports/new',
  component: airports('AirportCreatePage'),
});
const airportEditRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/airports/$airportId/edit',
  component: airports('AirportEditPage'),
});
const dashboardRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/dashboard',
  component: dashboard('DashboardPage'),
});
const outboxRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/outbox',
  component: outbox('OutboxPage'),
});
const auditRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/audit',
  component: audit('AuditPage'),
});
const quoteRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/quote',
  component: quote('QuotePage'),
});

const bookingsRoute = createRoute({ getParentRoute: () => companyRoute, path: '/bookings', component: bookings('BookingsListPage') });
const bookingNewRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/bookings/new',
  component: bookings('BookingCreatePage'),
});
const bookingRoute = createRoute({ getParentRoute: () => companyRoute, path: '/bookings/$bookingId', component: bookings('BookingPage') });
const driversRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/drivers',
  component: drivers('DriversListPage'),
});
const driverNewRoute = createRoute({ getParentRoute: () => companyRoute, path: '/drivers/new', component: drivers('DriverAddPage') });
const driverRoute = createRoute({ getParentRoute: () => companyRoute, path: '/drivers/$driverId', component: drivers('DriverPage') });
// The dispatch screen reads its own search (features/dispatch/search.ts) in its lazy chunk, like the bookings.
const dispatchRoute = createRoute({ getParentRoute: () => companyRoute, path: '/dispatch', component: dispatch('DispatchPage') });
const partnerTripsRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/partner-trips',
  component: dispatch('PartnerTripsPage'),
});
const bookingEditRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/bookings/$bookingId/edit',
  component: bookings('BookingEditPage'),
});
// Park and ride: its list and form are the bookings feature's (same chunk); its bookings open on the booking page.
const parkRideRoute = createRoute({ getParentRoute: () => companyRoute, path: '/park-ride', component: bookings('ParkRideListPage') });
const parkRideNewRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/park-ride/new',
  component: bookings('ParkRideCreatePage'),
});

const locationsRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/locations',
  component: locations('LocationsListPage'),
});
const locationNewRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/locations/new',
  component: locations('LocationCreatePage'),
});
const locationEditRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/locations/$locationId/edit',
  component: locations('LocationEditPage'),
});
const yardsRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/yards',
  component: yards('YardsListPage'),
});
const yardNewRoute = createRoute({ getParentRoute: () => companyRoute, path: '/yards/new', component: yards('YardCreatePage') });
const yardEditRoute = createRoute({ getParentRoute: () => companyRoute, path: '/yards/$yardId/edit', component: yards('YardEditPage') });
const documentTypesRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/document-types',
  component: documentTypes('DocumentTypesListPage'),
});
const documentTypeNewRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/document-types/new',
  component: documentTypes('DocumentTypeCreatePage'),
});
const documentTypeEditRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/document-types/$documentTypeId/edit',
  component: documentTypes('DocumentTypeEditPage'),
});
const companyCountriesRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/countries',
  component: countries('CompanyCountriesPage'),
});
const bandsRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/bands',
  component: bands('BandsListPage'),
});
const bandsNewRoute = createRoute({ getParentRoute: () => companyRoute, path: '/bands/new', component: bands('BandCreatePage') });
const bandsEditRoute = createRoute({ getParentRoute: () => companyRoute, path: '/bands/$bandId/edit', component: bands('BandEditPage') });
const packagesRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/packages',
  component: packages('PackagesListPage'),
});
const packagesNewRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/packages/new',
  component: packages('PackageCreatePage'),
});
const packagesEditRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/packages/$packageId/edit',
  component: packages('PackageEditPage'),
});
const servicesRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/additional-services',
  component: services('AdditionalServicesListPage'),
});
const servicesNewRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/additional-services/new',
  component: services('AdditionalServiceCreatePage'),
});
const servicesEditRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/additional-services/$serviceId/edit',
  component: services('AdditionalServiceEditPage'),
});
const vouchersRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/vouchers',
  component: vouchers('VouchersListPage'),
});
const vouchersNewRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/vouchers/new',
  component: vouchers('VoucherCreatePage'),
});
const vouchersEditRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/vouchers/$voucherId/edit',
  component: vouchers('VoucherEditPage'),
});
const agenciesRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/agencies',
  component: agencies('AgenciesListPage'),
});
const agencyNewRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/agencies/new',
  component: agencies('AgencyCreatePage'),
});
const agencyEditRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/agencies/$agencyId/edit',
  component: agencies('AgencyEditPage'),
});
const agencyStatementRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/agencies/$agencyId/statement',
  component: agencies('AgencyStatementPage'),
});
const blogRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/blog',
  component: blog('BlogListPage'),
});
const blogNewRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/blog/new',
  component: blog('BlogCreatePage'),
});
const blogEditRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/blog/$postId/edit',
  component: blog('BlogEditPage'),
});
const blogPreviewRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/blog/$postId/preview',
  component: blog('BlogPreviewPage'),
});
const priceGridRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/prices',
  component: prices('PriceGridPage'),
});
const locationPricesRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/location-prices',
  component: prices('LocationPricesListPage'),
});
const locationPriceNewRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/location-prices/new',
  component: prices('LocationPriceCreatePage'),
});
const locationPriceEditRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/location-prices/$priceId/edit',
  component: prices('LocationPriceEditPage'),
});

const routeTree = rootRoute.addChildren([
  indexRoute,
  notFoundRoute,
  authRoute.addChildren([authIndexRoute, loginRoute, adminLoginRoute, verifyRoute, changePasswordRoute, authCatchAllRoute]),
  orgRoute.addChildren([
    orgIndexRoute,
    orgAccountRoute,
    coreAirportsRoute,
    coreAirportNewRoute,
    coreAirportEditRoute,
    companiesRoute,
    companyNewRoute,
    companyEditRoute,
    coreLocationsRoute,
    coreLocationNewRoute,
    coreLocationEditRoute,
    coreAgenciesRoute,
    coreAgencyNewRoute,
    coreAgencyEditRoute,
    orgCountriesRoute,
  ]),
  companyRoute.addChildren([
    companyIndexRoute,
    companyAccountRoute,
    companySettingsRoute,
    peopleRoute,
    rolesRoute,
    roleNewRoute,
    roleRoute,
    airportsRoute,
    airportNewRoute,
    airportEditRoute,
    locationsRoute,
    locationNewRoute,
    locationEditRoute,
    yardsRoute,
    yardNewRoute,
    yardEditRoute,
    documentTypesRoute,
    documentTypeNewRoute,
    documentTypeEditRoute,
    companyCountriesRoute,
    bandsRoute,
    bandsNewRoute,
    bandsEditRoute,
    packagesRoute,
    packagesNewRoute,
    packagesEditRoute,
    servicesRoute,
    servicesNewRoute,
    servicesEditRoute,
    vouchersRoute,
    vouchersNewRoute,
    vouchersEditRoute,
    agenciesRoute,
    agencyNewRoute,
    agencyEditRoute,
    agencyStatementRoute,
    blogRoute,
    blogNewRoute,
    blogEditRoute,
    blogPreviewRoute,
    bookingsRoute,
    bookingNewRoute,
    bookingRoute,
    driversRoute,
    driverNewRoute,
    driverRoute,
    dispatchRoute,
    partnerTripsRoute,
    bookingEditRoute,
    parkRideRoute,
    parkRideNewRoute,
    priceGridRoute,
    locationPricesRoute,
    locationPriceNewRoute,
    locationPriceEditRoute,
    quoteRoute,
    dashboardRoute,
    outboxRoute,
    auditRoute,
  ]),
]);

export const router = createRouter({
  routeTree,
  defaultPendingComponent: LoadingScreen,
  defaultPendingMs: 300,
  defaultErrorComponent: RouteErrorScreen,
  defaultNotFoundComponent: UnknownPath,
  scrollRestoration: true,
});

registerNavigator((path) => {
  void router.navigate({ href: path, replace: true });
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
  interface HistoryState {
    /** Spec 2: a 200 sign-in answer goes to `/auth/{context}` with the answer's data as router state. */
    loginStep?: LoginStepData;
  }
}
