import { createHash } from 'node:crypto';
import {
  type Booking,
  type Language,
  MAX_PUBLIC_FORM_HOURS,
  MIN_PUBLIC_FORM_SECONDS,
  type PublicBookingCreate,
  type PublicBookingReceipt,
} from '@ps/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Translate } from '../../lib/i18n.ts';
import { createBookingsService, readBooking } from '../bookings/bookings.service.ts';
import type { ClientKeyCompany } from '../web-config/web-config.service.ts';
import { findPublicBookingRequest, recordPublicBookingRequest } from './public-booking.repository.ts';

/** The company behind a client key, when it takes bookings on its web site (off: 401 at once, as a wrong key). */
export function openForBookings(company: ClientKeyCompany): ClientKeyCompany {
  if (!company.public_booking_enabled) throw new AppError(401, 'public_booking_off');
  return company;
}

/** Who is asking, as the public booking API knows them: the request's language, no user. */
export interface PublicCaller {
  company: ClientKeyCompany;
  language: Language;
  t: Translate;
}

/** The answer of an add: what the customer quotes and does next, in their language. */
function receiptOf(booking: Booking, t: Translate): PublicBookingReceipt {
  // Pending means held until paid (the company's "in advance"); any other status stands, paid at the car park.
  const next_step = booking.status === 'pending' ? 'pay_in_advance' : 'pay_on_arrival';
  return {
    reference: booking.reference,
    status: booking.status,
    total: booking.total ?? 0,
    currency: booking.currency,
    next_step,
    next_step_text: t(`publicBooking.nextStep.${next_step}`, { reference: booking.reference }),
  };
}

/** Thrown inside the booking's transaction when another request with the same key committed first: it rolls back. */
class KeyTakenMeanwhile extends Error {}

/** The body a key came with, as one hash: the same key with another body is a different request. */
const hashOf = (input: PublicBookingCreate) => createHash('sha256').update(JSON.stringify(input)).digest('hex');

/**
 * The form was filled in by a person: the hidden field is empty, and it was shown at least MIN_PUBLIC_FORM_SECONDS
 * before it was sent (a script posts at once) and at most MAX_PUBLIC_FORM_HOURS (the prices it showed are stale).
 */
function assertFilledByAPerson(input: PublicBookingCreate, now: number): void {
  if (input.website.trim() !== '') throw new AppError(400, 'public_form_rejected');
  const shownFor = now - Date.parse(input.form_started_at);
  if (shownFor < MIN_PUBLIC_FORM_SECONDS * 1000) throw new AppError(400, 'public_form_too_fast');
  if (shownFor > MAX_PUBLIC_FORM_HOURS * 3_600_000) throw new AppError(400, 'public_form_expired');
}

export function createPublicBookingService(db: Db) {
  const bookings = createBookingsService(db);

  /** The booking an earlier request with this key made, or 409 when the key came with another body. */
  async function replayOf(companyId: number, key: string, hash: string, t: Translate) {
    const earlier = await findPublicBookingRequest(db, companyId, key);
    if (!earlier) return undefined;
    if (earlier.request_hash !== hash) throw new AppError(409, 'idempotency_key_reused');
    return receiptOf(await readBooking(db, companyId, earlier.booking_id), t);
  }

  return {
    /**
     * A customer's booking from the company's web site: channel `web`, the same quote (active records only), capacity
     * and voucher rules as the back-office's add, confirmed at once when the company is paid on arrival and pending
     * when paid in advance. The key and the booking are written together; the same key again answers the same booking
     * (`replayed`), also when two requests with it race.
     */
    async add(
      caller: PublicCaller,
      input: PublicBookingCreate,
      idempotencyKey: string,
      now = Date.now(),
    ): Promise<{ receipt: PublicBookingReceipt; replayed: boolean }> {
      const { company } = caller;
      const hash = hashOf(input);
      const earlier = await replayOf(company.id, idempotencyKey, hash, caller.t);
      if (earlier) return { receipt: earlier, replayed: true };
      assertFilledByAPerson(input, now);
      const { website: _honeypot, form_started_at: _shown, ...fields } = input;
      try {
        const booking = await bookings.create(
          { companyId: company.id, actorUserId: null, language: caller.language, t: caller.t },
          {
            ...fields,
            channel: 'web',
            agency_id: null,
            notes: null,
            shuttle_out_at: null,
            shuttle_back_at: null,
            language: input.language ?? caller.language,
          },
          {
            activeOnly: true,
            status: company.public_booking_payment === 'on_arrival' ? 'confirmed' : 'pending',
            alsoWrite: async (tx, bookingId) => {
              const kept = await recordPublicBookingRequest(tx, {
                company_id: company.id,
                idempotency_key: idempotencyKey,
                request_hash: hash,
                booking_id: bookingId,
              });
              if (!kept) throw new KeyTakenMeanwhile();
            },
          },
        );
        return { receipt: receiptOf(booking, caller.t), replayed: false };
      } catch (error) {
        // Another request with the same key committed first: its booking is the answer (this one rolled back whole).
        if (!(error instanceof KeyTakenMeanwhile)) throw error;
        const raced = await replayOf(company.id, idempotencyKey, hash, caller.t);
        if (!raced) throw error;
        return { receipt: raced, replayed: true };
      }
    },
  };
}
