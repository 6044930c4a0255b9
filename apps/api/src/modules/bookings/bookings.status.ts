import {
  type Booking,
  type BookingStatus,
  type BookingStatusHistoryEntry,
  type BookingStatusOption,
  type BookingStatusUpdate,
  bookingStatuses,
  bookingTransitions,
  canMoveBooking,
} from '@ps/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { bookingStatusHistory, bookings } from '../../db/schema/index.ts';
import { type RecordWriter, writeRecords } from '../../kit/records.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { publishLiveEvent } from '../live/live-events.ts';
import { type ClosedTrip, syncBookingTrips } from '../trips/trips.bookings.ts';
import type { BookingCaller } from './bookings.pricing.ts';
import { type BookingInsert, type BookingTableRow, createBookingsRepository } from './bookings.repository.ts';
import { bookingWrites, readBooking, tripCallerOf } from './bookings.service.ts';
import { giveVoucherUseBack } from './bookings.stay.ts';

/**
 * Moves the locked booking along `bookingTransitions` (400 naming both statuses otherwise), with its history line,
 * audit entry and live event, in the caller's transaction: the status call and a handover (check-in, check-out) both
 * move a booking this way. Cancelling gives the voucher's use back (a no-show does not: the stay was held for the
 * customer); both free the car park's space (the count leaves them out). Answers the trips the move closed (a
 * check-out's), so an undone check-out can give them back.
 */
export async function moveBooking(
  records: RecordWriter<BookingInsert>,
  caller: BookingCaller,
  row: BookingTableRow,
  to: BookingStatus,
  note: string | null,
): Promise<ClosedTrip[]> {
  const { tx } = records;
  if (!canMoveBooking(row.status, to)) {
    throw new AppError(400, 'booking_transition_invalid', {
      vars: { from: caller.t(`bookingStatuses.${row.status}`), to: caller.t(`bookingStatuses.${to}`) },
      details: [{ field: 'status', code: 'errors.booking_transition_invalid', message: '' }],
    });
  }
  const releasesVoucher = to === 'cancelled' && row.voucher_id !== null;
  if (releasesVoucher && row.voucher_id !== null) await giveVoucherUseBack(tx, caller.companyId, row.voucher_id);
  // The code and its rule stay on the booking as history; `voucher_id` says whether it still holds a use.
  const { after } = await records.update(row.id, { status: to, ...(releasesVoucher ? { voucher_id: null } : {}) });
  // Confirming a meet-and-greet booking makes its trips; cancelling or a no-show calls its open trips off; a check-out
  // closes them.
  const closed = await syncBookingTrips(tx, tripCallerOf(caller), after as BookingTableRow, row);
  await recordBookingStatus(tx, caller, row.id, row.status, to, note);
  return closed;
}

/** A line of the booking's status history, and the live event that tells the boards. */
export async function recordBookingStatus(
  tx: DbOrTx,
  caller: BookingCaller,
  bookingId: number,
  from: BookingStatus,
  to: BookingStatus,
  note: string | null,
): Promise<void> {
  await tx.insert(bookingStatusHistory).values({
    company_id: caller.companyId,
    booking_id: bookingId,
    from_status: from,
    to_status: to,
    note,
    changed_by: caller.actorUserId,
  });
  await publishLiveEvent(tx, { company_id: caller.companyId, booking_id: bookingId, action: 'status' });
}

/** A booking's statuses: the list with where each may go, the moves, and the history of each booking. */
export function createBookingStatusService(db: Db) {
  return {
    /** Every status in the caller's language, with the statuses it may move to. */
    statusOptions(caller: Pick<BookingCaller, 't'>): BookingStatusOption[] {
      return bookingStatuses.map((value) => ({
        value,
        label: caller.t(`bookingStatuses.${value}`),
        next: [...bookingTransitions[value]],
      }));
    },

    /**
     * Moves the booking along `bookingTransitions` (400 naming both statuses otherwise), with its history line,
     * audit entry and live event. Cancelling gives the voucher's use back (a no-show does not: the stay was
     * held for the customer); both free the car park's space (the count leaves them out).
     */
    /** `alsoWrite` writes more in the move's transaction, with the booking as it now is (the customer's cancellation mail). */
    async changeStatus(
      caller: BookingCaller,
      id: number,
      input: BookingStatusUpdate,
      options: { alsoWrite?: (tx: DbOrTx, booking: Booking) => Promise<void> } = {},
    ): Promise<Booking> {
      return writeRecords(db, bookings, caller, bookingWrites, async (records) => {
        const row = (await records.lock(id)) as BookingTableRow;
        await moveBooking(records, caller, row, input.status, input.note);
        const booking = await readBooking(records.tx, caller.companyId, id);
        await options.alsoWrite?.(records.tx, booking);
        return booking;
      });
    },

    async statusHistory(caller: BookingCaller, id: number): Promise<BookingStatusHistoryEntry[]> {
      const repository = createBookingsRepository(db, caller.companyId);
      if (!(await repository.findById(id))) throw notFound();
      const rows = await repository.statusHistory(id);
      return rows.map((entry) => ({ ...entry, changed_at: entry.changed_at.toISOString() }));
    },
  };
}
