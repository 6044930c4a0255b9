import type { FastifyInstance } from 'fastify';
import type { ApiModule, ModuleDeps } from '../../kit/modules.ts';
import { TokenService } from '../../lib/tokens.ts';
import { createAccessGuard, listenForAccessChanges } from '../../plugins/access.ts';
import { registerAuth } from '../../plugins/auth.ts';
import { registerSecurityEventStore } from '../../plugins/security-events.ts';
import { registerAuthRoutes } from './auth.routes.ts';
import { AuthService } from './auth.service.ts';
import { createCompanyUsersService } from './company-users.service.ts';

/**
 * Sign-in and sessions, wired once (the first module of `modules/index.ts`): tokens (key imported once), the per-request session check with its
 * cache and cross-process invalidation, `requirePermission`, and the /api/auth routes. Call it before any
 * module whose routes use `app.requirePermission`.
 */
function registerAuthModule(app: FastifyInstance, { config, database, secret }: ModuleDeps): void {
  // Security events become rows too (plugins/security-events.ts).
  registerSecurityEventStore(app, database.db);
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

export const authModule: ApiModule = {
  name: 'auth',
  tags: [{ name: 'auth', description: 'Sign-in steps, tokens, sessions, the signed-in user and two-factor sign-in' }],
  errors: [
    'invalid_credentials',
    'token_invalid',
    'token_expired',
    'token_reused',
    'email_taken',
    'phone_taken',
    'username_taken',
    'wrong_current_password',
    'invalid_totp_code',
    'too_many_code_attempts',
    'too_many_attempts',
    'reauth_required',
    'password_common',
    'password_unchanged',
    'cannot_delete_self',
  ],
  auditEntities: ['user'],
  register: registerAuthModule,
};
