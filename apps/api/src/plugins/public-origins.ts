import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Db } from '../db/client.ts';
import { companies } from '../db/schema/index.ts';
import { parseClientKeyHeader } from '../lib/client-key.ts';
import { AppError } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The cross-origin check of a client-key route (kit/routes.ts adds it to each). */
    checkPublicOrigin: onRequestAsyncHookHandler;
  }
}

/** The headers a company's web site sends to the public API, and those its script may read of the answers. */
const ALLOWED_HEADERS = 'authorization, content-type, accept-language, idempotency-key, booking-token';
const EXPOSED_HEADERS = 'idempotent-replayed, retry-after';
/** How long a browser may keep a preflight's answer (seconds): a booking form makes a handful of calls. */
const PREFLIGHT_MAX_AGE = 600;

/** `Origin` names the page's own server (the hosted booking page on this server): not a cross-origin call. */
function isSameOrigin(request: FastifyRequest, origin: string): boolean {
  const host = request.headers.host;
  return host !== undefined && (origin === `https://${host}` || origin === `http://${host}`);
}

/** The origins an active company lists (its blog and pages are read through them too, with online booking off). */
async function companyOriginsOf(db: Db, companyId: number): Promise<string[]> {
  const [row] = await db
    .select({ origins: companies.public_booking_origins })
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.status, 1)))
    .limit(1);
  return row?.origins ?? [];
}

/** Whether some active company lists the origin (the preflight's question). */
async function originListedByAnyCompany(db: Db, origin: string): Promise<boolean> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.status, 1), sql`${origin} = any(${companies.public_booking_origins})`))
    .limit(1);
  return row !== undefined;
}

function allowOrigin(reply: FastifyReply, origin: string): void {
  reply.header('access-control-allow-origin', origin);
  reply.header('access-control-expose-headers', EXPOSED_HEADERS);
}

/**
 * Cross-origin calls of the client-key routes (issue 23): a browser on a company's own web site may call them from the
 * origins the company lists on its settings screen (`public_booking_origins`), and from no other. A call whose `Origin`
 * its company does not list is refused (403 `origin_not_allowed`) before the route runs, so a page elsewhere can
 * neither read an answer nor make a booking. Calls without `Origin` (servers) and from this server's own pages pass.
 *
 * The preflight (`OPTIONS`) carries no `Authorization`, so it cannot name the company: it is allowed for an origin
 * some active company lists, and the call that follows is checked against its own company's list.
 */
export function registerPublicOrigins(app: FastifyInstance, db: Db): void {
  app.decorate('checkPublicOrigin', async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    if (origin === undefined || isSameOrigin(request, origin)) return;
    // The company the header names (its key is the route's to check).
    const companyId = parseClientKeyHeader(request.headers.authorization)?.companyId;
    const listed = companyId !== undefined && (await companyOriginsOf(db, companyId)).includes(origin);
    if (!listed) throw new AppError(403, 'origin_not_allowed');
    allowOrigin(reply, origin);
    reply.header('vary', 'Origin');
  });
}

/**
 * The preflight route of the client-key routes: registered after the route guard (kit/routes.ts), which lists it as
 * public for this reason; it answers only for a method and path of a client-key route.
 */
export function registerPreflight(app: FastifyInstance, db: Db): void {
  app.route({
    method: 'OPTIONS',
    url: '/api/*',
    config: { public: 'preflight' },
    schema: { hide: true },
    handler: async (request, reply) => {
      const origin = request.headers.origin;
      const method = String(request.headers['access-control-request-method'] ?? '').toUpperCase();
      const path = request.url.split('?')[0] ?? '';
      const known = app.routeTable.some(
        (route) => route.public === 'client-key' && route.method === method && pathMatches(route.url, path),
      );
      if (!origin || !known || !(await originListedByAnyCompany(db, origin))) throw new AppError(403, 'origin_not_allowed');
      allowOrigin(reply, origin);
      reply
        .header('vary', 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers')
        .header('access-control-allow-methods', method)
        .header('access-control-allow-headers', ALLOWED_HEADERS)
        .header('access-control-max-age', String(PREFLIGHT_MAX_AGE))
        .code(204);
      return reply.send();
    },
  });
}

/** A route's pattern (`/api/blog/public/get/:language/:slug`) against a concrete path. */
function pathMatches(pattern: string, path: string): boolean {
  const patternParts = pattern.split('/');
  const pathParts = path.replace(/\/+$/, '').split('/');
  return (
    patternParts.length === pathParts.length &&
    patternParts.every((part, index) => (part.startsWith(':') ? (pathParts[index] ?? '') !== '' : part === pathParts[index]))
  );
}
