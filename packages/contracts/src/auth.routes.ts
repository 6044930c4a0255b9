import { route } from './common/endpoint.ts';

/**
 * Where the sign-in steps go, without their schemas: the sign-in page (which must not load zod, docs/decisions.md
 * "Sign-in bundle budget") calls them through these, typed by the full declarations in `auth.ts`
 * (`callEndpoint<typeof loginEndpoint>(loginRoute, ...)`); the server serves those.
 */

export const loginRoute = route('POST', '/api/auth/login', { public: 'sign-in' });
export const verifyRoute = route('POST', '/api/auth/verify', { public: 'sign-in' });
export const changePasswordStepRoute = route('POST', '/api/auth/change-password', { public: 'sign-in' });
/** Also the web client's token refresh (lib/api.ts), on every page. */
export const refreshRoute = route('POST', '/api/auth/refresh', { public: 'sign-in' });
export const logoutRoute = route('POST', '/api/auth/logout', { public: 'sign-in' });
