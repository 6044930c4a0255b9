import { resolve } from 'node:path';
import { z } from 'zod';

/** Every environment variable the API reads, validated once at start. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /**
   * Address to listen on. Unset: 127.0.0.1 while the embedded database with its public demo passwords is in
   * use (only this machine can sign in), 0.0.0.0 with a PostgreSQL server (DATABASE_URL).
   */
  HOST: z.string().min(1).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** A PostgreSQL server; without it the embedded database (PGlite) under DATA_DIR is used. */
  DATABASE_URL: z.string().url().optional(),
  /**
   * With DATABASE_URL: the role that owns the tables, for migrations and the retention job, so that
   * DATABASE_URL's role can be one that may not change or delete audit rows (docs/operations.md).
   */
  DATABASE_OWNER_URL: z.string().url().optional(),
  /** Embedded database folder; `memory://` keeps it in memory (tests, e2e). */
  DATA_DIR: z.string().default('./data'),
  /**
   * Where uploaded files (driver documents) are kept; default `<DATA_DIR>/uploads`. Back it up with the
   * database: rows name files in it. With several API processes it must be one folder they all share.
   */
  UPLOAD_DIR: z.string().min(1).optional(),
  /** HMAC secret for tokens (32+ characters). Without it one is generated and kept in the database. */
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(14 * 24 * 60 * 60),
  STEP_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 60),
  /** A session (one sign-in) ends this long after it started, whatever the refreshes (default 30 days). */
  SESSION_MAX_AGE_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(30 * 24 * 60 * 60),
  /** A session not refreshed for this long ends (default 12 hours: a working day and an evening). */
  SESSION_IDLE_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(12 * 60 * 60),
  /** First admin on an empty PostgreSQL server database (no demo data is loaded there). */
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  COMPANY_NAME: z.string().min(1).default('Parking Solutions'),
  /** Failed sign-ins allowed per identifier and per address inside the window before a lock-out. */
  LOGIN_MAX_FAILURES_PER_IDENTIFIER: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(20),
  LOGIN_THROTTLE_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  /** Requests per minute per address on the whole API. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /**
   * The public booking API's add (issue 23): bookings per hour from one address, and per minute through one company's
   * client key (its whole web site), on top of the API's limit per address above.
   */
  PUBLIC_BOOKINGS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().positive().default(20),
  PUBLIC_BOOKINGS_PER_KEY_PER_MINUTE: z.coerce.number().int().positive().default(60),
  /** Manage-my-booking calls (asking for a code, verifying it) per hour from one address. */
  PUBLIC_ACCESS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().positive().default(30),
  /** With PostgreSQL, how often each process adds its rate-limit counts to the shared ones (plugins/rate-limit-store.ts). */
  RATE_LIMIT_SYNC_MS: z.coerce.number().int().min(10).max(5000).default(250),
  /** Behind a reverse proxy: trust its X-Forwarded-For (off by default, so a made-up header changes nothing). */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /** The built web app; served at / when the folder exists. */
  WEB_DIST_DIR: z.string().default(resolve(import.meta.dirname, '../../web/dist')),
  /** Company whose client key the sign-in page gets; default the first active company. */
  DEFAULT_COMPANY_ID: z.coerce.number().int().positive().optional(),
  /**
   * The mail server (`smtp://user:pass@host:587`, `smtps://...:465`). Without it no mail is sent: messages wait
   * in the outbox (the back-office shows them) until a server is configured.
   */
  SMTP_URL: z
    .string()
    .url()
    .refine((value) => /^smtps?:\/\//.test(value), 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  /**
   * The address customers reach this server at (`https://book.example.com`), for the links in their mails (manage my
   * booking). Unset: http://localhost:<PORT>, right on the machine that runs it.
   */
  PUBLIC_URL: z.string().url().optional(),
  /** The sender of every message: an address, or `Name <address>`. */
  MAIL_FROM: z.string().min(3).default('Parking Solutions <no-reply@parking-solutions.invalid>'),
  /** How often the mail worker looks for due messages when no notification woke it. */
  MAIL_POLL_INTERVAL_MS: z.coerce.number().int().positive().default(15_000),
  /** A failed try is retried after this, doubled for each further failure (capped at an hour). */
  MAIL_RETRY_BASE_MS: z.coerce.number().int().positive().default(30_000),
  /** After this many failed tries a message is `failed` (a resend queues it again). */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().positive().default(8),
  /** How long a worker holds a message it is sending before another process may take it over. */
  MAIL_LEASE_MS: z.coerce.number().int().positive().default(120_000),
  /** How often each process looks for report mail that is due (docs/operations.md, "Reports by mail"). */
  REPORT_SCHEDULE_INTERVAL_MS: z.coerce.number().int().positive().default(300_000),
  /**
   * An HTTP flight provider (docs/operations.md, "Flight tracking"). Without it, operators type estimated
   * arrivals in (the manual provider). The key is sent as a bearer token and never logged.
   */
  FLIGHT_PROVIDER_URL: z.string().url().optional(),
  FLIGHT_PROVIDER_KEY: z.string().min(1).optional(),
  FLIGHT_PROVIDER_NAME: z.string().min(1).max(40).default('http'),
  /** How often the upcoming return flights are asked about (with an HTTP provider). */
  FLIGHT_POLL_INTERVAL_MS: z.coerce.number().int().min(10_000).default(300_000),
  /** Audit rows older than this many days are moved to an archive file by the daily retention job (docs/operations.md). */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(730),
  /** The same for security events. */
  SECURITY_EVENTS_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
  /** Where the archive files go; default `<DATA_DIR>/archive` (none with an in-memory database: nothing is kept). */
  ARCHIVE_DIR: z.string().min(1).optional(),
  /**
   * The bearer token a Prometheus scraper sends for `GET /metrics` (docs/operations.md, "Metrics"). Unset: /metrics
   * answers 404 and nothing is measured per request.
   */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** How long a database call may wait for a connection before the API answers 503. */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
});

export type Config = Omit<z.output<typeof envSchema>, 'HOST' | 'PUBLIC_URL'> & { HOST: string; PUBLIC_URL: string; demoData: boolean };

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  // An empty variable (`DATABASE_URL=` in a .env file) means "not set".
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  if (parsed.data.DATABASE_OWNER_URL && !parsed.data.DATABASE_URL) {
    throw new Error('Invalid environment: DATABASE_OWNER_URL: only with DATABASE_URL (the embedded database has one role)');
  }
  // Demo data belongs to the embedded database only: a real server never gets a demo password.
  const demoData = !parsed.data.DATABASE_URL;
  // Demo passwords are public: with demo data the server answers this machine only, unless HOST says otherwise.
  const host = parsed.data.HOST ?? (demoData ? '127.0.0.1' : '0.0.0.0');
  const publicUrl = parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`;
  return { ...parsed.data, HOST: host, PUBLIC_URL: publicUrl, demoData, ...overrides };
}
