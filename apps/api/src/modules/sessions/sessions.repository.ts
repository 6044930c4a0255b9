import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';

/** A session is open while not ended, before its absolute end, and used within the idle timeout. */
function openOf(userId: number, idleTimeoutSeconds: number) {
  return and(
    eq(sessions.user_id, userId),
    isNull(sessions.revoked_at),
    gt(sessions.expires_at, sql`now()`),
    gt(sessions.last_used_at, sql`now() - make_interval(secs => ${idleTimeoutSeconds})`),
  );
}

/** The sessions (sign-ins) of one user: always by the user's id, so a user reaches only their own. */
export function createSessionsRepository(db: DbOrTx, idleTimeoutSeconds: number) {
  return {
    /** The user's open sessions, the most recently used first. */
    listOpen(userId: number) {
      return db
        .select({
          id: sessions.id,
          created_at: sessions.created_at,
          last_used_at: sessions.last_used_at,
          expires_at: sessions.expires_at,
          ip: sessions.ip,
          user_agent: sessions.user_agent,
        })
        .from(sessions)
        .where(openOf(userId, idleTimeoutSeconds))
        .orderBy(desc(sessions.last_used_at), desc(sessions.created_at));
    },

    /** Whether this open session is the user's (another user's, or an ended one, is not). */
    async isOpenSessionOf(userId: number, id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.id, id), openOf(userId, idleTimeoutSeconds)))
        .limit(1);
      return row !== undefined;
    },

    /** How many sessions of the user are open now. */
    async countOpen(userId: number): Promise<number> {
      const [row] = await db.select({ open: sql<number>`count(*)::int` }).from(sessions).where(openOf(userId, idleTimeoutSeconds));
      return row?.open ?? 0;
    },
  };
}
