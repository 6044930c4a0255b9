import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';

const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']) });

/** Liveness and readiness for a process manager or load balancer. */
export function registerHealthRoutes(app: FastifyInstance, database: Database): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/healthz', {
    schema: {
      tags: ['health'],
      summary: 'The process is alive',
      description: 'Answers 200 while the process runs, without touching the database: for liveness probes. No token needed.',
      response: { 200: healthSchema },
    },
    handler: async () => ({ status: 'ok' as const }),
  });
  api.get('/readyz', {
    schema: {
      tags: ['health'],
      summary: 'The database answers',
      description:
        'Answers 200 when the database answers a trivial query and 503 when it does not: for readiness probes and load balancers. No token needed.',
      response: { 200: healthSchema, 503: healthSchema },
    },
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
