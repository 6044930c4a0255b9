import type { Role } from '@ps/contracts';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError, forbidden } from '../lib/errors.ts';
import type { AuthRepository } from '../modules/auth/auth.repository.ts';
import { hasPermission, type Permission } from '../modules/auth/permissions.ts';
import type { TokenService } from '../modules/auth/tokens.ts';

/** What a signed-in request knows about its caller, from the access token and the user's current row. */
export interface Caller {
  userId: number;
  role: Role;
  companyId: number | null;
  family: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyInstance {
    /**
     * onRequest hook: a valid access token of an active user in an active company, and this permission.
     * It runs before the body is parsed, so a caller without access learns nothing from validation.
     */
    requirePermission(permission: Permission): onRequestAsyncHookHandler;
  }
}

function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  if (!match?.[1]) throw new AppError(401, 'unauthorized');
  return match[1];
}

export function registerAuth(app: FastifyInstance, tokens: TokenService, users: AuthRepository): void {
  app.decorateRequest('caller', null);
  app.decorate('requirePermission', (permission: Permission) => {
    return async (request: FastifyRequest) => {
      const claims = await tokens.verify(bearerToken(request), 'access');
      // The row decides, not the token alone: a disabled user or company stops at once.
      const user = await users.findActiveById(Number(claims.sub));
      if (!user) throw new AppError(401, 'token_invalid');
      request.caller = { userId: user.id, role: user.role, companyId: user.company_id, family: claims.fam };
      if (!hasPermission(user.role, permission)) throw forbidden();
    };
  });
}

/** The caller's company; calls of company-scoped resources need one (a super admin has none). */
export function callerCompanyId(request: FastifyRequest): number {
  const companyId = request.caller?.companyId;
  if (companyId == null) throw forbidden();
  return companyId;
}

export function requireCaller(request: FastifyRequest): Caller {
  if (!request.caller) throw new AppError(401, 'unauthorized');
  return request.caller;
}
