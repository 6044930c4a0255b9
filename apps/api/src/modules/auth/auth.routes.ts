import {
  accountEndpoints,
  adminEndpoints,
  changePasswordStepEndpoint,
  loginEndpoint,
  logoutEndpoint,
  refreshEndpoint,
  signInResponses,
  verifyEndpoint,
} from '@ps/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { endpointServer, listAnswer } from '../../kit/endpoints.ts';
import { companyActorOf } from '../../kit/routes.ts';
import { callerCompanyId, requireCaller } from '../../plugins/auth.ts';
import { securityLoggerOf } from '../../plugins/security-events.ts';
import type { AuthService, LoginOutcome, RequestMeta } from './auth.service.ts';
import type { CompanyUsersService } from './company-users.service.ts';

/** Where the request comes from and where its security events go, for the service. */
export function metaOf(request: FastifyRequest): RequestMeta {
  return { address: request.ip, userAgent: request.headers['user-agent'], log: securityLoggerOf(request) };
}

/** Answers that carry tokens, secrets or personal data are kept by no cache (browser or proxy). */
function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store');
}

export function registerAuthRoutes(app: FastifyInstance, auth: AuthService, companyUsers: CompanyUsersService): void {
  const serve = endpointServer(app, 'auth');

  /** 202 signed in, 200 one more step; never cached. */
  const answerSignIn = (request: FastifyRequest, reply: FastifyReply, outcome: LoginOutcome) => {
    noStore(reply);
    if (outcome.kind === 'signed-in') {
      reply.code(202);
      return { message: request.t('success.loggedIn'), data: outcome.data };
    }
    reply.code(200);
    return { message: request.t('success.loginStep'), data: outcome.data };
  };

  serve(loginEndpoint, {
    summary: 'Sign in with e-mail, phone or username and password',
    description:
      'Checks the identifier and password. 202: signed in, with an access token, a refresh token and the user. ' +
      '200: one more step (`change-password` for a temporary password, `verify` for two-factor), with a step token ' +
      'good for that step only; `totp_code` sent with the password saves the `verify` step. Every failure is the ' +
      'same 401. Failures are counted per account and per address; at the limit the answer is 429 with ' +
      '`Retry-After`, except for the right password with a correct `totp_code`, or from an address that signed ' +
      'in to the account before. Answers are not cacheable.',
    responses: signInResponses,
    errors: [401, 429],
    handler: async (request, reply) => answerSignIn(request, reply, await auth.login(request.body, metaOf(request))),
  });

  serve(verifyEndpoint, {
    summary: 'Second step for accounts with two-factor sign-in: the TOTP code',
    description:
      'Takes the step token of a `verify` answer and a current code from the authenticator app. Each code is ' +
      'accepted once; wrong codes are counted per account and lock like wrong passwords (429).',
    responses: signInResponses,
    errors: [401, 429],
    handler: async (request, reply) => answerSignIn(request, reply, await auth.verifyStep(request.body, metaOf(request))),
  });

  serve(changePasswordStepEndpoint, {
    summary: 'Step for accounts created with a temporary password: choose a new one',
    description:
      'Takes the step token of a `change-password` answer and the new password (8 to 50 characters, a letter ' +
      'and a digit, not one of the most common passwords). Other sessions of the user end.',
    responses: signInResponses,
    errors: [401],
    handler: async (request, reply) => answerSignIn(request, reply, await auth.changePasswordStep(request.body, metaOf(request))),
  });

  serve(refreshEndpoint, {
    summary: 'New token pair for a refresh token; each refresh token works once',
    description:
      'Rotation: the refresh token is used up, and presenting it again ends the whole session. A session ends ' +
      'at its absolute lifetime (SESSION_MAX_AGE_SECONDS) or when not refreshed for SESSION_IDLE_TIMEOUT_SECONDS; ' +
      'no token lives past the session.',
    errors: [401],
    handler: async (request, reply) => {
      const data = await auth.refresh(request.body.refresh_token, metaOf(request));
      noStore(reply);
      return { message: request.t('success.refreshed'), data };
    },
  });

  serve(logoutEndpoint, {
    summary: 'Sign out: the session (its refresh-token family) ends',
    description: "Ends the refresh token's session; its access tokens stop working on the next request.",
    errors: [401],
    handler: async (request) => {
      await auth.logout(request.body.refresh_token, metaOf(request));
      return { message: request.t('success.loggedOut') };
    },
  });

  serve(accountEndpoints.details, {
    summary: 'The signed-in user',
    description: 'The user of the access token, with company and permissions, from the current database row.',
    handler: async (request, reply) => {
      const data = await auth.details(requireCaller(request));
      noStore(reply);
      return { message: request.t('success.details'), data };
    },
  });

  serve(accountEndpoints.changePassword, {
    summary: "Change one's own password; the user's other sessions end",
    description:
      'Needs the current password. The new one has 8 to 50 characters with a letter and a digit and is not one ' +
      "of the most common passwords. The user's other sessions end at once; this one stays.",
    handler: async (request) => {
      await auth.changeOwnPassword(requireCaller(request), request.body, metaOf(request));
      return { message: request.t('success.passwordChanged') };
    },
  });

  serve(adminEndpoints.list, {
    summary: "The company's admins",
    description: "Paged, sortable and searchable list of the caller's company's admins (deleted ones are left out).",
    handler: async (request) => {
      return listAnswer(request, await companyUsers.listAdmins(callerCompanyId(request), request.query));
    },
  });

  serve(adminEndpoints.add, {
    summary: 'Add an admin to your company, with a temporary password',
    description: `\`name\`, \`email\`, optional \`phn_nbr\` (and \`country_id\`, default 94 with a phone) and \`temporary_password\`
(the new-password rules; common passwords refused): the new admin chooses a password of their own at first sign-in. E-mail and
phone are unique in the organisation: 409 \`email_taken\` / \`phone_taken\` on the field. \`role_id\` (required): the built-in
Administrator role or one of your company's roles, only within your own permissions (403 \`role_beyond_own\`, as
\`PATCH /api/user/role/{id}\`). Audited.`,
    errors: [409],
    handler: async (request) => ({
      message: request.t('success.created'),
      data: await companyUsers.addAdmin(companyActorOf(request), request.body),
    }),
  });

  serve(adminEndpoints.delete, {
    summary: 'Remove an admin of the company; their sessions end',
    description: 'Soft delete (the row stays for the audit trail); their sessions end at once. Deleting oneself is 409.',
    errors: [409],
    handler: async (request) => {
      await companyUsers.deleteAdmin(requireCaller(request), callerCompanyId(request), request.params.id, metaOf(request));
      return { message: request.t('success.deleted') };
    },
  });

  serve(accountEndpoints.totpSetup, {
    summary: 'Start two-factor sign-in: a new secret for an authenticator app',
    description:
      'Returns a new secret (and its otpauth:// link), kept pending: nothing changes until `totp/enable` ' +
      'confirms it with a code. With two-factor already on, the body must carry the password or a current code. ' +
      'Audited; not cacheable.',
    errors: [429],
    handler: async (request, reply) => {
      const data = await auth.startTotpSetup(requireCaller(request), request.body, metaOf(request));
      noStore(reply);
      return { message: request.t('success.fetched'), data };
    },
  });

  serve(accountEndpoints.totpEnable, {
    summary: 'Turn two-factor sign-in on with a current code from the app',
    description: 'A code of the pending secret makes it the active one. Wrong codes count towards the lock.',
    errors: [429],
    handler: async (request) => {
      await auth.enableTotp(requireCaller(request), request.body.code, metaOf(request));
      return { message: request.t('success.updated') };
    },
  });

  serve(accountEndpoints.totpDisable, {
    summary: 'Turn two-factor sign-in off (the password is asked again)',
    description: 'Needs the password, so a forgotten open session cannot turn it off.',
    handler: async (request) => {
      await auth.disableTotp(requireCaller(request), request.body.password, metaOf(request));
      return { message: request.t('success.updated') };
    },
  });
}
