import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';

const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']) });

/** Liveness and readiness for a process manager or load balancer. */
export function registerHealthRoutes(app: FastifyInstance, database: Database): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/healthz', {
    schema: { tags: ['health'], summary: 'The process is alive', response: { 200: healthSchema } },
    handler: async () => ({ status: 'ok' as const }),
  });
  api.get('/readyz', {
    schema: { tags: ['health'], summary: 'The database answers', response: { 200: healthSchema, 503: healthSchema } },
    handler: async (_request, reply) => {
      try {
        await database.ping();
        return { status: 'ok' as const };
      } catch {
        return reply.code(503).send({ status: 'unavailable' as const });
      }
    },
  });
}
