import type { LoginStepData } from '@ps/contracts';
import { createRootRoute, createRoute, createRouter, lazyRouteComponent, Navigate, Outlet, redirect } from '@tanstack/react-router';
import { validateAirportSearch } from '../features/airports/search';
import { AuthLayout } from '../features/auth/AuthLayout';
import { ChangePasswordPage } from '../features/auth/ChangePasswordPage';
import { LoginPage } from '../features/auth/LoginPage';
import { NotFoundPage } from '../features/auth/NotFoundPage';
import { VerifyPage } from '../features/auth/VerifyPage';
import { validateCoreAirportSearch } from '../features/core-airports/search';
import { registerNavigator } from '../lib/api';
import { getCompanyId, homePath, isSignedIn } from '../lib/session';
import { LoadingScreen, RouteErrorScreen } from './components/RouteStates';
import { loadMainApp } from './lazy';

/**
 * One router for both bundles. The sign-in screens are part of the first bundle; every screen after
 * sign-in comes from the lazily loaded main application chunk (spec 2: "Loading..." meanwhile).
 */

const main = <K extends keyof Awaited<ReturnType<typeof loadMainApp>>>(name: K) => lazyRouteComponent(loadMainApp, name);

/** Unknown paths: the sign-in page before sign-in (spec 2), the not-found page after. */
function UnknownPath() {
  return <Navigate to={isSignedIn() ? '/notfound' : '/auth/login'} replace />;
}

const rootRoute = createRootRoute({ component: Outlet });

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ href: isSignedIn() ? homePath() : '/auth/login', replace: true });
  },
});

const notFoundRoute = createRoute({ getParentRoute: () => rootRoute, path: '/notfound', component: NotFoundPage });

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
  component: main('OrgLayout'),
});
const orgIndexRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/org/core-airports', replace: true });
  },
});
const orgAccountRoute = createRoute({ getParentRoute: () => orgRoute, path: '/account', component: main('AccountPage') });
const coreAirportsRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/core-airports',
  validateSearch: validateCoreAirportSearch,
  component: main('CoreAirportsPage'),
});

// ---- after sign-in: a company's back-office at /{company_id} ------------------------------------------

const companyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$companyId',
  beforeLoad: ({ params }) => {
    requireSignIn();
    const stored = getCompanyId();
    if (stored === null) throw redirect({ to: '/org', replace: true });
    // A company-scoped path for another (or no) company is the not-found page (spec 2).
    if (!/^\d+$/.test(params.companyId) || Number(params.companyId) !== stored) {
      throw redirect({ to: '/notfound', replace: true });
    }
  },
  component: main('CompanyLayout'),
});
const companyIndexRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/',
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/$companyId/airports', params, replace: true });
  },
});
const companyAccountRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/account',
  component: main('AccountPage'),
});
const airportsRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/airports',
  validateSearch: validateAirportSearch,
  component: main('AirportsListPage'),
});
const airportNewRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/airports/new',
  component: main('AirportCreatePage'),
});
const airportEditRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/airports/$airportId/edit',
  component: main('AirportEditPage'),
});

const routeTree = rootRoute.addChildren([
  indexRoute,
  notFoundRoute,
  authRoute.addChildren([authIndexRoute, loginRoute, adminLoginRoute, verifyRoute, changePasswordRoute, authCatchAllRoute]),
  orgRoute.addChildren([orgIndexRoute, orgAccountRoute, coreAirportsRoute]),
  companyRoute.addChildren([companyIndexRoute, companyAccountRoute, airportsRoute, airportNewRoute, airportEditRoute]),
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
