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
import { companyAccess, openAccess, orgAccess } from './routeAccess';

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

const rootRoute = createRootRoute({ component: Outlet, staticData: openAccess });

const indexRoute = createRoute({
  staticData: openAccess,
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ href: isSignedIn() ? homePath() : '/auth/login', replace: true });
  },
});

const notFoundRoute = createRoute({ staticData: openAccess, getParentRoute: () => rootRoute, path: '/notfound', component: NotFoundRoute });

// ---- before sign-in: the login shell -------------------------------------------------------------------

const authRoute = createRoute({
  staticData: openAccess,
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

const authIndexRoute = createRoute({ staticData: openAccess, getParentRoute: () => authRoute, path: '/', beforeLoad: toLogin });
const loginRoute = createRoute({
  staticData: openAccess,
  getParentRoute: () => authRoute,
  path: '/login',
  component: () => <LoginPage variant="company" />,
});
const adminLoginRoute = createRoute({
  staticData: openAccess,
  getParentRoute: () => authRoute,
  path: '/admin/login',
  component: () => <LoginPage variant="organisation" />,
});
const verifyRoute = createRoute({ staticData: openAccess, getParentRoute: () => authRoute, path: '/verify', component: VerifyPage });
const changePasswordRoute = createRoute({
  staticData: openAccess,
  getParentRoute: () => authRoute,
  path: '/change-password',
  component: ChangePasswordPage,
});
const authCatchAllRoute = createRoute({ staticData: openAccess, getParentRoute: () => authRoute, path: '$', beforeLoad: toLogin });

// ---- after sign-in: the organisation's super admin ---------------------------------------------------

const requireSignIn = () => {
  if (!isSignedIn()) throw redirect({ to: '/auth/login', replace: true });
};

const orgRoute = createRoute({
  staticData: openAccess,
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
  staticData: orgAccess('/'),
  getParentRoute: () => orgRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/org/core-airports', replace: true });
  },
});
const orgAccountRoute = createRoute({
  staticData: orgAccess('/account'),
  getParentRoute: () => orgRoute,
  path: '/account',
  component: account('AccountPage'),
});
const coreAirportsRoute = createRoute({
  staticData: orgAccess('/core-airports'),
  getParentRoute: () => orgRoute,
  path: '/core-airports',
  component: airports('CoreAirportsPage'),
});

const companiesRoute = createRoute({
  staticData: orgAccess('/companies'),
  getParentRoute: () => orgRoute,
  path: '/companies',
  component: companies('CompaniesListPage'),
});
const companyNewRoute = createRoute({
  staticData: orgAccess('/companies/new'),
  getParentRoute: () => orgRoute,
  path: '/companies/new',
  component: companies('CompanyCreatePage'),
});
const companyEditRoute = createRoute({
  staticData: orgAccess('/companies/$companyId/edit'),
  getParentRoute: () => orgRoute,
  path: '/companies/$companyId/edit',
  component: companies('CompanyEditPage'),
});

const coreAirportNewRoute = createRoute({
  staticData: orgAccess('/core-airports/new'),
  getParentRoute: () => orgRoute,
  path: '/core-airports/new',
  component: airports('CoreAirportCreatePage'),
});
const coreAirportEditRoute = createRoute({
  staticData: orgAccess('/core-airports/$airportId/edit'),
  getParentRoute: () => orgRoute,
  path: '/core-airports/$airportId/edit',
  component: airports('CoreAirportEditPage'),
});

const coreLocationsRoute = createRoute({
  staticData: orgAccess('/core-locations'),
  getParentRoute: () => orgRoute,
  path: '/core-locations',
  component: locations('CoreLocationsPage'),
});
const coreLocationNewRoute = createRoute({
  staticData: orgAccess('/core-locations/new'),
  getParentRoute: () => orgRoute,
  path: '/core-locations/new',
  component: locations('CoreLocationCreatePage'),
});
const coreLocationEditRoute = createRoute({
  staticData: orgAccess('/core-locations/$locationId/edit'),
  getParentRoute: () => orgRoute,
  path: '/core-locations/$locationId/edit',
  component: locations('CoreLocationEditPage'),
});
const coreAgenciesRoute = createRoute({
  staticData: orgAccess('/core-agencies'),
  getParentRoute: () => orgRoute,
  path: '/core-agencies',
  component: agencies('CoreAgenciesPage'),
});
const coreAgencyNewRoute = createRoute({
  staticData: orgAccess('/core-agencies/new'),
  getParentRoute: () => orgRoute,
  path: '/core-agencies/new',
  component: agencies('CoreAgencyCreatePage'),
});
const coreAgencyEditRoute = createRoute({
  staticData: orgAccess('/core-agencies/$agencyId/edit'),
  getParentRoute: () => orgRoute,
  path: '/core-agencies/$agencyId/edit',
  component: agencies('CoreAgencyEditPage'),
});
const orgCountriesRoute = createRoute({
  staticData: orgAccess('/countries'),
  getParentRoute: () => orgRoute,
  path: '/countries',
  component: countries('OrgCountriesPage'),
});

// ---- after sign-in: a company's back-office at /{company_id} ------------------------------------------

const companyRoute = createRoute({
  staticData: openAccess,
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
const companyIndexRoute = createRoute({
  staticData: companyAccess('/'),
  getParentRoute: () => companyRoute,
  path: '/',
  component: shell('CompanyHome'),
});
const companyAccountRoute = createRoute({
  staticData: companyAccess('/account'),
  getParentRoute: () => companyRoute,
  path: '/account',
  component: account('AccountPage'),
});
const peopleRoute = createRoute({
  staticData: companyAccess('/people'),
  getParentRoute: () => companyRoute,
  path: '/people',
  component: people('PeoplePage'),
});
const rolesRoute = createRoute({
  staticData: companyAccess('/roles'),
  getParentRoute: () => companyRoute,
  path: '/roles',
  component: roles('RolesPage'),
});
const roleNewRoute = createRoute({
  staticData: companyAccess('/roles/new'),
  getParentRoute: () => companyRoute,
  path: '/roles/new',
  component: roles('RoleCreatePage'),
});
const roleRoute = createRoute({
  staticData: companyAccess('/roles/$roleId'),
  getParentRoute: () => companyRoute,
  path: '/roles/$roleId',
  component: roles('RoleEditPage'),
});
const companySettingsRoute = createRoute({
  staticData: companyAccess('/settings'),
  getParentRoute: () => companyRoute,
  path: '/settings',
  component: settings('CompanySettingsPage'),
});
const airportsRoute = createRoute({
  staticData: companyAccess('/airports'),
  getParentRoute: () => companyRoute,
  path: '/airports',
  component: airports('AirportsListPage'),
});
const airportNewRoute = createRoute({
  staticData: companyAccess('/airports/new'),
  getParentRoute: () => companyRoute,
  path: '/airports/new',
  component: airports('AirportCreatePage'),
});
const airportEditRoute = createRoute({
  staticData: companyAccess('/airports/$airportId/edit'),
  getParentRoute: () => companyRoute,
  path: '/airports/$airportId/edit',
  component: airports('AirportEditPage'),
});
const dashboardRoute = createRoute({
  staticData: companyAccess('/dashboard'),
  getParentRoute: () => companyRoute,
  path: '/dashboard',
  component: dashboard('DashboardPage'),
});
const outboxRoute = createRoute({
  staticData: companyAccess('/outbox'),
  getParentRoute: () => companyRoute,
  path: '/outbox',
  component: outbox('OutboxPage'),
});
const auditRoute = createRoute({
  staticData: companyAccess('/audit'),
  getParentRoute: () => companyRoute,
  path: '/audit',
  component: audit('AuditPage'),
});
const quoteRoute = createRoute({
  staticData: companyAccess('/quote'),
  getParentRoute: () => companyRoute,
  path: '/quote',
  component: quote('QuotePage'),
});

const bookingsRoute = createRoute({
  staticData: companyAccess('/bookings'),
  getParentRoute: () => companyRoute,
  path: '/bookings',
  component: bookings('BookingsListPage'),
});
const bookingNewRoute = createRoute({
  staticData: companyAccess('/bookings/new'),
  getParentRoute: () => companyRoute,
  path: '/bookings/new',
  component: bookings('BookingCreatePage'),
});
const bookingRoute = createRoute({
  staticData: companyAccess('/bookings/$bookingId'),
  getParentRoute: () => companyRoute,
  path: '/bookings/$bookingId',
  component: bookings('BookingPage'),
});
const driversRoute = createRoute({
  staticData: companyAccess('/drivers'),
  getParentRoute: () => companyRoute,
  path: '/drivers',
  component: drivers('DriversListPage'),
});
const driverNewRoute = createRoute({
  staticData: companyAccess('/drivers/new'),
  getParentRoute: () => companyRoute,
  path: '/drivers/new',
  component: drivers('DriverAddPage'),
});
const driverRoute = createRoute({
  staticData: companyAccess('/drivers/$driverId'),
  getParentRoute: () => companyRoute,
  path: '/drivers/$driverId',
  component: drivers('DriverPage'),
});
// The dispatch screen reads its own search (features/dispatch/search.ts) in its lazy chunk, like the bookings.
const dispatchRoute = createRoute({
  staticData: companyAccess('/dispatch'),
  getParentRoute: () => companyRoute,
  path: '/dispatch',
  component: dispatch('DispatchPage'),
});
const partnerTripsRoute = createRoute({
  staticData: companyAccess('/partner-trips'),
  getParentRoute: () => companyRoute,
  path: '/partner-trips',
  component: dispatch('PartnerTripsPage'),
});
const bookingEditRoute = createRoute({
  staticData: companyAccess('/bookings/$bookingId/edit'),
  getParentRoute: () => companyRoute,
  path: '/bookings/$bookingId/edit',
  component: bookings('BookingEditPage'),
});
// Park and ride: its list and form are the bookings feature's (same chunk); its bookings open on the booking page.
const parkRideRoute = createRoute({
  staticData: companyAccess('/park-ride'),
  getParentRoute: () => companyRoute,
  path: '/park-ride',
  component: bookings('ParkRideListPage'),
});
const parkRideNewRoute = createRoute({
  staticData: companyAccess('/park-ride/new'),
  getParentRoute: () => companyRoute,
  path: '/park-ride/new',
  component: bookings('ParkRideCreatePage'),
});

const locationsRoute = createRoute({
  staticData: companyAccess('/locations'),
  getParentRoute: () => companyRoute,
  path: '/locations',
  component: locations('LocationsListPage'),
});
const locationNewRoute = createRoute({
  staticData: companyAccess('/locations/new'),
  getParentRoute: () => companyRoute,
  path: '/locations/new',
  component: locations('LocationCreatePage'),
});
const locationEditRoute = createRoute({
  staticData: companyAccess('/locations/$locationId/edit'),
  getParentRoute: () => companyRoute,
  path: '/locations/$locationId/edit',
  component: locations('LocationEditPage'),
});
const yardsRoute = createRoute({
  staticData: companyAccess('/yards'),
  getParentRoute: () => companyRoute,
  path: '/yards',
  component: yards('YardsListPage'),
});
const yardNewRoute = createRoute({
  staticData: companyAccess('/yards/new'),
  getParentRoute: () => companyRoute,
  path: '/yards/new',
  component: yards('YardCreatePage'),
});
const yardEditRoute = createRoute({
  staticData: companyAccess('/yards/$yardId/edit'),
  getParentRoute: () => companyRoute,
  path: '/yards/$yardId/edit',
  component: yards('YardEditPage'),
});
const documentTypesRoute = createRoute({
  staticData: companyAccess('/document-types'),
  getParentRoute: () => companyRoute,
  path: '/document-types',
  component: documentTypes('DocumentTypesListPage'),
});
const documentTypeNewRoute = createRoute({
  staticData: companyAccess('/document-types/new'),
  getParentRoute: () => companyRoute,
  path: '/document-types/new',
  component: documentTypes('DocumentTypeCreatePage'),
});
const documentTypeEditRoute = createRoute({
  staticData: companyAccess('/document-types/$documentTypeId/edit'),
  getParentRoute: () => companyRoute,
  path: '/document-types/$documentTypeId/edit',
  component: documentTypes('DocumentTypeEditPage'),
});
const companyCountriesRoute = createRoute({
  staticData: companyAccess('/countries'),
  getParentRoute: () => companyRoute,
  path: '/countries',
  component: countries('CompanyCountriesPage'),
});
const bandsRoute = createRoute({
  staticData: companyAccess('/bands'),
  getParentRoute: () => companyRoute,
  path: '/bands',
  component: bands('BandsListPage'),
});
const bandsNewRoute = createRoute({
  staticData: companyAccess('/bands/new'),
  getParentRoute: () => companyRoute,
  path: '/bands/new',
  component: bands('BandCreatePage'),
});
const bandsEditRoute = createRoute({
  staticData: companyAccess('/bands/$bandId/edit'),
  getParentRoute: () => companyRoute,
  path: '/bands/$bandId/edit',
  component: bands('BandEditPage'),
});
const packagesRoute = createRoute({
  staticData: companyAccess('/packages'),
  getParentRoute: () => companyRoute,
  path: '/packages',
  component: packages('PackagesListPage'),
});
const packagesNewRoute = createRoute({
  staticData: companyAccess('/packages/new'),
  getParentRoute: () => companyRoute,
  path: '/packages/new',
  component: packages('PackageCreatePage'),
});
const packagesEditRoute = createRoute({
  staticData: companyAccess('/packages/$packageId/edit'),
  getParentRoute: () => companyRoute,
  path: '/packages/$packageId/edit',
  component: packages('PackageEditPage'),
});
const servicesRoute = createRoute({
  staticData: companyAccess('/additional-services'),
  getParentRoute: () => companyRoute,
  path: '/additional-services',
  component: services('AdditionalServicesListPage'),
});
const servicesNewRoute = createRoute({
  staticData: companyAccess('/additional-services/new'),
  getParentRoute: () => companyRoute,
  path: '/additional-services/new',
  component: services('AdditionalServiceCreatePage'),
});
const servicesEditRoute = createRoute({
  staticData: companyAccess('/additional-services/$serviceId/edit'),
  getParentRoute: () => companyRoute,
  path: '/additional-services/$serviceId/edit',
  component: services('AdditionalServiceEditPage'),
});
const vouchersRoute = createRoute({
  staticData: companyAccess('/vouchers'),
  getParentRoute: () => companyRoute,
  path: '/vouchers',
  component: vouchers('VouchersListPage'),
});
const vouchersNewRoute = createRoute({
  staticData: companyAccess('/vouchers/new'),
  getParentRoute: () => companyRoute,
  path: '/vouchers/new',
  component: vouchers('VoucherCreatePage'),
});
const vouchersEditRoute = createRoute({
  staticData: companyAccess('/vouchers/$voucherId/edit'),
  getParentRoute: () => companyRoute,
  path: '/vouchers/$voucherId/edit',
  component: vouchers('VoucherEditPage'),
});
const agenciesRoute = createRoute({
  staticData: companyAccess('/agencies'),
  getParentRoute: () => companyRoute,
  path: '/agencies',
  component: agencies('AgenciesListPage'),
});
const agencyNewRoute = createRoute({
  staticData: companyAccess('/agencies/new'),
  getParentRoute: () => companyRoute,
  path: '/agencies/new',
  component: agencies('AgencyCreatePage'),
});
const agencyEditRoute = createRoute({
  staticData: companyAccess('/agencies/$agencyId/edit'),
  getParentRoute: () => companyRoute,
  path: '/agencies/$agencyId/edit',
  component: agencies('AgencyEditPage'),
});
const agencyStatementRoute = createRoute({
  staticData: companyAccess('/agencies/$agencyId/statement'),
  getParentRoute: () => companyRoute,
  path: '/agencies/$agencyId/statement',
  component: agencies('AgencyStatementPage'),
});
const blogRoute = createRoute({
  staticData: companyAccess('/blog'),
  getParentRoute: () => companyRoute,
  path: '/blog',
  component: blog('BlogListPage'),
});
const blogNewRoute = createRoute({
  staticData: companyAccess('/blog/new'),
  getParentRoute: () => companyRoute,
  path: '/blog/new',
  component: blog('BlogCreatePage'),
});
const blogEditRoute = createRoute({
  staticData: companyAccess('/blog/$postId/edit'),
  getParentRoute: () => companyRoute,
  path: '/blog/$postId/edit',
  component: blog('BlogEditPage'),
});
const blogPreviewRoute = createRoute({
  staticData: companyAccess('/blog/$postId/preview'),
  getParentRoute: () => companyRoute,
  path: '/blog/$postId/preview',
  component: blog('BlogPreviewPage'),
});
const priceGridRoute = createRoute({
  staticData: companyAccess('/prices'),
  getParentRoute: () => companyRoute,
  path: '/prices',
  component: prices('PriceGridPage'),
});
const locationPricesRoute = createRoute({
  staticData: companyAccess('/location-prices'),
  getParentRoute: () => companyRoute,
  path: '/location-prices',
  component: prices('LocationPricesListPage'),
});
const locationPriceNewRoute = createRoute({
  staticData: companyAccess('/location-prices/new'),
  getParentRoute: () => companyRoute,
  path: '/location-prices/new',
  component: prices('LocationPriceCreatePage'),
});
const locationPriceEditRoute = createRoute({
  staticData: companyAccess('/location-prices/$priceId/edit'),
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
