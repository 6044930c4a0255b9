import { FINANCE_PERMISSION, type FinanceMask, financeMaskOf, withoutFinanceFigures } from '@ps/contracts';
import type { FastifyReply, FastifyRequest, preSerializationHookHandler, RouteOptions } from 'fastify';

/**
 * Money figures inside wider answers (contracts common/finance.ts `financeFigure`): a caller whose role lacks
 * `finance.view` receives them as null. The guard (kit/routes.ts) installs this on every signed-in route whose success
 * answer declares such a figure, so a route cannot forget it; the figures are found once, from the schema.
 */
export function hideFinanceFigures(route: RouteOptions): boolean {
  const responses = (route.schema?.response ?? {}) as Record<string, unknown>;
  const masks = new Map<number, FinanceMask>();
  for (const [status, schema] of Object.entries(responses)) {
    const mask = financeMaskOf(schema);
    if (mask) masks.set(Number(status), mask);
  }
  if (masks.size === 0) return false;
  const hook: preSerializationHookHandler<unknown> = (request: FastifyRequest, reply: FastifyReply, payload, done) => {
    const mask = masks.get(reply.statusCode);
    if (!mask || request.caller?.permissions.has(FINANCE_PERMISSION)) return done(null, payload);
    done(null, withoutFinanceFigures(payload, mask));
  };
  const existing = route.preSerialization
    ? Array.isArray(route.preSerialization)
      ? route.preSerialization
      : [route.preSerialization]
    : [];
  route.preSerialization = [...existing, hook as preSerializationHookHandler];
  return true;
}

/** Whether the signed-in caller's role may see money figures (for the answers that leave money out by rule, not schema). */
export function seesMoney(request: FastifyRequest): boolean {
  return request.caller?.permissions.has(FINANCE_PERMISSION) ?? false;
}
