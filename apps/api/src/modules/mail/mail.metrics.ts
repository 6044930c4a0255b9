import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Gauge } from 'prom-client';
import type { Db } from '../../db/client.ts';

/** The outbox's states a scrape reports (sent rows only grow, and are not a backlog). */
const BACKLOG_STATES = ['queued', 'sending', 'failed'] as const;

/** Counts by state and the oldest unsent message's age, over every company (no company, address or subject). */
export async function outboxBacklog(
  db: Db,
): Promise<{ counts: Record<(typeof BACKLOG_STATES)[number], number>; oldestUnsentSeconds: number }> {
  const result = (await db.execute(sql`
    select state, count(*)::int as messages, extract(epoch from now() - min(created_at))::float8 as oldest_seconds
    from mail_outbox where state in ('queued', 'sending', 'failed') group by state`)) as unknown as {
    rows: { state: (typeof BACKLOG_STATES)[number]; messages: number; oldest_seconds: number }[];
  };
  const counts = { queued: 0, sending: 0, failed: 0 };
  let oldestUnsentSeconds = 0;
  for (const row of result.rows) {
    counts[row.state] = Number(row.messages);
    if (row.state !== 'failed') oldestUnsentSeconds = Math.max(oldestUnsentSeconds, Number(row.oldest_seconds));
  }
  return { counts, oldestUnsentSeconds };
}

/**
 * The outbox on /metrics (when it is served): its depth by state and how long the oldest message not yet sent (queued
 * or being sent) has waited, read from the database at each scrape. A scrape while the database is away leaves the
 * last values.
 */
export function registerOutboxMetrics(app: FastifyInstance, db: Db): void {
  const registry = app.metrics;
  if (!registry) return;
  let reading: Promise<Awaited<ReturnType<typeof outboxBacklog>> | undefined> | undefined;
  // A scrape collects every metric at once: both gauges share the one query in flight.
  const read = () => {
    reading ??= outboxBacklog(db)
      .catch(() => undefined)
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };
  new Gauge({
    name: 'ps_mail_outbox_messages',
    help: 'Messages in the mail outbox by state (queued, sending, failed)',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const backlog = await read();
      if (!backlog) return;
      for (const state of BACKLOG_STATES) this.set({ state }, backlog.counts[state]);
    },
  });
  new Gauge({
    name: 'ps_mail_outbox_oldest_unsent_seconds',
    help: 'Age of the oldest message not yet sent (queued or sending); 0 when there is none',
    registers: [registry],
    async collect() {
      const backlog = await read();
      if (backlog) this.set(backlog.oldestUnsentSeconds);
    },
  });
}
