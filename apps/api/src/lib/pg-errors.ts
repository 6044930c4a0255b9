/** PostgreSQL SQLSTATE codes the services translate into the user's terms. */
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';

type MaybePgError = { code?: unknown; constraint?: unknown; cause?: unknown };

/** Drizzle wraps driver errors; the SQLSTATE may sit on the error or on its cause. */
function pgError(error: unknown): MaybePgError | undefined {
  for (let current = error as MaybePgError | undefined, depth = 0; current && depth < 4; depth++) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current;
    current = current.cause as MaybePgError | undefined;
  }
  return undefined;
}

export function pgErrorCode(error: unknown): string | undefined {
  return pgError(error)?.code as string | undefined;
}

export function constraintOf(error: unknown): string | undefined {
  const constraint = pgError(error)?.constraint;
  return typeof constraint === 'string' ? constraint : undefined;
}
/** SQLSTATE newer PostgreSQL (and PGlite, 17) gives for an ON DELETE RESTRICT reference; 15 says 23503. */
export const PG_RESTRICT_VIOLATION = '23001';
export const PG_CHECK_VIOLATION = '23514';

/** The table the violated constraint belongs to (for a foreign key: the referencing table). */
export function tableOf(error: unknown): string | undefined {
  const table = (pgError(error) as { table?: unknown } | undefined)?.table;
  return typeof table === 'string' ? table : undefined;
}
