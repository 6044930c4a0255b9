import { route } from './common/endpoint.ts';

// The web config's routes that pages without zod call (docs/decisions.md "Sign-in bundle budget"): the sign-in page's
// public read and the signed-in shell's theme. A page calls `callEndpoint<typeof webConfigEndpoints.public>(publicWebConfigRoute,
// ...)`; `webConfig.ts` declares the endpoints with their schemas on these routes.

/** GET /api/web-config: the company's name, logo and colours for the sign-in page (Basic company_id:client_key). */
export const publicWebConfigRoute = route('GET', '/api/web-config', { public: 'client-key' });

/** GET /api/web-config/company: the signed-in user's company's, which the app's frame themes itself with. */
export const companyWebConfigRoute = route('GET', '/api/web-config/company', { permission: 'session' });
