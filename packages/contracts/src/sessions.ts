import { z } from 'zod';
import { endpoint } from './common/endpoint.ts';
import { idParamsSchema } from './common/pagination.ts';
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

/** One's own sessions, and an admin ending every session of a user of the company. */
export const sessionEndpoints = {
  listOwn: endpoint({
    method: 'GET',
    path: '/api/auth/sessions',
    access: { permission: 'session' },
    response: accountSessionSchema.array(),
  }),
  endOwn: endpoint({
    method: 'DELETE',
    path: '/api/auth/sessions/:id',
    access: { permission: 'session' },
    params: sessionIdParamsSchema,
    shape: 'message',
  }),
  /** `id` is the user's. */
  endUsers: endpoint({
    method: 'POST',
    path: '/api/user/sessions/end/:id',
    access: { permission: 'users.update' },
    params: idParamsSchema,
    response: sessionsEndedSchema,
  }),
} as const;
