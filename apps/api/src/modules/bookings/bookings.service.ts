import {
  type Booking,
  type BookingChannel,
  type BookingCreate,
  type BookingListQuery,
  type BookingPrice,
  type BookingReprice,
  type BookingStatus,
  type BookingUpdate,
  V,
} from '@ps/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { bookingServices, bookingStatusHistory, bookings } from '../../db/schema/index.ts';
import { recordAudit } from '../../kit/audit.ts';
import { constraintTranslator } from '../../kit/constraints.ts';
import { companyScope, writeRecords } from '../../kit/records.ts';
import { AppError, invalidField, notFound } from '../../lib/errors.ts';
import { constraintOf } from '../../lib/pg-errors.ts';
import { findActiveAgency } from '../agencies/agencies.repository.ts';
import { publishLiveEvent } from '../live/live-events.ts';
import { queueBookingConfirmation } from '../mail/mail.service.ts';
import { removeBookingTrips, syncBookingTrips } from '../trips/trips.bookings.ts';
import { listBookings, validTimeZone } from './bookings.list.ts';
import {
  assertSpace,
  type BookingCaller,
  newReference,
  priceChangeOf,
  priceOfRow,
  priceStay,
  resolveStay,
  type StayInput,
} from './bookings.pricing.ts';
import { type BookingTableRow, type BookingViewRow, createBookingsRepository, hasPayments } from './bookings.repository.ts';
import { applyServiceSet } from './bookings.service-set.ts';
import { assertSlots, slotChanges } from './bookings.slots.ts';
import { giveVoucherUseBack, takeVoucherUse } from './bookings.stay.ts';

export type { BookingCaller };

/** The booking's caller as the trips its changes move see them: the office (every driver's trips). */
export const tripCallerOf = (caller: BookingCaller) => ({ ...caller, driverId: null });

/** A booking as the API answers it: instants as UTC ISO 8601, what is still owed beside what was paid. */
export function toBooking(row: BookingViewRow): Booking {
  const iso = (value: Date | null) => (value ? value.toISOString() : null);
  return {
    ...row,
    departure_at: row.departure_at.toISOString(),
    arrival_at: row.arrival_at.toISOString(),
    shuttle_out_at: iso(row.shuttle_out_at),
    shuttle_back_at: iso(row.shuttle_back_at),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    agency_commission_percent: row.agency_commission_percent === null ? null : Number(row.agency_commission_percent),
    paid: Number(row.paid),
    // Paid beyond the total is credit, never a negative outstanding (docs/decisions.md "Overpayments are credit").
    outstanding: Math.max(row.total - Number(row.paid), 0),
    credit: Math.max(Number(row.paid) - row.total, 0),
  };
}

/** Statuses after which a booking is history: nothing in it changes any more. */
const closedStatuses: readonly BookingStatus[] = ['completed', 'cancelled', 'no_show'];
/** Only these may be deleted (and only without payments): a booking that happened stays on record. */
const deletableStatuses: readonly BookingStatus[] = ['pending', 'cancelled', 'no_show'];

/** The operator on the phone or at the desk is talking to the customer: confirmed at once; web and agency wait. */
export function initialStatus(channel: BookingChannel): BookingStatus {
  return channel === 'phone' || channel === 'walk_in' ? 'confirmed' : 'pending';
}

const bookingConstraints = constraintTranslator({
  table: 'bookings',
  references: ['airport_id', 'departure_id', 'arrival_id', 'car_park_id', 'package_id', 'voucher_id'],
  checks: { bookings_times_in_order: 'arrival_at', bookings_passengers_range: 'passengers', bookings_total_adds_up: 'total' },
  inUse: 'booking_in_use',
});

export const bookingWrites = {
  entity: 'booking',
  // A reference collision is retried by the caller, not reported.
  translate: (error: unknown) => (constraintOf(error) === 'bookings_reference_unique' ? undefined : bookingConstraints(error)),
};

export const voucherUsedUp = () =>
  new AppError(400, 'voucher_used_up', { details: [{ field: 'voucher_code', code: 'errors.voucher_used_up', message: '' }] });

/** The booking as a get answers it (inside a transaction: what it will commit). */
export async function readBooking(db: DbOrTx, companyId: number, id: number): Promise<Booking> {
  const row = await createBookingsRepository(db, companyId).findById(id);
  if (!row) throw notFound();
  return toBooking(row);
}

/** Shuttles (park and ride) run inside the stay, out before back: checked on the booking as it will be. */
function assertShuttlesInStay(booking: Pick<BookingTableRow, 'departure_at' | 'arrival_at' | 'shuttle_out_at' | 'shuttle_back_at'>) {
  const { departure_at, arrival_at, shuttle_out_at: out, shuttle_back_at: back } = booking;
  const wrong = (field: string) => new AppError(400, 'validation_failed', { details: [{ field, code: V.dateOrder, message: '' }] });
  if (out && out.getTime() < departure_at.getTime()) throw wrong('shuttle_out_at');
  if (back && back.getTime() > arrival_at.getTime()) throw wrong('shuttle_back_at');
  if (out && back && back.getTime() <= out.getTime()) throw wrong('shuttle_back_at');
}

/**
 * The agency columns of a booking sold by `agencyId`: an active agency of the caller's company (another
 * company's id is refused exactly like a missing one), with its commission rate as of now, which the booking
 * keeps. A booking of the `agency` channel names its agency.
 */
async function agencySale(
  tx: DbOrTx,
  companyId: number,
  agencyId: number | null,
  channel: BookingChannel,
): Promise<Pick<BookingTableRow, 'agency_id' | 'agency_commission_percent'>> {
  if (agencyId === null) {
    if (channel === 'agency')
      throw new AppError(400, 'validation_failed', { details: [{ field: 'agency_id', code: V.agencyNeeded, message: '' }] });
    return { agency_id: null, agency_commission_percent: null };
  }
  const agency = await findActiveAgency(tx, companyId, agencyId);
  if (!agency) throw invalidField('agency_id');
  return { agency_id: agency.id, agency_commission_percent: agency.commission_percent };
}

/** Refuses changes to a completed, cancelled or no-show booking. */
export function assertOpen(row: Pick<BookingTableRow, 'status'>): void {
  if (closedStatuses.includes(row.status)) throw new AppError(409, 'booking_closed');
}

/** How an update is made beyond its fields. */
export interface UpdateOptions {
  /** A restore is an edit whose audit entry names the version it brought back. */
  restoredFrom?: number;
  /** The booking's services become exactly these (the customer's change online); its lines stay as they are unless told. */
  serviceIds?: number[];
  /** The total the change was agreed at: another one (prices moved meanwhile) is 409 `price_changed`, nothing written. */
  expectTotal?: number;
  /** Only active records price it (the public booking API). */
  activeOnly?: boolean;
  /** Writes more in the update's transaction, once the booking is changed (the customer's change mail). */
  alsoWrite?: (tx: DbOrTx, bookingId: number) => Promise<void>;
  /** The statuses the booking may be changed in (the customer's change online: before the car is handed over); 400 `booking_not_changeable` otherwise. */
  statuses?: readonly BookingStatus[];
}

/** `references` draws a booking's reference (tests give one that collides first). */
export function createBookingsService(db: Db, references: () => string = newReference) {
  /** One transaction with the booking's audited writer; a reference that already exists is drawn again. */
  async function withReferenceRetry<R>(work: () => Promise<R>): Promise<R> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work();
      } catch (error) {
        if (constraintOf(error) !== 'bookings_reference_unique' || attempt >= 5) throw error;
      }
    }
  }

  return {
    async list(caller: BookingCaller, query: BookingListQuery & { time_zone?: string | undefined }, type?: BookingListQuery['type']) {
      const { rows, total, capped } = await listBookings(db, caller.companyId, query, {
        type,
        timeZone: validTimeZone(query.time_zone) ?? null,
      });
      return { items: rows.map(toBooking), total, capped };
    },

    get: (caller: BookingCaller, id: number) => readBooking(db, caller.companyId, id),

    /**
     * A new booking, priced by the quote of its airport days and fixed in the row. In one transaction: the car
     * park's lock and its count for every day of the stay, the voucher's use (atomic), the row, its service
     * lines, its first status in the history, the audit entries and the live event.
     */
    async create(
      caller: BookingCaller,
      input: BookingCreate,
      options: {
        fields?: { departure_id: string; arrival_id: string };
        requireCarPark?: string;
        /** The public booking API: only active records (as its quote), and the company's status for a web booking. */
        activeOnly?: boolean;
        status?: BookingStatus;
        /** Written in the booking's transaction, once its row exists (the public API's idempotency key). */
        alsoWrite?: (tx: DbOrTx, bookingId: number) => Promise<void>;
      } = {},
    ): Promise<Booking> {
      const stayInput: StayInput = {
        airport_id: input.airport_id,
        departure_id: input.departure_id,
        arrival_id: input.arrival_id,
        departure_at: new Date(input.departure_at),
        arrival_at: new Date(input.arrival_at),
      };
      const stay = await resolveStay(db, caller.companyId, stayInput, options.fields);
      if (options.requireCarPark && !stay.carPark) {
        throw new AppError(400, 'validation_failed', { details: [{ field: options.requireCarPark, code: V.invalidValue, message: '' }] });
      }
      const priced = await priceStay(
        db,
        caller,
        stay,
        {
          ...stayInput,
          package_id: input.package_id,
          service_ids: input.service_ids,
          voucher_code: input.voucher_code,
          type: input.type,
        },
        { activeOnly: options.activeOnly ?? false },
      );
      const status = options.status ?? initialStatus(input.channel);

      return withReferenceRetry(() =>
        writeRecords(db, bookings, caller, bookingWrites, async (records) => {
          const { tx } = records;
          // The car park's lock first, then the voucher's row: every writer takes them in this order.
          await assertSpace(tx, caller, stay, { exceptBookingId: null, lock: true });
          // Then the slot locks of its places (issue 24, section 2): a full quarter hour is refused with the nearest free ones.
          await assertSlots(tx, caller, { ...stayInput, timeZone: stay.timeZone }, { exceptBookingId: null, lock: true });
          const voucher = priced.voucher ? await takeVoucherUse(tx, caller.companyId, priced.voucher.id) : undefined;
          if (priced.voucher && !voucher) throw voucherUsedUp();
          const sale = await agencySale(tx, caller.companyId, input.agency_id, input.channel);
          const row = await records.create({
            reference: references(),
            type: priced.type,
            channel: input.channel,
            status,
            language: input.language ?? caller.language,
            customer_name: input.customer_name,
            customer_email: input.customer_email,
            customer_phone: input.customer_phone,
            vehicle_reg: input.vehicle_reg,
            vehicle_make: input.vehicle_make,
            vehicle_model: input.vehicle_model,
            vehicle_colour: input.vehicle_colour,
            airport_id: input.airport_id,
            departure_id: input.departure_id,
            arrival_id: input.arrival_id,
            car_park_id: stay.carPark?.id ?? null,
            departure_at: stayInput.departure_at,
            arrival_at: stayInput.arrival_at,
            start_day: stay.startDay,
            end_day: stay.endDay,
            outbound_flight: input.outbound_flight,
            return_flight: input.return_flight,
            passengers: input.passengers,
            shuttle_out_at: input.shuttle_out_at === null ? null : new Date(input.shuttle_out_at),
            shuttle_back_at: input.shuttle_back_at === null ? null : new Date(input.shuttle_back_at),
            package_id: input.package_id,
            voucher_id: priced.voucher?.id ?? null,
            voucher_code: priced.voucher?.code ?? null,
            voucher_discount_type: priced.voucher?.discount_type ?? null,
            voucher_discount_value: priced.voucher?.discount_value ?? null,
            ...sale,
            notes: input.notes,
            ...priced.price,
            currency: priced.currency,
            created_by: caller.actorUserId,
          });
          if (priced.services.length > 0) {
            const lines = await tx
              .insert(bookingServices)
              .values(
                priced.services.map((service) => ({
                  company_id: caller.companyId,
                  booking_id: row.id,
                  additional_service_id: service.id,
                  name: service.name,
                  unit_price: service.price,
                  quantity: 1,
                  price: service.price,
                })),
              )
              .returning();
            for (const line of lines) {
              await recordAudit(tx, { ...auditOf(caller), entity: 'booking_service', entityId: line.id, action: 'create', after: line });
            }
          }
          await tx.insert(bookingStatusHistory).values({
            company_id: caller.companyId,
            booking_id: row.id,
            from_status: null,
            to_status: status,
            changed_by: caller.actorUserId,
          });
          // A confirmed meet-and-greet booking gets its in and out trips in the same transaction.
          await syncBookingTrips(tx, tripCallerOf(caller), row as BookingTableRow, null);
          await publishLiveEvent(tx, { company_id: caller.companyId, booking_id: row.id, action: 'created' });
          // The confirmation goes to the outbox with the booking (sent by the mail worker once this commits).
          if (input.customer_email) await queueBookingConfirmation(tx, caller, row.id);
          await options.alsoWrite?.(tx, row.id);
          return readBooking(tx, caller.companyId, row.id);
        }),
      );
    },

    /**
     * Any subset of the fields. A change of route, times, package, type or voucher re-prices the booking (and
     * checks its car park again, and moves the voucher's use); other changes keep the price.
     */
    async update(
      caller: BookingCaller,
      id: number,
      input: BookingUpdate,
      options: UpdateOptions = {},
    ): Promise<{ data: Booking; repriced: BookingReprice | null }> {
      // A restore is an edit whose audit entry names the version it brought back.
      const writes =
        options.restoredFrom === undefined
          ? bookingWrites
          : { ...bookingWrites, auditNote: { restored_from: { to: options.restoredFrom } } };
      return writeRecords(db, bookings, caller, writes, async (records) => {
        const { tx } = records;
        const row = (await records.lock(id)) as BookingTableRow;
        assertOpen(row);
        if (options.statuses && !options.statuses.includes(row.status)) throw new AppError(400, 'booking_not_changeable');
        // Instants and the voucher are written by the re-price below (unchanged ones need no write).
        const { departure_at: _departure, arrival_at: _arrival, shuttle_out_at, shuttle_back_at, voucher_code: _voucher, ...plain } = input;
        const columns: Partial<typeof bookings.$inferInsert> = {
          ...plain,
          ...(shuttle_out_at === undefined ? {} : { shuttle_out_at: shuttle_out_at === null ? null : new Date(shuttle_out_at) }),
          ...(shuttle_back_at === undefined ? {} : { shuttle_back_at: shuttle_back_at === null ? null : new Date(shuttle_back_at) }),
        };
        // A new agency (or none) sets the rate the booking keeps; the same agency again keeps the old rate.
        if (input.agency_id !== undefined || input.channel !== undefined) {
          const agencyId = input.agency_id === undefined ? row.agency_id : input.agency_id;
          if (agencyId !== row.agency_id || agencyId === null) {
            Object.assign(columns, await agencySale(tx, caller.companyId, agencyId, input.channel ?? row.channel));
          }
        }
        let repriced: BookingReprice | null = null;
        const change = await priceChangeOf(tx, caller, row, input, options);
        if (options.expectTotal !== undefined && (change?.after.total ?? row.total) !== options.expectTotal) {
          throw new AppError(409, 'price_changed');
        }
        if (change?.services) {
          await applyServiceSet(tx, auditOf(caller), id, change.services);
          Object.assign(columns, change.after);
          repriced = { before: change.before, after: change.after };
        }
        const reprice = change?.reprice;
        if (reprice) {
          await assertSpace(tx, caller, reprice.stay, { exceptBookingId: id, lock: true });
          const slotRequest = { ...reprice.stayInput, timeZone: reprice.stay.timeZone };
          await assertSlots(tx, caller, slotRequest, { exceptBookingId: id, lock: true, changed: slotChanges(row, slotRequest) });
          if (row.voucher_id !== null && !reprice.held) await giveVoucherUseBack(tx, caller.companyId, row.voucher_id);
          const voucher = reprice.priced.voucher;
          if (voucher && !reprice.held && !(await takeVoucherUse(tx, caller.companyId, voucher.id))) throw voucherUsedUp();
          Object.assign(columns, {
            departure_id: reprice.stayInput.departure_id,
            arrival_id: reprice.stayInput.arrival_id,
            departure_at: reprice.stayInput.departure_at,
            arrival_at: reprice.stayInput.arrival_at,
            start_day: reprice.stay.startDay,
            end_day: reprice.stay.endDay,
            car_park_id: reprice.stay.carPark?.id ?? null,
            type: reprice.priced.type,
            voucher_id: voucher?.id ?? null,
            voucher_code: voucher?.code ?? null,
            voucher_discount_type: reprice.rule?.discount_type ?? null,
            voucher_discount_value: reprice.rule?.discount_value ?? null,
            ...reprice.after,
          });
          repriced = { before: reprice.before, after: reprice.after };
        }
        // Nothing to write (the customer sent the services the booking already has): nothing changes, nothing is logged.
        if (Object.keys(columns).length === 0) return { data: await readBooking(tx, caller.companyId, id), repriced: null };
        assertShuttlesInStay({ ...row, ...columns });
        const { after } = await records.update(id, columns);
        // New times move its trips that have not started (logged); another type no longer needs them.
        await syncBookingTrips(tx, tripCallerOf(caller), after as BookingTableRow, row);
        await publishLiveEvent(tx, { company_id: caller.companyId, booking_id: id, action: 'updated' });
        await options.alsoWrite?.(tx, id);
        return { data: await readBooking(tx, caller.companyId, id), repriced };
      });
    },

    /** What `update` with this body would do to the price, writing nothing. */
    async reprice(
      caller: BookingCaller,
      id: number,
      input: BookingUpdate,
      options: UpdateOptions = {},
    ): Promise<{ before: BookingPrice; after: BookingPrice }> {
      const tableRow = await companyScope(db, bookings, caller.companyId).findById<BookingTableRow>(id);
      if (!tableRow) throw notFound();
      assertOpen(tableRow);
      const change = await priceChangeOf(db, caller, tableRow, input, options);
      if (!change) return { before: priceOfRow(tableRow), after: priceOfRow(tableRow) };
      if (change.reprice) {
        await assertSpace(db, caller, change.reprice.stay, { exceptBookingId: id, lock: false });
        const slotRequest = { ...change.reprice.stayInput, timeZone: change.reprice.stay.timeZone };
        await assertSlots(db, caller, slotRequest, { exceptBookingId: id, lock: false, changed: slotChanges(tableRow, slotRequest) });
      }
      return { before: change.before, after: change.after };
    },

    /**
     * Only a pending, cancelled or no-show booking without payments (409 `booking_in_use`); the deletion is
     * audited with the whole row and gives back a voucher use the booking still holds.
     */
    async delete(caller: BookingCaller, id: number): Promise<void> {
      await writeRecords(db, bookings, caller, bookingWrites, async (records) => {
        const row = (await records.lock(id)) as BookingTableRow;
        if (!deletableStatuses.includes(row.status) || (await hasPayments(records.tx, caller.companyId, id))) {
          throw new AppError(409, 'booking_in_use');
        }
        if (row.voucher_id !== null) await giveVoucherUseBack(records.tx, caller.companyId, row.voucher_id);
        await removeBookingTrips(records.tx, tripCallerOf(caller), id);
        await records.remove(id);
        await publishLiveEvent(records.tx, { company_id: caller.companyId, booking_id: id, action: 'updated' });
      });
    },
  };
}

/** The audit entry's who, for rows the kit's writer does not write (service lines). */
export function auditOf(caller: BookingCaller) {
  return { companyId: caller.companyId, actorUserId: caller.actorUserId };
}
