import type { LoginStepData } from '@ps/contracts';
import { createRootRoute, createRoute, createRouter, lazyRouteComponent, Navigate, Outlet, redirect } from '@tanstack/react-router';
import { validateAirportSearch, validateCoreAirportSearch } from '../features/airports/search';
import { AuthLayout } from '../features/auth/AuthLayout';
import { ChangePasswordPage } from '../features/auth/ChangePasswordPage';
import { LoginPage } from '../features/auth/LoginPage';
import { NotFoundPage } from '../features/auth/NotFoundPage';
import { VerifyPage } from '../features/auth/VerifyPage';
import { validateCompanySearch } from '../features/companies/search';
import { registerNavigator } from '../lib/api';
import { getCompanyId, homePath, isSignedIn } from '../lib/session';
import { NotFoundPanel } from './components/NotFoundPanel';
import { LoadingScreen, RouteErrorScreen } from './components/RouteStates';
import { loadAccount, loadAirports, loadCompanies, loadQuote, loadShell } from './lazy';

/**
 * One router for every bundle. The sign-in screens are part of the first bundle; after sign-in the shell and
 * each feature come from their own lazy chunk (spec 2: "Loading..." meanwhile), see `lazy.ts`.
 */

const shell = <K extends keyof Awaited<ReturnType<typeof loadShell>>>(name: K) => lazyRouteComponent(loadShell, name);
const airports = <K extends keyof Awaited<ReturnType<typeof loadAirports>>>(name: K) => lazyRouteComponent(loadAirports, name);
const companies = <K extends keyof Awaited<ReturnType<typeof loadCompanies>>>(name: K) => lazyRouteComponent(loadCompanies, name);
const quote = <K extends keyof Awaited<ReturnType<typeof loadQuote>>>(name: K) => lazyRouteComponent(loadQuote, name);
const account = <K extends keyof Awaited<ReturnType<typeof loadAccount>>>(name: K) => lazyRouteComponent(loadAccount, name);

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
  validateSearch: validateCoreAirportSearch,
  component: airports('CoreAirportsPage'),
});

const companiesRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/companies',
  validateSearch: validateCompanySearch,
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
const airportsRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/airports',
  validateSearch: validateAirportSearch,
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
const quoteRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/quote',
  // The page reads its own search (features/quote/search.ts) in its lazy chunk: nothing of it in the sign-in bundle.
  component: quote('QuotePage'),
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
  ]),
  companyRoute.addChildren([companyIndexRoute, companyAccountRoute, airportsRoute, airportNewRoute, airportEditRoute, quoteRoute]),
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
