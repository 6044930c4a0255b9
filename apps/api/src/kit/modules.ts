import type { AuditEntity, ErrorCode } from '@ps/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { UploadStore } from '../lib/uploads.ts';

/**
 * A feature of the API as `app.ts` sees it: one manifest per module (`modules/<feature>/<feature>.module.ts`), listed
 * in one explicit, ordered array (`modules/index.ts`). The app registers each module's routes from it, the API
 * reference takes its tags from it, and `manifests.test.ts` proves every list complete: each error code and audited
 * kind of record has its words in English and Tamil, each route a permission or a public reason.
 */
export interface ApiModule {
  /** A name for start-up errors and the manifest test. */
  name: string;
  /** The API reference's tags of its routes, each with its description (Spectral: operation-tag-defined). */
  tags: readonly { name: string; description: string }[];
  /** The error codes its services answer with (each has its message in the contracts' locales, EN and TA). */
  errors?: readonly ErrorCode[];
  /** The kinds of record whose changes it writes to the audit log (each named on the Audit screen, EN and TA). */
  auditEntities?: readonly AuditEntity[];
  /** Registers its routes (and its own hooks or decorations). */
  register(app: FastifyInstance, deps: ModuleDeps): void;
}

/** What a module's routes are built on. */
export interface ModuleDeps {
  config: Config;
  database: Database;
  db: Db;
  uploads: UploadStore;
  /** The token-signing secret (the auth module's). */
  secret: string;
}

/**
 * The error codes the shared mechanisms answer with, whatever the module: validation, sign-in and permission, a missing
 * record, a conflict the database reports, the rate limit, body limits and types, an outage, an internal error.
 */
export const kitErrorCodes = [
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'name_taken',
  'in_use',
  'too_many_requests',
  'payload_too_large',
  'unsupported_media_type',
  'service_unavailable',
  'internal',
  'file_missing',
  // Retry-safe routes (plugins/idempotency.ts).
  'idempotency_key_reused',
  'idempotency_in_progress',
] as const satisfies readonly ErrorCode[];
