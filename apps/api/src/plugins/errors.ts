import { type ErrorBody, errorBodySchema, type FieldError, fieldPathsForIssue, messageKeyForIssue } from '@ps/contracts';
import { isCalendarDate } from '@ps/contracts/common/dates';
import { formatDay } from '@ps/contracts/common/format';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../lib/errors.ts';
import type { Translate } from '../lib/i18n.ts';
import { pgErrorCode } from '../lib/pg-errors.ts';

/** Connection-level failures of either driver: the database is away, not the request wrong. */
const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EPIPE',
  '57P01',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);
const unavailableMessages = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /connect ECONNREFUSED/i,
  /Connection terminated unexpectedly/i,
  /PGlite is closed/i,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof candidate.code === 'string' && unavailableCodes.has(candidate.code)) return true;
    if (typeof candidate.message === 'string' && unavailableMessages.some((pattern) => pattern.test(candidate.message as string)))
      return true;
    // AggregateError from a failed connect to several addresses
    if (Array.isArray(candidate.errors) && candidate.errors.some(isDatabaseUnavailable)) return true;
    current = candidate.cause;
  }
  return false;
}

/**
 * Data exceptions (SQLSTATE class 22) a value sent by the caller causes: a number beyond the column's range
 * (an id of 99999999999), a NUL character in text, and the like. Bad input (400), never a 500.
 */
const badInputCodes = new Set(['22001', '22003', '22007', '22008', '22021', '22P02', '22P05']);

/**
 * @fastify/multipart's refusals (the upload route): a file, field or part over the limits is 413
 * `payload_too_large` (nothing is kept); a request to an upload route that is not multipart is 415.
 */
const multipartStatuses: Record<string, number> = {
  FST_REQ_FILE_TOO_LARGE: 413,
  FST_FILES_LIMIT: 413,
  FST_FIELDS_LIMIT: 413,
  FST_PARTS_LIMIT: 413,
  FST_INVALID_MULTIPART_CONTENT_TYPE: 415,
};

/** The value a request sent at a field path (zod 4 issues no longer carry their input). */
function valueAt(source: unknown, path: readonly string[]): unknown {
  let node = source;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function fieldErrorsFromValidation(error: FastifyError & { validation: unknown[] }, request: FastifyRequest): FieldError[] {
  const t = request.t;
  const sources: Record<string, unknown> = {
    body: request.body,
    querystring: request.query,
    params: request.params,
    headers: request.headers,
  };
  const source = sources[error.validationContext ?? 'body'];
  return (error.validation as Array<{ keyword: string; instancePath: string; message?: string; params: Record<string, unknown> }>).flatMap(
    (entry) => {
      const path = entry.instancePath.split('/').filter(Boolean);
      // Rebuild the zod issue the type provider flattened, to name the locale key and the field paths. The sent
      // value tells a missing field ("required") from one of the wrong type.
      const issue = {
        input: valueAt(source, path),
        ...entry.params,
        code: entry.keyword,
        path,
        message: entry.message ?? '',
      } as unknown as z.core.$ZodIssue;
      const key = messageKeyForIssue(issue);
      return fieldPathsForIssue(issue).map((field) => ({ field, code: key, message: t(key) }));
    },
  );
}

/** A calendar day in a message is written as every screen writes it ("30 Nov 2026"), never as ISO. */
function calendarDaysInWords(vars: Record<string, string | number>, language: string): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(vars).map(([name, value]) => [
      name,
      typeof value === 'string' && isCalendarDate(value) ? formatDay(language, value) : value,
    ]),
  );
}

export function errorBody(
  t: Translate,
  statusCode: number,
  code: ErrorBody['code'],
  vars: Record<string, string | number> = {},
  details?: FieldError[],
): ErrorBody {
  const message = t(`errors.${code}`, vars);
  // Spec section 8: on 401 the client shows the `error` field, so it carries the text there.
  return { message, error: statusCode === 401 ? message : code, code, ...(details ? { details } : {}) };
}

/** One place that turns every failure into the error body of spec section 8 in the caller's language. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const t = request.t;
    if (error instanceof AppError) {
      const words = (vars: Record<string, string | number> = {}) => calendarDaysInWords(vars, request.language);
      // A detail that repeats the error's own message gets the same values ({{found}}, {{date}}...), or its own.
      const details = error.details?.map(({ field, code, vars }) => ({
        field,
        code,
        message: t(code, words({ ...error.vars, ...vars })),
      }));
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({
          ...errorBody(t, error.statusCode, error.code, words(error.vars), details),
          ...(error.freeSlots ? { free_slots: error.freeSlots } : {}),
        });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send(errorBody(t, 400, 'validation_failed', {}, fieldErrorsFromValidation(error, request)));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: { message: error.message, code: error.code } }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send(errorBody(t, 503, 'service_unavailable'));
    }
    if (badInputCodes.has(pgErrorCode(error) ?? '')) {
      // The failed query's parameters stay out of the log: they are the caller's values.
      request.log.warn({ code: pgErrorCode(error) }, 'value refused by the database');
      return reply
        .code(400)
        .send(
          errorBody(t, 400, 'validation_failed', {}, [
            { field: '', code: 'validation.invalidValue', message: t('validation.invalidValue') },
          ]),
        );
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.code(500).send(errorBody(t, 500, 'internal'));
    }
    const status = multipartStatuses[error.code] ?? error.statusCode ?? 500;
    if (status === 429) return reply.code(429).send(errorBody(t, 429, 'too_many_requests'));
    if (status === 413) return reply.code(413).send(errorBody(t, 413, 'payload_too_large'));
    if (status === 415) return reply.code(415).send(errorBody(t, 415, 'unsupported_media_type'));
    if (status >= 400 && status < 500) {
      // Malformed JSON, an empty body where one is required, and the like.
      return reply
        .code(400)
        .send(
          errorBody(t, 400, 'validation_failed', {}, [
            { field: '', code: 'validation.invalidValue', message: t('validation.invalidValue') },
          ]),
        );
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(errorBody(t, 500, 'internal'));
  });
}

const errorDescriptions = {
  400: 'Bad input: `details` has a message per field',
  401: 'Not signed in, or the token is not valid (`error` holds the text)',
  403: 'Signed in without the permission this call needs',
  404: 'No such record in your company',
  409: 'Conflicts with existing data',
  413: 'Too large: a file or field over its limit (nothing was kept)',
  415: 'The body is not of a type this call takes',
  429: 'Too many requests or failed sign-ins',
  503: 'The database is unavailable; try again shortly',
} as const;

/** The error answers a route can give, as response schemas for validation and the API reference. */
export function errorResponses(...statuses: Array<keyof typeof errorDescriptions>) {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema.describe(errorDescriptions[status])])) as Record<
    (typeof statuses)[number],
    typeof errorBodySchema
  >;
}
