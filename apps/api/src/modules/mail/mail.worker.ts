import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { runJob } from '../../lib/job-runs.ts';
import { fromAddressOf } from '../../lib/mail-from.ts';
import { publishLiveEvent } from '../live/live-events.ts';
import type { MailRow } from './mail.repository.ts';
import { MAIL_CHANNEL } from './mail.service.ts';

export interface MailWorkerOptions {
  database: Database;
  /** The mail server; without it the worker never starts and messages stay queued. */
  smtpUrl: string | undefined;
  from: string;
  pollIntervalMs: number;
  retryBaseMs: number;
  maxAttempts: number;
  leaseMs: number;
  log: { info(object: object, message: string): void; warn(object: object, message: string): void };
}

export interface MailWorker {
  start(): Promise<void>;
  /** Stops claiming; the message in hand is finished (sent or put back) before it resolves. */
  stop(): Promise<void>;
}

const MAX_BACKOFF_MS = 60 * 60 * 1000;
const MAX_ERROR_LENGTH = 1000;

/**
 * Takes one due message: a queued one whose time has come, or one whose sender's lease ran out (a process that
 * died mid-send). One statement, so the claim is its own short transaction; `SKIP LOCKED` lets several workers
 * (in several processes) claim side by side, each row by one of them.
 */
async function claimOne(db: DbOrTx, leaseMs: number): Promise<MailRow | undefined> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      or(
        and(eq(mailOutbox.state, 'queued'), lte(mailOutbox.next_attempt_at, sql`now()`)),
        and(eq(mailOutbox.state, 'sending'), lte(mailOutbox.locked_until, sql`now()`)),
      ),
    )
    .orderBy(mailOutbox.next_attempt_at, mailOutbox.id)
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(mailOutbox)
    .set({
      state: 'sending',
      locked_until: sql`now() + ${leaseMs} * interval '1 millisecond'`,
      attempts: sql`${mailOutbox.attempts} + 1`,
    })
    .where(inArray(mailOutbox.id, due))
    .returning();
  return row;
}

/** The outcome of a try, written only while the claim is still this worker's (same attempt, still sending). */
async function finish(db: Database['db'], claimed: MailRow, outcome: Partial<typeof mailOutbox.$inferInsert>): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as DbOrTx;
    const [row] = await tx
      .update(mailOutbox)
      .set({ ...outcome, locked_until: null })
      .where(and(eq(mailOutbox.id, claimed.id), eq(mailOutbox.state, 'sending'), eq(mailOutbox.attempts, claimed.attempts)))
      .returning({ id: mailOutbox.id });
    if (row && claimed.booking_id !== null) {
      await publishLiveEvent(tx, { company_id: claimed.company_id, booking_id: claimed.booking_id, action: 'mail' });
    }
  });
}

/**
 * The outbox's sender (one per server process). Wakes on `NOTIFY ps_mail` (a new or resent message) and polls
 * as a fallback; sends due messages one at a time over SMTP; a failed try goes back to `queued` with its error
 * and a doubling wait, and is `failed` after `maxAttempts` tries.
 */
export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { database, smtpUrl, log } = options;
  const db = database.db;
  // nodemailer is loaded only with a mail server to talk to (a process without SMTP_URL never needs it).
  const transport = smtpUrl
    ? import('nodemailer').then(({ createTransport }) =>
        createTransport({
          url: smtpUrl,
          // Give up on a silent server well inside the lease, so no other process takes the message meanwhile.
          connectionTimeout: Math.min(30_000, options.leaseMs / 4),
          greetingTimeout: Math.min(30_000, options.leaseMs / 4),
          socketTimeout: Math.min(60_000, options.leaseMs / 2),
        }),
      )
    : undefined;
  let stopping = false;
  let running: Promise<void> | undefined;
  let wakeAgain = false;
  let poll: NodeJS.Timeout | undefined;
  let stopListening: (() => Promise<void>) | undefined;

  async function sendOne(message: MailRow): Promise<void> {
    if (!transport) return;
    try {
      const info = await (await transport).sendMail({
        // The company's sender name with the server's own address (the one the mail server may send for).
        from: message.from_name ? { name: message.from_name, address: fromAddressOf(options.from) } : options.from,
        ...(message.reply_to ? { replyTo: message.reply_to } : {}),
        to: message.to_address,
        subject: message.subject,
        text: message.text_body,
        html: message.html_body,
        // The company's logo is written into the HTML as a data: URL (the outbox row holds the whole message); sent as
        // an inline attachment (cid:), which mail programs show where most drop data: images.
        attachDataUrls: true,
        // Files the message carries (a report's XLSX), kept in the row so every try sends the same bytes.
        ...(message.attachments?.length
          ? {
              attachments: message.attachments.map((file) => ({
                filename: file.filename,
                contentType: file.content_type,
                content: Buffer.from(file.content_base64, 'base64'),
              })),
            }
          : {}),
      });
      await finish(db, message, { state: 'sent', sent_at: new Date(), message_id: info.messageId ?? null, last_error: null });
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
      const givenUp = message.attempts >= options.maxAttempts;
      const backoff = Math.min(MAX_BACKOFF_MS, options.retryBaseMs * 2 ** (message.attempts - 1));
      log.warn({ mail_id: message.id, attempts: message.attempts, err: reason }, givenUp ? 'mail failed for good' : 'mail try failed');
      await finish(db, message, {
        state: givenUp ? 'failed' : 'queued',
        last_error: reason,
        next_attempt_at: sql`now() + ${backoff} * interval '1 millisecond'` as unknown as Date,
      });
    }
  }

  async function drain(): Promise<void> {
    while (!stopping) {
      const message = await claimOne(db, options.leaseMs);
      if (!message) return;
      await sendOne(message);
    }
  }

  /** Runs the drain loop, once more if woken while it ran; never two loops at once in one process. */
  function wake(): void {
    if (stopping || !transport) return;
    if (running) {
      wakeAgain = true;
      return;
    }
    running = (async () => {
      do {
        wakeAgain = false;
        try {
          // Each drain is a run of the outbox worker (lib/job-runs.ts); it fails when the outbox cannot be read.
          await runJob('mail_outbox', drain);
        } catch (error) {
          // The database is away: the poll tries again later.
          log.warn({ err: error instanceof Error ? error.message : String(error) }, 'mail outbox unavailable');
        }
      } while (wakeAgain && !stopping);
    })().finally(() => {
      running = undefined;
    });
  }

  async function listen(): Promise<void> {
    if (stopListening || stopping) return;
    try {
      stopListening = await database.listen(MAIL_CHANNEL, wake, () => {
        stopListening = undefined;
      });
    } catch (error) {
      log.warn({ err: error instanceof Error ? error.message : String(error) }, 'mail notifications unavailable; polling only');
    }
  }

  return {
    async start() {
      if (!transport) {
        log.info({}, 'SMTP_URL not set: mail stays in the outbox');
        return;
      }
      await listen();
      poll = setInterval(() => {
        void listen();
        wake();
      }, options.pollIntervalMs);
      poll.unref();
      wake();
    },
    async stop() {
      stopping = true;
      if (poll) clearInterval(poll);
      await stopListening?.();
      stopListening = undefined;
      await running;
      (await transport)?.close();
    },
  };
}

/** The worker with the settings of `config` (SMTP_URL, MAIL_*). */
export function mailWorkerFromConfig(
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'MAIL_POLL_INTERVAL_MS' | 'MAIL_RETRY_BASE_MS' | 'MAIL_MAX_ATTEMPTS' | 'MAIL_LEASE_MS'>,
  database: Database,
  log: MailWorkerOptions['log'],
): MailWorker {
  return createMailWorker({
    database,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    pollIntervalMs: config.MAIL_POLL_INTERVAL_MS,
    retryBaseMs: config.MAIL_RETRY_BASE_MS,
    maxAttempts: config.MAIL_MAX_ATTEMPTS,
    leaseMs: config.MAIL_LEASE_MS,
    log,
  });
}
