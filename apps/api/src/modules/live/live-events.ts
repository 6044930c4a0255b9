import type { LiveEvent } from '@ps/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** The PostgreSQL channel every server process LISTENs on for the live board (modules/live). */
export const LIVE_CHANNEL = 'ps_live';

/**
 * Tells every server process (and so every open board of the company) that a booking changed. Call it with
 * the transaction that makes the change: PostgreSQL delivers a NOTIFY only when its transaction commits, so a
 * board never hears of a change that was rolled back.
 */
export async function publishLiveEvent(tx: DbOrTx, event: LiveEvent): Promise<void> {
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(event)})`);
}
