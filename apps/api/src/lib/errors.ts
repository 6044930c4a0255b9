import type { ErrorCode, FieldError, FreeSlot } from '@ps/contracts';

/** A detail; `vars` fill its message's placeholders where they differ from the error's (one refusal per payout). */
export type ErrorDetail = FieldError & { vars?: Record<string, string | number> };

interface AppErrorOptions {
  /** Values for the message's {{placeholders}}. */
  vars?: Record<string, string | number>;
  details?: ErrorDetail[];
  headers?: Record<string, string>;
  /** 409 `slot_full`: the nearest free slots, sent in the body beside `details`. */
  freeSlots?: FreeSlot[];
}

/**
 * An error a service throws on purpose. The error plugin turns it into the error body, with the message
 * of `errors.<code>` in the caller's language.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly vars: Record<string, string | number>;
  readonly details: ErrorDetail[] | undefined;
  readonly headers: Record<string, string>;
  readonly freeSlots: FreeSlot[] | undefined;

  constructor(statusCode: number, code: ErrorCode, options: AppErrorOptions = {}) {
    super(code);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.code = code;
    this.vars = options.vars ?? {};
    this.details = options.details;
    this.headers = options.headers ?? {};
    this.freeSlots = options.freeSlots;
  }
}

export const notFound = () => new AppError(404, 'not_found');
export const forbidden = () => new AppError(403, 'forbidden');
export const unauthorized = (code: ErrorCode = 'unauthorized') => new AppError(401, code);
/** 409; with a field, the detail names it (its message is filled in the caller's language). */
export const conflict = (code: ErrorCode = 'conflict', field?: string) =>
  new AppError(409, code, field ? { details: [{ field, code: `errors.${code}`, message: '' }] } : {});

/** 400 about one field, e.g. a wrong current password; the detail carries the message of `errors.<code>`. */
export const fieldError = (code: ErrorCode, field: string) =>
  new AppError(400, code, { details: [{ field, code: `errors.${code}`, message: '' }] });

/** 400 for a value the schema accepts but the data refuses (an unknown country id, say). */
export const invalidField = (field: string) =>
  new AppError(400, 'validation_failed', { details: [{ field, code: 'validation.invalidValue', message: '' }] });
