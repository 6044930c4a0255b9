import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  BOOKING_CODE_MINUTES,
  BOOKING_CODE_TRIES,
  BOOKING_TOKEN_MINUTES,
  type Booking,
  type BookingStatus,
  type Language,
  type PublicBookingAccess,
  type PublicBookingCancellation,
  type PublicBookingChange,
  type PublicBookingToken,
  type PublicBookingUpdate,
  type PublicBookingVerify,
  type PublicBookingView,
  type PublicCarRequest,
  type PublicCarRequestAnswer,
} from '@ps/contracts';
import { formatMoney, formatTime } from '@ps/contracts/common/format';
import type { Db, DbOrTx } from '../../db/client.ts';
import { recordAudit } from '../../kit/audit.ts';
import { dayAt } from '../../lib/dates.ts';
import { AppError, invalidField } from '../../lib/errors.ts';
import { type Translate, translator } from '../../lib/i18n.ts';
import { createBookingsService, readBooking } from '../bookings/bookings.service.ts';
import { createBookingStatusService } from '../bookings/bookings.status.ts';
import { publishLiveEvent } from '../live/live-events.ts';
import { queueBookingAccessCode } from '../mail/mail.access-code.ts';
import { queueBookingNotice } from '../mail/mail.service.ts';
import type { ClientKeyCompany } from '../web-config/web-config.service.ts';
import {
  bookingOfToken,
  bookingServiceLines,
  countCodesSince,
  countWrongTry,
  endTokens,
  findBookingByReference,
  findCarRequest,
  insertCarRequest,
  keepToken,
  lockLiveCode,
  replaceCode,
  useCode,
} from './public-booking.repository.ts';

/** At most this many codes are mailed for one booking in an hour: the access call cannot flood a customer's inbox. */
export const CODES_PER_BOOKING_PER_HOUR = 5;

const codeInvalid = () => new AppError(400, 'booking_code_invalid');
export const tokenInvalid = () => new AppError(401, 'booking_token_invalid');
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Manage my booking (issue 23, section 1): the customer names their booking by reference and e-mail, receives a code,
 * and exchanges it for a booking token bound to that one booking. Nothing about a booking is answered without its code.
 * `secret` is the server's signing secret: codes are kept as an HMAC with it, so the table alone cannot be tried offline.
 */
export function createManageBookingService(db: Db, secret: string) {
  const statuses = createBookingStatusService(db);
  const bookings = createBookingsService(db);
  const codeHash = (bookingId: number, code: string) => createHmac('sha256', secret).update(`${bookingId}:${code}`).digest('hex');

  return {
    /**
     * Finds the booking (one indexed read, the same whatever the outcome) and says whether the code's mail must go.
     * The caller answers the same 202 at once and sends the code afterwards (`sendCode`), so neither the answer nor
     * its timing tells a matching pair from a wrong one.
     */
    async match(companyId: number, input: PublicBookingAccess): Promise<number | null> {
      const booking = await findBookingByReference(db, companyId, input.reference);
      if (!booking?.customer_email || booking.customer_email.toLowerCase() !== input.email) return null;
      return booking.id;
    },

    /** A new 6-digit code for the booking, mailed to its e-mail (at most CODES_PER_BOOKING_PER_HOUR an hour). */
    async sendCode(companyId: number, bookingId: number): Promise<boolean> {
      const anHourAgo = new Date(Date.now() - 3_600_000);
      if ((await countCodesSince(db, companyId, bookingId, anHourAgo)) >= CODES_PER_BOOKING_PER_HOUR) return false;
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      return db.transaction(async (transaction) => {
        const tx = transaction as unknown as DbOrTx;
        await replaceCode(tx, {
          company_id: companyId,
          booking_id: bookingId,
          code_hash: codeHash(bookingId, code),
          expires_at: new Date(Date.now() + BOOKING_CODE_MINUTES * 60_000),
        });
        return queueBookingAccessCode(tx, { companyId, actorUserId: null }, bookingId, code);
      });
    },

    /**
     * The code for a booking token: one answer for every failure (unknown reference, no live code, a wrong code, tries
     * used up), each wrong try counted on the code (BOOKING_CODE_TRIES end it); a right one is used once.
     */
    async verify(companyId: number, input: PublicBookingVerify): Promise<PublicBookingToken> {
      const booking = await findBookingByReference(db, companyId, input.reference);
      if (!booking) throw codeInvalid();
      const outcome = await db.transaction(async (transaction) => {
        const tx = transaction as unknown as DbOrTx;
        const live = await lockLiveCode(tx, companyId, booking.id, BOOKING_CODE_TRIES);
        if (!live) return null;
        const expected = Buffer.from(live.code_hash, 'hex');
        const given = Buffer.from(codeHash(booking.id, input.code), 'hex');
        if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
          await countWrongTry(tx, live.id);
          return null;
        }
        await useCode(tx, live.id);
        const token = randomBytes(32).toString('base64url');
        const expiresAt = new Date(Date.now() + BOOKING_TOKEN_MINUTES * 60_000);
        await keepToken(tx, { token_hash: sha256(token), company_id: companyId, booking_id: booking.id, expires_at: expiresAt });
        return { booking_token: token, expires_at: expiresAt.toISOString() };
      });
      if (!outcome) throw codeInvalid();
      return outcome;
    },

    /** The booking a live token of this company is for, or 401: another company's token, an ended one, a made-up one. */
    async bookingOf(companyId: number, token: string): Promise<number> {
      const bookingId = await bookingOfToken(db, companyId, sha256(token));
      if (bookingId === undefined) throw tokenInvalid();
      return bookingId;
    },

    /**
     * The customer cancels: the office's own status move (pending or confirmed to cancelled, with its history line,
     * audit entry, live event, the voucher's use given back and the car park's space freed; a car already on site is
     * 400 `booking_transition_invalid`), then the booking's tokens end. The refund due is all that was paid when it is
     * cancelled at least `public_booking_refund_hours` before drop-off, nothing after; the office pays it back.
     */
    async cancel(
      company: ClientKeyCompany,
      bookingId: number,
      caller: { language: Language; t: Translate },
      now = Date.now(),
    ): Promise<PublicBookingCancellation> {
      const { t, language } = caller;
      const booking = await statuses.changeStatus(
        { companyId: company.id, actorUserId: null, language, t },
        bookingId,
        { status: 'cancelled', note: t('publicBooking.cancelNote') },
        {
          // The cancellation mail, with the refund said in the booking's language, goes with the move.
          alsoWrite: async (tx, cancelled) => {
            const refundText = refundOf(company, cancelled, cancelled.language, translator(cancelled.language), now).refund_text;
            await queueBookingNotice(tx, { companyId: company.id, actorUserId: null }, bookingId, { kind: 'cancelled', refundText });
          },
        },
      );
      await endTokens(db, company.id, bookingId);
      return refundOf(company, booking, language, t, now);
    },

    /**
     * The customer changes their booking (times, flights, car, passengers, services) while it is pending or confirmed:
     * the office's own update (audit, trips moved, capacity and voucher rules, active records only). A change of price
     * is first answered with the new price and nothing written; it is made when `confirm_price` equals it, and then only
     * at that price (prices moved meanwhile: 409 `price_changed`).
     */
    async update(companyId: number, bookingId: number, input: PublicBookingUpdate, caller: { language: Language; t: Translate }) {
      const { confirm_price, service_ids, ...changes } = input;
      const bookingCaller = { companyId, actorUserId: null, language: caller.language, t: caller.t };
      const options = { activeOnly: true, statuses: CHANGEABLE_STATUSES, ...(service_ids ? { serviceIds: service_ids } : {}) };
      const current = await readBooking(db, companyId, bookingId);
      if (!CHANGEABLE_STATUSES.includes(current.status)) throw new AppError(400, 'booking_not_changeable');
      assertNotPast(changes);
      const { before, after } = await bookings.reprice(bookingCaller, bookingId, changes, options);
      const money = (minor: number) => formatMoney(caller.language, minor, current.currency);
      const vars = { total: money(after.total), before: money(before.total) };
      const priceMoves = after.total !== before.total;
      if (priceMoves && confirm_price !== after.total) {
        return {
          updated: false,
          before,
          after,
          price_text: caller.t('publicBooking.price.toConfirm', vars),
          booking: await this.view(companyId, bookingId),
        } satisfies PublicBookingChange;
      }
      // The customer's mail of the change goes with it (its own transaction: both or neither).
      await bookings.update(bookingCaller, bookingId, changes, {
        ...options,
        expectTotal: after.total,
        alsoWrite: async (tx) => {
          await queueBookingNotice(tx, { companyId, actorUserId: null }, bookingId, { kind: 'changed' });
        },
      });
      return {
        updated: true,
        before,
        after,
        price_text: caller.t(priceMoves ? 'publicBooking.price.changed' : 'publicBooking.price.same', vars),
        booking: await this.view(companyId, bookingId),
      } satisfies PublicBookingChange;
    },

    /**
     * "Bring my car": a meet-and-greet booking whose car the company has (checked in), within a day of its return. One
     * a booking an airport day (409 `car_already_requested` naming the first); written with its audit entry and a live
     * event, so the board and Dispatch show it at once.
     */
    async requestCar(
      companyId: number,
      bookingId: number,
      input: PublicCarRequest,
      caller: { language: Language; t: Translate },
      now = new Date(),
    ): Promise<PublicCarRequestAnswer> {
      const booking = await readBooking(db, companyId, bookingId);
      const nearReturn = Math.abs(Date.parse(booking.arrival_at) - now.getTime()) <= CAR_REQUEST_WINDOW_HOURS * 3_600_000;
      if (booking.type !== 'meet_and_greet' || booking.status !== 'checked_in' || !nearReturn) {
        throw new AppError(400, 'car_request_not_possible');
      }
      const timeZone = booking.airport_time_zone;
      const localDay = dayAt(now, timeZone);
      const time = (instant: Date) => formatTime(caller.language, instant, timeZone);
      const request = await db.transaction(async (transaction) => {
        const tx = transaction as unknown as DbOrTx;
        const kept = await insertCarRequest(tx, {
          company_id: companyId,
          booking_id: bookingId,
          local_day: localDay,
          bag_claim_minutes: input.bag_claim_minutes,
          requested_at: now,
          wanted_at: new Date(now.getTime() + input.bag_claim_minutes * 60_000),
        });
        if (!kept) return undefined;
        await recordAudit(tx, { companyId, actorUserId: null, entity: 'car_request', entityId: kept.id, action: 'create', after: kept });
        await publishLiveEvent(tx, { company_id: companyId, booking_id: bookingId, action: 'car_requested' });
        return kept;
      });
      if (!request) {
        const first = await findCarRequest(db, companyId, bookingId, localDay);
        throw new AppError(409, 'car_already_requested', { vars: { time: first ? time(first.requested_at) : '' } });
      }
      return {
        reference: booking.reference,
        requested_at: request.requested_at.toISOString(),
        wanted_at: request.wanted_at.toISOString(),
        text: caller.t('publicBooking.carRequested', { time: time(request.wanted_at) }),
      };
    },

    /** What the customer sees of their booking. */
    async view(companyId: number, bookingId: number): Promise<PublicBookingView> {
      const booking = await readBooking(db, companyId, bookingId);
      const [services, carRequest] = await Promise.all([
        bookingServiceLines(db, companyId, bookingId),
        findCarRequest(db, companyId, bookingId, dayAt(new Date(), booking.airport_time_zone)),
      ]);
      return {
        reference: booking.reference,
        status: booking.status,
        type: booking.type,
        language: booking.language,
        customer_name: booking.customer_name,
        customer_email: booking.customer_email,
        customer_phone: booking.customer_phone,
        vehicle_reg: booking.vehicle_reg,
        vehicle_make: booking.vehicle_make,
        vehicle_model: booking.vehicle_model,
        vehicle_colour: booking.vehicle_colour,
        airport_iata_code: booking.airport_iata_code,
        airport_name: booking.airport_name,
        airport_time_zone: booking.airport_time_zone,
        departure_name: booking.departure_name,
        arrival_name: booking.arrival_name,
        departure_at: booking.departure_at,
        arrival_at: booking.arrival_at,
        outbound_flight: booking.outbound_flight,
        return_flight: booking.return_flight,
        passengers: booking.passengers,
        package_name: booking.package_name,
        voucher_code: booking.voucher_code,
        currency: booking.currency,
        base_price: booking.base_price ?? 0,
        package_price: booking.package_price ?? 0,
        services_price: booking.services_price ?? 0,
        discount: booking.discount ?? 0,
        total: booking.total ?? 0,
        paid: booking.paid ?? 0,
        outstanding: booking.outstanding ?? 0,
        services,
        car_request: carRequest
          ? { requested_at: carRequest.requested_at.toISOString(), wanted_at: carRequest.wanted_at.toISOString() }
          : null,
      };
    },
  };
}

/**
 * What a customer's own cancel gives back under the company's policy: all that was paid when cancelled at least
 * `public_booking_refund_hours` before drop-off, nothing after; said in `language`.
 */
function refundOf(company: ClientKeyCompany, booking: Booking, language: Language, t: Translate, now: number): PublicBookingCancellation {
  const paid = booking.paid ?? 0;
  const noticeHours = (Date.parse(booking.departure_at) - now) / 3_600_000;
  const refundDue = noticeHours >= company.public_booking_refund_hours ? paid : 0;
  const vars = {
    reference: booking.reference,
    amount: formatMoney(language, paid, booking.currency),
    hours: company.public_booking_refund_hours,
  };
  const outcome = paid === 0 ? 'nothingPaid' : refundDue > 0 ? 'full' : 'none';
  return {
    reference: booking.reference,
    status: booking.status,
    paid,
    refund_due: refundDue,
    currency: booking.currency,
    refund_text: t(`publicBooking.refund.${outcome}`, vars),
  };
}

/** A customer changes their booking online only before the car is handed over. */
const CHANGEABLE_STATUSES: readonly BookingStatus[] = ['pending', 'confirmed'];
/** "Bring my car" is open from this many hours before the booked return to as many after (a late flight). */
export const CAR_REQUEST_WINDOW_HOURS = 24;

/** A customer moves their stay to times still ahead (400 on the field otherwise). */
function assertNotPast(changes: { departure_at?: string | undefined; arrival_at?: string | undefined }, now = Date.now()): void {
  for (const field of ['departure_at', 'arrival_at'] as const) {
    const value = changes[field];
    if (value !== undefined && Date.parse(value) <= now) throw invalidField(field);
  }
}
