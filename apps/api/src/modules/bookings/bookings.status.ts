import {
  type Booking,
  type BookingStatusHistoryEntry,
  type BookingStatusOption,
  type BookingStatusUpdate,
  bookingStatuses,
  bookingTransitions,
  canMoveBooking,
} from '@ps/contracts';
import type { Db } from '../../db/client.ts';
import { bookingStatusHistory, bookings } from '../../db/schema/index.ts';
import { writeRecords } from '../../kit/records.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { publishLiveEvent } from '../live/live-events.ts';
import { syncBookingTrips } from '../trips/trips.bookings.ts';
import type { BookingCaller } from './bookings.pricing.ts';
import { type BookingTableRow, createBookingsRepository } from './bookings.repository.ts';
import { bookingWrites, readBooking, tripCallerOf } from './bookings.service.ts';
import { giveVoucherUseBack } from './bookings.stay.ts';

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
    async changeStatus(caller: BookingCaller, id: number, input: BookingStatusUpdate): Promise<Booking> {
      return writeRecords(db, bookings, caller, bookingWrites, async (records) => {
        const { tx } = records;
        const row = (await records.lock(id)) as BookingTableRow;
        if (!canMoveBooking(row.status, input.status)) {
          throw new AppError(400, 'booking_transition_invalid', {
            vars: { from: caller.t(`bookingStatuses.${row.status}`), to: caller.t(`bookingStatuses.${input.status}`) },
            details: [{ field: 'status', code: 'errors.booking_transition_invalid', message: '' }],
          });
        }
        const releasesVoucher = input.status === 'cancelled' && row.voucher_id !== null;
        if (releasesVoucher && row.voucher_id !== null) await giveVoucherUseBack(tx, caller.companyId, row.voucher_id);
        // The code and its rule stay on the booking as history; `voucher_id` says whether it still holds a use.
        const { after } = await records.update(id, { status: input.status, ...(releasesVoucher ? { voucher_id: null } : {}) });
        // Confirming a meet-and-greet booking makes its trips; cancelling or a no-show calls its open trips off.
        await syncBookingTrips(tx, tripCallerOf(caller), after as BookingTableRow, row);
        await tx.insert(bookingStatusHistory).values({
          company_id: caller.companyId,
          booking_id: id,
          from_status: row.status,
          to_status: input.status,
          note: input.note,
          changed_by: caller.actorUserId,
        });
        await publishLiveEvent(tx, { company_id: caller.companyId, booking_id: id, action: 'status' });
        return readBooking(tx, caller.companyId, id);
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
