import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { idempotentRequests } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import { constraintOf, PG_UNIQUE_VIOLATION, pgErrorCode } from '../lib/pg-errors.ts';

/**
 * Retry-safe routes (issue 22, section 3: a driver's phone sends what it queued offline when the signal returns, and may
 * send it twice). A route served with `idempotent: true` (kit/endpoints.ts) takes an optional `Idempotency-Key` header:
 * - the first request with a key runs, and its answer (status and body; a 5xx excepted, so it can be tried again) is
 *   kept under the caller's user and the key;
 * - the same key again, with the same method, route and inputs, answers the kept response with
 *   `Idempotent-Replayed: true`, without running anything: a trip started offline and sent twice is started once;
 * - the same key with other inputs is 409 `idempotency_key_reused`; while the first is still running, 409
 *   `idempotency_in_progress` (the phone tries again a moment later).
 * A request without the header runs as always. Payments and handovers keep their own key (stored with the record,
 * under the record's lock); this is the shared one for the rest.
 */

export const IDEMPOTENCY_KEEP_DAYS = 7;
const KEY_PATTERN = /^[\x21-\x7E]{1,100}$/;
const UNIQUE = 'idempotent_requests_user_key_unique';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route keeps its answers by `Idempotency-Key` (plugins/idempotency.ts). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The kept row this request fills in when it answers (set when it ran under a key). */
    idempotentRowId?: number;
  }
}

const hashOf = (request: FastifyRequest) =>
  createHash('sha256')
    .update(JSON.stringify([request.method, request.routeOptions.url, request.params ?? null, request.query ?? null, request.body ?? null]))
    .digest('hex');

function replay(reply: FastifyReply, row: { status_code: number | null; response_body: string | null }) {
  return reply
    .code(row.status_code ?? 200)
    .header('content-type', 'application/json; charset=utf-8')
    .header('idempotent-replayed', 'true')
    .send(row.response_body ?? '');
}

export function registerIdempotency(app: FastifyInstance, db: Db): void {
  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.idempotent) return;
    const header = request.headers['idempotency-key'];
    const userId = request.caller?.userId;
    if (typeof header !== 'string' || userId === undefined) return;
    if (!KEY_PATTERN.test(header)) {
      throw new AppError(400, 'validation_failed', {
        details: [{ field: 'Idempotency-Key', code: 'validation.invalidValue', message: '' }],
      });
    }
    const hash = hashOf(request);
    const find = async () =>
      (
        await db
          .select()
          .from(idempotentRequests)
          .where(and(eq(idempotentRequests.user_id, userId), eq(idempotentRequests.key, header)))
          .limit(1)
      )[0];
    const answerFrom = (row: typeof idempotentRequests.$inferSelect) => {
      if (row.request_hash !== hash) throw new AppError(409, 'idempotency_key_reused');
      if (row.status_code === null) throw new AppError(409, 'idempotency_in_progress');
      return replay(reply, row);
    };
    const earlier = await find();
    if (earlier) return answerFrom(earlier);
    try {
      const [row] = await db
        .insert(idempotentRequests)
        .values({ user_id: userId, key: header, request_hash: hash })
        .returning({ id: idempotentRequests.id });
      request.idempotentRowId = row?.id;
    } catch (error) {
      if (pgErrorCode(error) !== PG_UNIQUE_VIOLATION || constraintOf(error) !== UNIQUE) throw error;
      const raced = await find();
      if (raced) return answerFrom(raced);
      throw error;
    }
    // The user's old keys go as new ones come: the table holds about a week of each user's retries.
    await db
      .delete(idempotentRequests)
      .where(
        and(
          eq(idempotentRequests.user_id, userId),
          lt(idempotentRequests.created_at, sql`now() - make_interval(days => ${IDEMPOTENCY_KEEP_DAYS})`),
        ),
      );
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const id = request.idempotentRowId;
    if (id === undefined) return payload;
    request.idempotentRowId = undefined;
    if (reply.statusCode >= 500) {
      // Not done: the key may be tried again.
      await db.delete(idempotentRequests).where(and(eq(idempotentRequests.id, id), isNull(idempotentRequests.status_code)));
    } else {
      await db
        .update(idempotentRequests)
        .set({ status_code: reply.statusCode, response_body: typeof payload === 'string' ? payload : JSON.stringify(payload ?? null) })
        .where(eq(idempotentRequests.id, id));
    }
    return payload;
  });
}
