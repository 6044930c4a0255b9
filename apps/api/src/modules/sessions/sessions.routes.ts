import { sessionEndpoints } from '@ps/contracts';
import type { FastifyInstance } from 'fastify';
import { endpointServer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { companyActorOf } from '../../kit/routes.ts';
import { requireCaller } from '../../plugins/auth.ts';
import { metaOf } from '../auth/auth.routes.ts';
import { createSessionsService } from './sessions.service.ts';

/** Sessions (issue 9, section 3): one's own sessions, and an admin ending a user's. */
export function registerSessionRoutes(app: FastifyInstance, { db, config }: ModuleDeps): void {
  const service = createSessionsService(db, config.SESSION_IDLE_TIMEOUT_SECONDS);
  // Under the auth module's tag.
  const serve = endpointServer(app, 'auth');

  serve(sessionEndpoints.listOwn, {
    summary: "The signed-in user's open sessions",
    description:
      'Every sign-in of the user that is still open (not ended, used within the idle timeout, before its ' +
      'absolute end), the most recently used first: when it started and was last renewed, the address, the ' +
      'browser and system, and which one is this request’s (`current`).',
    handler: async (request, reply) => {
      const data = await service.listOwn(requireCaller(request));
      reply.header('cache-control', 'no-store');
      return { message: request.t('success.list'), data };
    },
  });

  serve(sessionEndpoints.endOwn, {
    summary: 'End one of your own sessions',
    description:
      'Ends it at once in every server process: its access tokens stop at their next request and its refresh ' +
      "token no longer renews it. Ending this request's own session signs out here. Another user's session, " +
      'or one already ended, is a 404.',
    handler: async (request) => {
      await service.endOwn(requireCaller(request), request.params.id, metaOf(request));
      return { message: request.t('success.sessionEnded') };
    },
  });

  serve(sessionEndpoints.endUsers, {
    summary: 'End every session of a user of the company',
    description:
      'The user (an admin or a driver of the caller’s company) is signed out everywhere at once; they can sign ' +
      "in again. Audited with how many sessions were open. Another company's user is a 404; one's own sessions " +
      'are ended from one’s account instead (409 `cannot_end_own_sessions`).',
    errors: [409],
    handler: async (request) => {
      const data = await service.endUsers(companyActorOf(request), request.params.id, metaOf(request));
      return { message: request.t('success.sessionsEnded', { count: data.ended }), data };
    },
  });
}
