import { createHash } from 'node:crypto';
import type { AmountDetails, AmountDetailsQuery, Language, Payment, PaymentCreate, PaymentListQuery } from '@ps/contracts';
import { formatMoney } from '@ps/contracts/common/format';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';
import { constraintTranslator } from '../../kit/constraints.ts';
import { writeRecords } from '../../kit/records.ts';
import type { CompanyActor } from '../../kit/routes.ts';
import { recordOf } from '../../kit/service.ts';
import { AppError, invalidField, notFound } from '../../lib/errors.ts';
import { constraintOf, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../lib/pg-errors.ts';
import { publishLiveEvent } from '../live/live-events.ts';
import {
  amountDetails,
  companySettings,
  createPaymentsRepository,
  lockBooking,
  type PaymentRow,
  type PaymentViewRow,
} from './payments.repository.ts';

const IDEMPOTENCY_CONSTRAINT = 'payments_idempotency_key_unique';

const paymentWrites = {
  entity: 'payment',
  translate: constraintTranslator({
    table: 'payments',
    references: ['booking_id'],
    checks: { payments_amount_not_zero: 'amount' },
    inUse: 'conflict',
  }),
};

/** A payment row as the API answers it; a row read without the deleter's name is one nobody deleted yet. */
export function toPayment(row: PaymentRow | PaymentViewRow): Payment {
  const { request_hash: _hash, paid_at, deleted_at, ...rest } = row;
  return {
    deleted_by_name: null,
    ...recordOf(rest),
    paid_at: paid_at.toISOString(),
    deleted_at: deleted_at?.toISOString() ?? null,
  };
}

/** The digest of an add body as the caller sent it: the same key must come with the same payment. */
function requestHash(input: PaymentCreate): string {
  const canonical: unknown[] = [input.booking_id, input.amount, input.method, input.reference ?? null, input.paid_at ?? null];
  // Only when set, so a body without the flag keeps the digest it had before the flag existed (and `false` = absent).
  if (input.as_credit === true) canonical.push('as_credit');
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/** What an add answers: the payment, and whether it is the one an earlier request with the same key recorded. */
export interface PaymentAdded {
  payment: Payment;
  replayed: boolean;
}

/**
 * The payments ledger. An add locks the booking row, so two payments of one booking are checked one after the
 * other (a refund never takes the paid sum below 0 and payments never go beyond the outstanding unless declared
 * as credit, also when two arrive at once); a repeated `Idempotency-Key` answers the first payment.
 */
export function createPaymentsService(db: Db) {
  /** The payment an earlier request with `key` recorded, if any: the same one again, or 409 for another body. */
  const replayOf = (row: PaymentRow | undefined, hash: string): PaymentAdded | undefined => {
    if (!row) return undefined;
    if (row.request_hash !== hash) throw new AppError(409, 'idempotency_key_reused');
    return { payment: toPayment(row), replayed: true };
  };

  return {
    async list(actor: CompanyActor, query: PaymentListQuery) {
      const { rows, total } = await createPaymentsRepository(db, actor.companyId).list(query);
      return { items: rows.map(toPayment), total };
    },

    async create(actor: CompanyActor, input: PaymentCreate, idempotencyKey: string | undefined, language: Language): Promise<PaymentAdded> {
      const hash = idempotencyKey === undefined ? null : requestHash(input);
      try {
        return await writeRecords(db, payments, actor, paymentWrites, async (records) => {
          const booking = await lockBooking(records.tx, actor.companyId, input.booking_id);
          if (!booking) throw invalidField('booking_id');
          const reader = createPaymentsRepository(records.tx, actor.companyId);
          // After the booking's lock, a concurrent request with the same key for this booking has committed.
          if (idempotencyKey !== undefined && hash !== null) {
            const replay = replayOf(await reader.findByIdempotencyKey(idempotencyKey), hash);
            if (replay) return replay;
          }
          // Under the booking's lock: two payments that each fit cannot together overpay.
          const paid = await reader.paidOf(input.booking_id);
          let credit = 0;
          if (input.amount > 0) {
            const outstanding = Math.max(booking.total - paid, 0);
            if (input.amount > outstanding) {
              if (input.as_credit !== true) {
                const { currency } = await companySettings(records.tx, actor.companyId);
                throw new AppError(409, 'payment_exceeds_outstanding', {
                  vars: { outstanding: formatMoney(language, outstanding, currency) },
                  details: [{ field: 'amount', code: 'errors.payment_exceeds_outstanding', message: '' }],
                });
              }
              credit = input.amount - outstanding;
            }
          }
          if (input.amount < 0) {
            if (paid + input.amount < 0) {
              const { currency } = await companySettings(records.tx, actor.companyId);
              throw new AppError(400, 'refund_exceeds_paid', {
                vars: { paid: formatMoney(language, paid, currency) },
                details: [{ field: 'amount', code: 'errors.refund_exceeds_paid', message: '' }],
              });
            }
          }
          const row = (await records.create({
            booking_id: input.booking_id,
            amount: input.amount,
            credit,
            method: input.method,
            reference: input.reference ?? null,
            paid_at: input.paid_at === undefined ? new Date() : new Date(input.paid_at),
            idempotency_key: idempotencyKey ?? null,
            request_hash: hash,
            created_by: actor.actorUserId,
          })) as PaymentRow;
          await publishLiveEvent(records.tx, { company_id: actor.companyId, booking_id: row.booking_id, action: 'payment' });
          return { payment: toPayment(row), replayed: false };
        });
      } catch (error) {
        // The same key raced in for another booking (another lock): the first one committed; answer as a replay.
        if (
          idempotencyKey !== undefined &&
          hash !== null &&
          pgErrorCode(error) === PG_UNIQUE_VIOLATION &&
          constraintOf(error) === IDEMPOTENCY_CONSTRAINT
        ) {
          const replay = replayOf(await createPaymentsRepository(db, actor.companyId).findByIdempotencyKey(idempotencyKey), hash);
          if (replay) return replay;
        }
        throw error;
      }
    },

    /**
     * Sets `deleted_at`/`deleted_by`/`delete_reason`; the audit entry keeps the whole row as it was, with the reason.
     * A deleted payment is a 404.
     */
    delete: (actor: CompanyActor, id: number, reason: string): Promise<Payment> =>
      writeRecords(db, payments, actor, { ...paymentWrites, auditNote: { delete_reason: { to: reason } } }, async (records) => {
        const reader = createPaymentsRepository(records.tx, actor.companyId);
        const found = await reader.findById(id);
        if (!found || found.deleted_at !== null) throw notFound();
        // The booking first, as an add takes it: payments of one booking change one at a time.
        await lockBooking(records.tx, actor.companyId, found.booking_id);
        const row = (await records.lock(id)) as PaymentRow;
        if (row.deleted_at !== null) throw notFound();
        if (row.amount > 0 && (await reader.paidOf(row.booking_id)) - row.amount < 0) {
          throw new AppError(409, 'payment_delete_leaves_negative');
        }
        await records.softRemove(id, { deleted_at: new Date(), deleted_by: actor.actorUserId, delete_reason: reason });
        await publishLiveEvent(records.tx, { company_id: actor.companyId, booking_id: row.booking_id, action: 'payment' });
        const deleted = await reader.findView(id);
        if (!deleted) throw notFound();
        return toPayment(deleted);
      }),

    async amountDetails(actor: CompanyActor, query: AmountDetailsQuery): Promise<AmountDetails> {
      const company = await companySettings(db, actor.companyId);
      const sums = await amountDetails(db, actor.companyId, query, query.time_zone ?? company.time_zone);
      return { ...sums, currency: company.currency };
    },
  };
}
