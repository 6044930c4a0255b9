import type { MailMessage, MailMessageDetail, MailOutboxListQuery } from '@ps/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { recordAudit } from '../../kit/audit.ts';
import type { CompanyActor, RecordActor } from '../../kit/routes.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { publishLiveEvent } from '../live/live-events.ts';
import { type BookingMailKind, type RenderedMail, renderBookingConfirmation, renderBookingMail } from './mail.render.ts';
import { type BookingForMail, bookingForMail, createMailRepository, type MailRow } from './mail.repository.ts';

/** The channel a new message is announced on: every mail worker LISTENs and wakes at once. */
export const MAIL_CHANNEL = 'ps_mail';
export const BOOKING_CONFIRMATION = 'booking_confirmation';

type ListRow = Omit<MailRow, 'text_body' | 'html_body' | 'attachments'>;

const iso = (value: Date | null) => value?.toISOString() ?? null;

export function toMailMessage(row: ListRow): MailMessage {
  return {
    id: row.id,
    company_id: row.company_id,
    kind: row.kind,
    booking_id: row.booking_id,
    language: row.language,
    to_address: row.to_address,
    from_name: row.from_name,
    reply_to: row.reply_to,
    subject: row.subject,
    state: row.state,
    attempts: row.attempts,
    next_attempt_at: row.next_attempt_at.toISOString(),
    last_error: row.last_error,
    sent_at: iso(row.sent_at),
    message_id: row.message_id,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export const toMailMessageDetail = (row: MailRow): MailMessageDetail => ({
  ...toMailMessage(row),
  text_body: row.text_body,
  html_body: row.html_body,
});

/** Wakes the workers when the transaction commits (a NOTIFY is delivered on commit only). */
async function announce(tx: DbOrTx, row: MailRow): Promise<void> {
  await tx.execute(sql`select pg_notify(${MAIL_CHANNEL}, ${String(row.id)})`);
  if (row.booking_id !== null) await publishLiveEvent(tx, { company_id: row.company_id, booking_id: row.booking_id, action: 'mail' });
}

/** A message as the audit keeps it: its attached files by name and type, never their bytes. */
export const auditedMail = (row: MailRow) => ({
  ...row,
  attachments: row.attachments?.map(({ filename, content_type }) => ({ filename, content_type })) ?? null,
});

const auditMail = (tx: DbOrTx, actor: RecordActor, action: 'create' | 'update', row: MailRow, before?: MailRow) =>
  recordAudit(tx, {
    companyId: actor.companyId,
    actorUserId: actor.actorUserId,
    entity: 'mail_message',
    entityId: row.id,
    action,
    before: before ? auditedMail(before) : undefined,
    after: auditedMail(row),
  });

/** A message whose bodies hold a secret (a manage-my-booking code): audited without them. */
const withoutBodies = (row: MailRow): MailRow => ({ ...row, text_body: '', html_body: '' });

/**
 * Puts a rendered message to a booking's customer in the outbox, inside the caller's transaction: signed as the company
 * says now (the row keeps it, so a resend is signed the same), due at `dueAt` (now unless told), audited, and announced
 * to the workers on commit.
 */
export async function queueBookingMessage(
  tx: DbOrTx,
  actor: RecordActor,
  booking: BookingForMail & { customer_email: string },
  kind: string,
  mail: RenderedMail,
  dueAt?: Date,
  options: { secretBody?: boolean } = {},
): Promise<MailRow> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      company_id: actor.companyId,
      kind,
      booking_id: booking.id,
      language: booking.language,
      to_address: booking.customer_email,
      from_name: booking.company_mail_sender_name,
      reply_to: booking.company_mail_reply_to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      ...(dueAt ? { next_attempt_at: dueAt } : {}),
      created_by: actor.actorUserId,
    })
    .returning();
  if (!row) throw new Error('outbox insert returned no row');
  await auditMail(tx, actor, 'create', options.secretBody ? withoutBodies(row) : row);
  await announce(tx, row);
  return row;
}

/**
 * Renders a booking's confirmation (in the booking's language) and puts it in the outbox, inside the caller's
 * transaction: audited, and announced to the workers on commit. 404 when the booking is not the company's,
 * 409 `booking_no_email` when it has no address. The bookings code calls it when a booking is made.
 */
export async function queueBookingConfirmation(tx: DbOrTx, actor: RecordActor, bookingId: number): Promise<MailRow> {
  const booking = await bookingForMail(tx, actor.companyId, bookingId);
  if (!booking) throw notFound();
  if (!booking.customer_email) throw new AppError(409, 'booking_no_email');
  return queueBookingMessage(
    tx,
    actor,
    { ...booking, customer_email: booking.customer_email },
    BOOKING_CONFIRMATION,
    renderBookingConfirmation(booking),
  );
}

export const BOOKING_CHANGED = 'booking_changed';
export const BOOKING_CANCELLED = 'booking_cancelled';
const KIND_OF_MAIL = { confirmation: BOOKING_CONFIRMATION, changed: BOOKING_CHANGED, cancelled: BOOKING_CANCELLED } as const;

/**
 * Tells the customer what became of their booking (issue 23, section 3): a change or a cancellation they made online,
 * rendered in the booking's language and queued in the caller's transaction. Nothing when the booking has no e-mail.
 */
export async function queueBookingNotice(
  tx: DbOrTx,
  actor: RecordActor,
  bookingId: number,
  mail: BookingMailKind,
): Promise<MailRow | null> {
  const booking = await bookingForMail(tx, actor.companyId, bookingId);
  if (!booking?.customer_email) return null;
  return queueBookingMessage(
    tx,
    actor,
    { ...booking, customer_email: booking.customer_email },
    KIND_OF_MAIL[mail.kind],
    renderBookingMail(booking, mail),
  );
}

/** The outbox of a company: the booking mail, the list, one message, a resend. */
export function createMailService(db: Db) {
  return {
    async sendBookingMail(actor: CompanyActor, bookingId: number): Promise<MailMessageDetail> {
      const row = await db.transaction((tx) => queueBookingConfirmation(tx as unknown as DbOrTx, actor, bookingId));
      return toMailMessageDetail(row);
    },

    async list(actor: CompanyActor, query: MailOutboxListQuery) {
      const { rows, total } = await createMailRepository(db, actor.companyId).list(query);
      return { items: rows.map((row) => ({ ...toMailMessage(row), booking_reference: row.booking_reference })), total };
    },

    async get(actor: CompanyActor, id: number): Promise<MailMessageDetail> {
      const row = await createMailRepository(db, actor.companyId).findById(id);
      if (!row) throw notFound();
      return toMailMessageDetail(row);
    },

    /**
     * Tries a message again now: a queued one is due at once, a failed one is queued with its tries counted
     * afresh, a sent one is copied into a new queued message (the first stays as the record of what was sent).
     * A message a worker holds right now is 409 `mail_in_progress`.
     */
    resend: (actor: CompanyActor, id: number): Promise<MailMessageDetail> =>
      db.transaction(async (transaction) => {
        const tx = transaction as unknown as DbOrTx;
        const row = await createMailRepository(tx, actor.companyId).lock(id);
        if (!row) throw notFound();
        let result: MailRow | undefined;
        if (row.state === 'sending') throw new AppError(409, 'mail_in_progress');
        if (row.state === 'sent') {
          [result] = await tx
            .insert(mailOutbox)
            .values({
              company_id: row.company_id,
              kind: row.kind,
              booking_id: row.booking_id,
              language: row.language,
              to_address: row.to_address,
              from_name: row.from_name,
              reply_to: row.reply_to,
              subject: row.subject,
              text_body: row.text_body,
              html_body: row.html_body,
              attachments: row.attachments,
              created_by: actor.actorUserId,
            })
            .returning();
          if (result) await auditMail(tx, actor, 'create', result);
        } else {
          [result] = await tx
            .update(mailOutbox)
            .set({
              state: 'queued',
              next_attempt_at: sql`now()`,
              locked_until: null,
              ...(row.state === 'failed' ? { attempts: 0 } : {}),
            })
            .where(eq(mailOutbox.id, row.id))
            .returning();
          if (result) await auditMail(tx, actor, 'update', result, row);
        }
        if (!result) throw new Error('resend wrote no row');
        await announce(tx, result);
        return toMailMessageDetail(result);
      }),
  };
}
