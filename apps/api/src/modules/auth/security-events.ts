import type { FastifyRequest } from 'fastify';

/**
 * Security events, one structured log line each (`event` names it), for whoever watches the logs: who
 * (user, company), from where (address), which request, when. Never a password, code, token or secret.
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

/** Writes one security event for this request: warn for refusals, info for the rest. */
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
}

/** The logger a service gets for one request. */
export function securityLoggerOf(request: FastifyRequest): SecurityLogger {
  return (event, fields) => logSecurityEvent(request, event, fields);
}
