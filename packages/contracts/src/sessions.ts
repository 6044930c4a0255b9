import { z } from 'zod';
import { V } from './common/validation.ts';

/**
 * Sessions (issue 9, section 3): where a user is signed in. A session is one sign-in (its refresh-token
 * family): it stays open until signed out or ended, 12 hours without use or 30 days in all. A user sees their
 * own open sessions and ends any of them; an admin ends every session of a user of the company.
 */

/** One open session of the signed-in user (`GET /api/auth/sessions`). */
export const accountSessionSchema = z.object({
  id: z.string(),
  /** When the sign-in was made, when the session was last renewed, and when it ends at the latest. */
  created_at: z.string(),
  last_used_at: z.string(),
  expires_at: z.string(),
  /** The address it was signed in from. */
  ip: z.string(),
  /** The browser and system as the sign-in's User-Agent names them (null when it names none we know). */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  /** The session of this request. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

/** A session's id in a path (`DELETE /api/auth/sessions/{id}`). */
export const sessionIdParamsSchema = z.object({ id: z.uuid({ error: V.invalidValue }) });

/** How many sessions an end closed (`POST /api/user/sessions/end/{id}`). */
export const sessionsEndedSchema = z.object({ ended: z.number().int() });
export type SessionsEnded = z.infer<typeof sessionsEndedSchema>;
