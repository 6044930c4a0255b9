import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { registerAuth } from '../../plugins/auth.ts';
import { createAccessGuard, listenForAccessChanges } from './access.ts';
import { registerAuthRoutes } from './auth.routes.ts';
import { AuthService } from './auth.service.ts';
import { createCompanyUsersService } from './company-users.service.ts';
import { TokenService } from './tokens.ts';

/**
 * Sign-in and sessions, wired once: tokens (key imported once), the per-request session check with its
 * cache and cross-process invalidation, `requirePermission`, and the /api/auth routes. Call it before any
 * module whose routes use `app.requirePermission`.
 */
export function registerAuthModule(
  app: FastifyInstance,
  { config, database, secret }: { config: Config; database: Database; secret: string },
): void {
  const tokens = new TokenService(secret, {
    access: config.ACCESS_TOKEN_TTL_SECONDS,
    refresh: config.REFRESH_TOKEN_TTL_SECONDS,
    step: config.STEP_TOKEN_TTL_SECONDS,
  });
  const access = createAccessGuard(database.db, { idleTimeoutSeconds: config.SESSION_IDLE_TIMEOUT_SECONDS });
  listenForAccessChanges(app, database, access);
  const auth = new AuthService(
    database.db,
    tokens,
    {
      maxPerIdentifier: config.LOGIN_MAX_FAILURES_PER_IDENTIFIER,
      maxPerAddress: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowSeconds: config.LOGIN_THROTTLE_WINDOW_SECONDS,
    },
    { maxAgeSeconds: config.SESSION_MAX_AGE_SECONDS, idleTimeoutSeconds: config.SESSION_IDLE_TIMEOUT_SECONDS },
  );
  registerAuth(app, tokens, access);
  registerAuthRoutes(app, auth, createCompanyUsersService(database.db));
}
