import type { ErrorCode } from '@ps/contracts';
import { AppError, conflict, invalidField } from '../lib/errors.ts';
import {
  constraintOf,
  PG_CHECK_VIOLATION,
  PG_FOREIGN_KEY_VIOLATION,
  PG_RESTRICT_VIOLATION,
  PG_UNIQUE_VIOLATION,
  pgErrorCode,
  tableOf,
} from '../lib/pg-errors.ts';

/**
 * What the database refuses for one resource's table, said in the user's terms. The database keeps the
 * rules (unique names, references within the company, ranges); this table of names says which field each
 * rule is about:
 * - a unique constraint: 409 with its code, naming the field;
 * - a reference from this table (a company-owned reference is `(company_id, x_id)`, so another company's
 *   id fails like a missing one): 400 on that field;
 * - a reference *to* this table from a row that still uses it (delete): 409 `inUse`;
 * - a check constraint: 400 on its field.
 */
export interface ConstraintRules {
  /** The resource's own table name, e.g. `locations`. */
  table: string;
  unique?: Record<string, { code: ErrorCode; field: string }>;
  /** Columns of this table that reference another record: `airport_id`, `band_id`... */
  references?: readonly string[];
  checks?: Record<string, string>;
  /** The 409 code of a delete refused because other records use this one. */
  inUse: ErrorCode;
}

export function constraintTranslator(rules: ConstraintRules): (error: unknown) => AppError | undefined {
  return (error) => {
    const code = pgErrorCode(error);
    const constraint = constraintOf(error) ?? '';
    if (code === PG_UNIQUE_VIOLATION) {
      const rule = rules.unique?.[constraint];
      return rule ? conflict(rule.code, rule.field) : new AppError(409, 'conflict');
    }
    if (code === PG_RESTRICT_VIOLATION) return new AppError(409, rules.inUse);
    if (code === PG_FOREIGN_KEY_VIOLATION) {
      // A reference this table holds failed on insert or update; otherwise a row elsewhere still needs ours.
      if (tableOf(error) === rules.table) {
        const field = rules.references?.find((column) => constraint.startsWith(`${rules.table}_${column}_`));
        if (field) return invalidField(field);
      }
      return new AppError(409, rules.inUse);
    }
    if (code === PG_CHECK_VIOLATION) {
      const field = rules.checks?.[constraint];
      if (field) return invalidField(field);
    }
    return undefined;
  };
}
