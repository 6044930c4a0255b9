import {
  adminChangePasswordBodySchema,
  adminListQuerySchema,
  changePasswordStepBodySchema,
  companyUserSchema,
  dataEnvelope,
  driverAddBodySchema,
  idParamsSchema,
  listEnvelope,
  loginBodySchema,
  loginStepDataSchema,
  logoutBodySchema,
  messageEnvelope,
  refreshBodySchema,
  signedInDataSchema,
  tokenPairSchema,
  totpDisableBodySchema,
  totpEnableBodySchema,
  totpSetupDataSchema,
  userDataSchema,
  verifyStepBodySchema,
} from '@ps/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerCompanyId, requireCaller } from '../../plugins/auth.ts';
import { errorResponses } from '../../plugins/errors.ts';
import type { AuthService, LoginOutcome } from './auth.service.ts';

const tags = ['auth'];
const signInResponses = {
  200: dataEnvelope(loginStepDataSchema).describe('One more step: `data.context` names it, `data.step_token` is good for it only'),
  202: dataEnvelope(signedInDataSchema).describe('Signed in'),
};

export function registerAuthRoutes(app: FastifyInstance, auth: AuthService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const answerSignIn = (reply: FastifyReply, outcome: LoginOutcome) => {
    const t = reply.request.t;
    return outcome.kind === 'signed-in'
      ? reply.code(202).send({ message: t('success.loggedIn'), data: outcome.data })
      : reply.code(200).send({ message: t('success.loginStep'), data: outcome.data });
  };

  api.post('/api/auth/login', {
    config: { public: 'sign-in' },
    schema: {
      tags,
      summary: 'Sign in with e-mail, phone or username and password',
      body: loginBodySchema,
      response: { ...signInResponses, ...errorResponses(400, 401, 429, 503) },
    },
    handler: async (request, reply) => answerSignIn(reply, await auth.login(request.body, request.ip)),
  });

  api.post('/api/auth/verify', {
    config: { public: 'sign-in' },
    schema: {
      tags,
      summary: 'Second step for accounts with two-factor sign-in: the TOTP code',
      body: verifyStepBodySchema,
      response: { ...signInResponses, ...errorResponses(400, 401, 503) },
    },
    handler: async (request, reply) => answerSignIn(reply, await auth.verifyStep(request.body)),
  });

  api.post('/api/auth/change-password', {
    config: { public: 'sign-in' },
    schema: {
      tags,
      summary: 'Step for accounts created with a temporary password: choose a new one',
      body: changePasswordStepBodySchema,
      response: { ...signInResponses, ...errorResponses(400, 401, 503) },
    },
    handler: async (request, reply) => answerSignIn(reply, await auth.changePasswordStep(request.body)),
  });

  api.post('/api/auth/refresh', {
    config: { public: 'sign-in' },
    schema: {
      tags,
      summary: 'New token pair for a refresh token; each refresh token works once',
      body: refreshBodySchema,
      response: { 200: dataEnvelope(tokenPairSchema), ...errorResponses(400, 401, 503) },
    },
    handler: async (request) => ({ message: request.t('success.refreshed'), data: await auth.refresh(request.body.refresh_token) }),
  });

  api.post('/api/auth/logout', {
    config: { public: 'sign-in' },
    schema: {
      tags,
      summary: 'Sign out: the session (its refresh-token family) ends',
      body: logoutBodySchema,
      response: { 200: messageEnvelope, ...errorResponses(400, 401, 503) },
    },
    handler: async (request) => {
      await auth.logout(request.body.refresh_token);
      return { message: request.t('success.loggedOut') };
    },
  });

  api.get('/api/auth/get-details-by-token', {
    config: { permission: 'session' },
    schema: {
      tags,
      summary: 'The signed-in user',
      security: [{ bearer: [] }],
      response: { 200: dataEnvelope(userDataSchema), ...errorResponses(401, 503) },
    },
    handler: async (request) => ({ message: request.t('success.details'), data: await auth.details(requireCaller(request)) }),
  });

  api.patch('/api/auth/admin/change-password', {
    config: { permission: 'session' },
    schema: {
      tags,
      summary: "Change one's own password; the user's other sessions end",
      security: [{ bearer: [] }],
      body: adminChangePasswordBodySchema,
      response: { 200: messageEnvelope, ...errorResponses(400, 401, 503) },
    },
    handler: async (request) => {
      await auth.changeOwnPassword(requireCaller(request), request.body);
      return { message: request.t('success.passwordChanged') };
    },
  });

  api.get('/api/auth/admin/list', {
    config: { permission: 'users.view' },
    schema: {
      tags,
      summary: "The company's admins",
      security: [{ bearer: [] }],
      querystring: adminListQuerySchema,
      response: { 200: listEnvelope(companyUserSchema), ...errorResponses(400, 401, 403, 503) },
    },
    handler: async (request) => {
      const { page, page_size } = request.query;
      const { items, total } = await auth.listAdmins(callerCompanyId(request), request.query);
      return { message: request.t('success.list'), data: items, pagination: { page, page_size, total } };
    },
  });

  api.delete('/api/auth/admin/delete/:id', {
    config: { permission: 'users.delete' },
    schema: {
      tags,
      summary: 'Remove an admin of the company; their sessions end',
      security: [{ bearer: [] }],
      params: idParamsSchema,
      response: { 200: messageEnvelope, ...errorResponses(400, 401, 403, 404, 409, 503) },
    },
    handler: async (request) => {
      await auth.deleteAdmin(requireCaller(request), callerCompanyId(request), request.params.id);
      return { message: request.t('success.deleted') };
    },
  });

  api.post('/api/auth/driver/add', {
    config: { permission: 'drivers.create' },
    schema: {
      tags,
      summary: "A driver's sign-in account with a temporary password",
      security: [{ bearer: [] }],
      body: driverAddBodySchema,
      response: { 201: dataEnvelope(companyUserSchema), ...errorResponses(400, 401, 403, 409, 503) },
    },
    handler: async (request, reply) => {
      const driver = await auth.addDriver(requireCaller(request), callerCompanyId(request), request.body);
      return reply.code(201).send({ message: request.t('success.driverAdded'), data: driver });
    },
  });

  api.post('/api/auth/totp/setup', {
    config: { permission: 'session' },
    schema: {
      tags,
      summary: 'Start two-factor sign-in: a new secret for an authenticator app',
      security: [{ bearer: [] }],
      response: { 200: dataEnvelope(totpSetupDataSchema), ...errorResponses(401, 503) },
    },
    handler: async (request) => ({ message: request.t('success.fetched'), data: await auth.startTotpSetup(requireCaller(request)) }),
  });

  api.post('/api/auth/totp/enable', {
    config: { permission: 'session' },
    schema: {
      tags,
      summary: 'Turn two-factor sign-in on with a current code from the app',
      security: [{ bearer: [] }],
      body: totpEnableBodySchema,
      response: { 200: messageEnvelope, ...errorResponses(400, 401, 503) },
    },
    handler: async (request) => {
      await auth.enableTotp(requireCaller(request), request.body.code);
      return { message: request.t('success.updated') };
    },
  });

  api.post('/api/auth/totp/disable', {
    config: { permission: 'session' },
    schema: {
      tags,
      summary: 'Turn two-factor sign-in off (the password is asked again)',
      security: [{ bearer: [] }],
      body: totpDisableBodySchema,
      response: { 200: messageEnvelope, ...errorResponses(400, 401, 503) },
    },
    handler: async (request) => {
      await auth.disableTotp(requireCaller(request), request.body.password);
      return { message: request.t('success.updated') };
    },
  });
}
