import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { securityEvents } from '../db/schema/index.ts';

/**
 * Security events, one structured log line each (`event` names it), for whoever watches the logs: who
 * (user, company), from where (address), which request, when; and one row of `security_events` each, kept for
 * SECURITY_EVENTS_RETENTION_DAYS and then archived (modules/retention). Never a password, code, token or secret.
 */
export type SecurityEvent =
  | 'auth.login_succeeded'
  | 'auth.login_failed'
  | 'auth.login_locked'
  | 'auth.totp_failed'
  | 'auth.totp_locked'
  | 'auth.refresh_reused'
  | 'auth.session_revoked'
  | 'auth.permission_denied'
  | 'auth.password_changed'
  | 'auth.totp_setup_started'
  | 'auth.totp_enabled'
  | 'auth.totp_disabled';

export interface SecurityEventFields {
  user_id?: number | null;
  company_id?: number | null;
  /** Why, in a word: `wrong_password`, `unknown_identifier`, `logout`, `password_changed`... */
  reason?: string;
  /** Sessions (refresh families) concerned, never tokens. */
  session_id?: string;
  permission?: string;
  /** Which counter locked: `account`, `identifier`, `address`, `totp`. */
  lock?: string;
}

export type SecurityLogger = (event: SecurityEvent, fields?: SecurityEventFields) => void;

const failures = new Set<SecurityEvent>([
  'auth.login_failed',
  'auth.login_locked',
  'auth.totp_failed',
  'auth.totp_locked',
  'auth.refresh_reused',
  'auth.permission_denied',
]);

declare module 'fastify' {
  interface FastifyInstance {
    /** Stores security events as rows (registerSecurityEventStore). */
    securityEvents: SecurityEventStore;
  }
}

export interface SecurityEventStore {
  /** Starts the row's insert and returns at once; a failure is logged, the log line stays the record. */
  record(row: typeof securityEvents.$inferInsert, request: FastifyRequest): void;
  /** Resolves when every insert started so far has ended (at close, and in tests). */
  settled(): Promise<void>;
}

/**
 * One insert per event, not awaited by the request: a sign-in answers as fast as before, and a refused
 * transaction (a failed sign-in rolls back) cannot take its event with it. Inserts still running at close finish first.
 */
export function registerSecurityEventStore(app: FastifyInstance, db: Db): void {
  const running = new Set<Promise<void>>();
  const store: SecurityEventStore = {
    record(row, request) {
      const insert = db
        .insert(securityEvents)
        .values(row)
        .then(
          () => {},
          (error: unknown) => request.log.error({ err: error, event: row.event }, 'security event not stored (its log line stands)'),
        )
        .finally(() => running.delete(insert));
      running.add(insert);
    },
    async settled() {
      while (running.size > 0) await Promise.all(running);
    },
  };
  app.decorate('securityEvents', store);
  app.addHook('onClose', () => store.settled());
}

/** Writes one security event for this request: warn for refusals, info for the rest; and stores it. */
export function logSecurityEvent(request: FastifyRequest, event: SecurityEvent, fields: SecurityEventFields = {}): void {
  const line = {
    event,
    user_id: fields.user_id ?? null,
    company_id: fields.company_id ?? null,
    ...fields,
    address: request.ip,
    request_id: request.id,
    time: new Date().toISOString(),
  };
  if (failures.has(event)) request.log.warn(line, event);
  else request.log.info(line, event);
  const details: Record<string, string> = {};
  if (fields.session_id) details.session_id = fields.session_id;
  if (fields.permission) details.permission = fields.permission;
  if (fields.lock) details.lock = fields.lock;
  request.server.securityEvents?.record(
    {
      event,
      user_id: fields.user_id ?? null,
      company_id: fields.company_id ?? null,
      reason: fields.reason ?? null,
      address: request.ip,
      request_id: String(request.id),
      details,
    },
    request,
  );
}

/** The logger a service gets for one request. */
export function securityLoggerOf(request: FastifyRequest): SecurityLogger {
  return (event, fields) => logSecurityEvent(request, event, fields);
}
