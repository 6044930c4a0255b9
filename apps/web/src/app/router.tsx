import type { LoginStepData } from '@ps/contracts';
import { createRootRoute, createRoute, createRouter, lazyRouteComponent, Navigate, Outlet, redirect } from '@tanstack/react-router';
import { AuthLayout } from '../features/auth/AuthLayout';
import { ChangePasswordPage } from '../features/auth/ChangePasswordPage';
import { LoginPage } from '../features/auth/LoginPage';
import { NotFoundPage } from '../features/auth/NotFoundPage';
import { VerifyPage } from '../features/auth/VerifyPage';
import { registerNavigator } from '../lib/api';
import { withTimeout } from '../lib/chunks';
import type { Scope } from '../lib/features';
import { getCompanyId, homePath, isSignedIn } from '../lib/session';
import { NotFoundPanel } from './components/NotFoundPanel';
import { LoadingScreen, RouteErrorScreen } from './components/RouteStates';
import { webFeatures } from './features';
import { loadShell } from './lazy';
import { openAccess, sessionAccess } from './routeAccess';

/**
 * One router for every bundle. The sign-in screens are part of the first bundle; after sign-in the shell and
 * each feature come from their own lazy chunk (spec 2: "Loading..." meanwhile): the shell's from `lazy.ts`, each
 * feature's screens from its manifest (`app/features.ts`, `features/<feature>/manifest.ts`). No route has a
 * `validateSearch`: each page parses its own URL in its chunk (`features/<feature>/search.ts`, through
 * lib/listPage.ts `usePageSearch` for the lists), so no parser weighs on the sign-in page.
 */

/** A lazy chunk's route components by export name: the chunk loads when a route first shows one. */
const componentsOf =
  <M extends Record<string, unknown>>(load: () => Promise<M>) =>
  <K extends keyof M>(name: K) =>
    lazyRouteComponent(load, name);

const shell = componentsOf(loadShell);

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
  staticData: sessionAccess,
  getParentRoute: () => orgRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/org/core-airports', replace: true });
  },
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
/** Administrators go on to the dashboard or airports, a driver to My day; a user with no screen is told what they can do. */
const companyIndexRoute = createRoute({
  staticData: sessionAccess,
  getParentRoute: () => companyRoute,
  path: '/',
  component: shell('CompanyHome'),
});
// ---- every feature's screens, from its manifest ---------------------------------------------------------

/**
 * The routes of one scope: each screen of each feature, its page from the feature's lazy chunk (spec 9: a chunk that
 * takes too long fails). The route tree is built from the manifests, so TanStack Router does not type paths at compile
 * time (that needs one literal `createRoute` per route, or its code generator): `features.test.ts` checks instead that
 * every route a screen names (`getRouteApi`, a link's `to`) is a screen of a manifest.
 */
function screenRoutes(scope: Scope, parent: typeof orgRoute | typeof companyRoute) {
  return webFeatures.flatMap((feature) => {
    const load = withTimeout(feature.load);
    return feature.screens
      .filter((screen) => screen.scope === scope)
      .map((screen) =>
        createRoute({
          staticData: { permission: screen.permission, ...(screen.finance ? { finance: true as const } : {}) },
          getParentRoute: () => parent,
          path: screen.path,
          component: lazyRouteComponent(load, screen.page),
        }),
      );
  });
}

const routeTree = rootRoute.addChildren([
  indexRoute,
  notFoundRoute,
  authRoute.addChildren([authIndexRoute, loginRoute, adminLoginRoute, verifyRoute, changePasswordRoute, authCatchAllRoute]),
  orgRoute.addChildren([orgIndexRoute, ...screenRoutes('org', orgRoute)]),
  companyRoute.addChildren([companyIndexRoute, ...screenRoutes('company', companyRoute)]),
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
  interface HistoryState {
    /** Spec 2: a 200 sign-in answer goes to `/auth/{context}` with the answer's data as router state. */
    loginStep?: LoginStepData;
  }
}
