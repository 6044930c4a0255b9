import { FINANCE_PERMISSION, mayCall, type Permission, type Role } from '@ps/contracts';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError, forbidden } from '../lib/errors.ts';
import type { TokenService } from '../lib/tokens.ts';
import { type AccessGuard, matches } from './access.ts';
import { logSecurityEvent } from './security-events.ts';

/** What a signed-in request knows about its caller, from the access token, its session and the user's current row. */
export interface Caller {
  userId: number;
  role: Role;
  /** What the caller's role allows (built-in or their company's own), as of this request. */
  permissions: ReadonlySet<string>;
  companyId: number | null;
  family: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyInstance {
    /**
     * onRequest hook: a valid access token of an open session (not signed out, revoked, expired or idle) of
     * an active user in an active company, and this permission (for a money endpoint, `finance` on, `finance.view` or a
     * driver's own pay as well: contracts `mayCall`). It runs before the body is parsed, so a caller without access
     * learns nothing from validation.
     */
    requirePermission(permission: Permission, options?: { finance?: boolean }): onRequestAsyncHookHandler;
    /**
     * For an answer that stays open after its request was let in (the live stream): calls `onLost` once when the
     * caller may no longer have it (their session ended, their user or company stopped, their role lost
     * `permission`). Checked again at every access change this process hears of (its own and, through NOTIFY, every
     * other process's) and every `recheckMs` in case one was missed. Returns the function that stops watching.
     */
    watchAccess(request: FastifyRequest, permission: Permission, onLost: () => void, options?: { recheckMs?: number }): () => void;
  }
}

function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  if (!match?.[1]) throw new AppError(401, 'unauthorized');
  return match[1];
}

function refuse(request: FastifyRequest, permission: string): AppError {
  logSecurityEvent(request, 'auth.permission_denied', {
    user_id: request.caller?.userId ?? null,
    company_id: request.caller?.companyId ?? null,
    permission,
  });
  return forbidden();
}

export function registerAuth(app: FastifyInstance, tokens: TokenService, access: AccessGuard): void {
  app.decorateRequest('caller', null);
  app.decorate('requirePermission', (permission: Permission, { finance = false }: { finance?: boolean } = {}) => {
    const needs = finance ? { permission, finance: true as const } : { permission };
    return async (request: FastifyRequest) => {
      const claims = await tokens.verify(bearerToken(request), 'access');
      // The session and the rows decide, not the token alone: a signed-out session, a disabled user or an
      // inactive company stops at once (cached per session, see plugins/access.ts).
      const caller = await access.caller(claims.fam, Number(claims.sub));
      if (!caller) throw new AppError(401, 'token_invalid');
      request.caller = {
        userId: caller.userId,
        role: caller.role,
        permissions: caller.permissions,
        companyId: caller.companyId,
        family: caller.family,
      };
      if (!mayCall(needs, (held) => caller.permissions.has(held))) {
        throw refuse(request, caller.permissions.has(permission) ? FINANCE_PERMISSION : permission);
      }
    };
  });

  app.decorate('watchAccess', (request: FastifyRequest, permission: Permission, onLost: () => void, options = {}) => {
    const caller = requireCaller(request);
    let watching = true;
    const stop = () => {
      watching = false;
      unsubscribe();
      clearInterval(timer);
    };
    const check = async () => {
      // The session, user, company and role as the database has them now. A database that cannot answer ends the
      // stream too (fail closed; the client reconnects and is checked afresh).
      const state = await access.caller(caller.family, caller.userId, { fresh: true }).catch(() => undefined);
      if (!watching || (state?.permissions.has(permission) ?? false)) return;
      stop();
      onLost();
    };
    const unsubscribe = access.onChange((target) => {
      if (matches(caller, target)) void check();
    });
    const timer = setInterval(() => void check(), options.recheckMs ?? ACCESS_RECHECK_MS);
    timer.unref();
    return stop;
  });
}

/** How often a held-open answer checks its caller's access without a notification (the cache's own bound). */
export const ACCESS_RECHECK_MS = 30_000;

/** The caller's company; calls of company-scoped resources need one (a super admin has none). */
export function callerCompanyId(request: FastifyRequest): number {
  const companyId = request.caller?.companyId;
  if (companyId == null) throw refuse(request, 'company_scope');
  return companyId;
}

export function requireCaller(request: FastifyRequest): Caller {
  if (!request.caller) throw new AppError(401, 'unauthorized');
  return request.caller;
}
