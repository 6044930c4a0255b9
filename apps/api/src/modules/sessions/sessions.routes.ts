import {
  accountSessionSchema,
  dataEnvelope,
  idParamsSchema,
  messageEnvelope,
  sessionIdParamsSchema,
  sessionsEndedSchema,
} from '@ps/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { companyActorOf } from '../../kit/routes.ts';
import { requireCaller } from '../../plugins/auth.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { metaOf } from '../auth/auth.routes.ts';
import { createSessionsService } from './sessions.service.ts';

const tags = ['auth'];
const security = [{ bearer: [] }];

/** Sessions (issue 9, section 3): one's own sessions, and an admin ending a user's. */
export function registerSessionRoutes(app: FastifyInstance, db: Db, { idleTimeoutSeconds }: { idleTimeoutSeconds: number }): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = createSessionsService(db, idleTimeoutSeconds);

  api.get('/api/auth/sessions', {
    config: { permission: 'session' },
    schema: {
      tags,
      security,
      summary: "The signed-in user's open sessions",
      description:
        'Every sign-in of the user that is still open (not ended, used within the idle timeout, before its ' +
        'absolute end), the most recently used first: when it started and was last renewed, the address, the ' +
        'browser and system, and which one is this request’s (`current`).',
      response: { 200: dataEnvelope(accountSessionSchema.array()), ...errorResponses(401, 503) },
    },
    handler: async (request, reply) => {
      const data = await service.listOwn(requireCaller(request));
      reply.header('cache-control', 'no-store');
      return { message: request.t('success.list'), data };
    },
  });

  api.delete('/api/auth/sessions/:id', {
    config: { permission: 'session' },
    schema: {
      tags,
      security,
      summary: 'End one of your own sessions',
      description:
        'Ends it at once in every server process: its access tokens stop at their next request and its refresh ' +
        "token no longer renews it. Ending this request's own session signs out here. Another user's session, " +
        'or one already ended, is a 404.',
      params: sessionIdParamsSchema,
      response: { 200: messageEnvelope, ...errorResponses(400, 401, 404, 503) },
    },
    handler: async (request) => {
      await service.endOwn(requireCaller(request), request.params.id, metaOf(request));
      return { message: request.t('success.sessionEnded') };
    },
  });

  api.post('/api/user/sessions/end/:id', {
    config: { permission: 'users.update' },
    schema: {
      tags,
      security,
      summary: 'End every session of a user of the company',
      description:
        'The user (an admin or a driver of the caller’s company) is signed out everywhere at once; they can sign ' +
        "in again. Audited with how many sessions were open. Another company's user is a 404; one's own sessions " +
        'are ended from one’s account instead (409 `cannot_end_own_sessions`).',
      params: idParamsSchema,
      response: { 200: dataEnvelope(sessionsEndedSchema), ...errorResponses(400, 401, 403, 404, 409, 503) },
    },
    handler: async (request) => {
      const data = await service.endUsers(companyActorOf(request), request.params.id, metaOf(request));
      return { message: request.t('success.sessionsEnded', { count: data.ended }), data };
    },
  });
}
