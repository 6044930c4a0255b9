import { createHash } from 'node:crypto';
import type { Booking, BookingStatus } from '@ps/contracts';
import { HANDOVER_UNDO_MINUTES, type Handover, type HandoverCreate, type HandoverKind } from '@ps/contracts/handovers';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { bookings, carPlaces, handoverFiles, handovers } from '../../db/schema/index.ts';
import { recordAudit } from '../../kit/audit.ts';
import { writeRecords } from '../../kit/records.ts';
import { AppError, invalidField, notFound } from '../../lib/errors.ts';
import { constraintOf, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../lib/pg-errors.ts';
import type { UploadStore } from '../../lib/uploads.ts';
import type { BookingTableRow } from '../bookings/bookings.repository.ts';
import { bookingWrites, tripCallerOf } from '../bookings/bookings.service.ts';
import { moveBooking, recordBookingStatus } from '../bookings/bookings.status.ts';
import { publishLiveEvent } from '../live/live-events.ts';
import { dropHandoverReceipt, queueHandoverReceipt } from '../mail/mail.handover.ts';
import { type ClosedTrip, reopenTrips } from '../trips/trips.bookings.ts';
import { checkImages, discardImages, openHandoverImage, storeImages } from './handovers.images.ts';
import { placeCar } from './handovers.places.ts';
import { type HandoverCaller, listOfBooking, reaches, readHandover, readReachedBooking } from './handovers.reach.ts';
import { createHandoversRepository, type HandoverRow } from './handovers.repository.ts';

export type { HandoverCaller };

/** What each handover moves the booking to. */
const targetStatus: Record<HandoverKind, BookingStatus> = { check_in: 'checked_in', check_out: 'checked_out' };

/** A handover may be recorded up to this long ahead of the server's clock (a phone's clock runs a little fast). */
const CLOCK_SKEW_MS = 5 * 60_000;
const IDEMPOTENCY_CONSTRAINT = 'handovers_idempotency_key_unique';

/** The digest of an add as the phone sent it: the same key must come with the same handover. */
function requestHash(input: HandoverCreate): string {
  return createHash('sha256').update(JSON.stringify(input)).digest('hex');
}

const handoverAudit = (caller: HandoverCaller, row: HandoverRow, action: 'create' | 'update', before?: HandoverRow) =>
  ({
    companyId: caller.companyId,
    actorUserId: caller.actorUserId,
    entity: 'handover',
    entityId: row.id,
    action,
    // The images are files: the entry names how many, never their bytes.
    before: before as Record<string, unknown> | undefined,
    after: row as Record<string, unknown>,
  }) as const;

/**
 * Handovers (issue 22, section 1). Recording one locks the booking (as its other changes do), moves it along its
 * statuses (check-in to checked in, check-out to checked out, which closes its trips), places the car and its key on
 * check-in and frees the position on check-out, and keeps what was seen. The images are written to the upload store
 * first and removed again when the record is not written. Its author may undo it within HANDOVER_UNDO_MINUTES.
 */
export function createHandoversService(db: Db, uploads: UploadStore, log: FastifyBaseLogger) {
  const replayOf = async (caller: HandoverCaller, row: HandoverRow | undefined, hash: string): Promise<Handover | undefined> => {
    if (!row) return undefined;
    if (row.request_hash !== hash) throw new AppError(409, 'idempotency_key_reused');
    return readHandover(db, caller, row.booking_id, row.id);
  };

  return {
    list: (caller: HandoverCaller, bookingId: number) => listOfBooking(db, caller, bookingId),

    booking: (caller: HandoverCaller, bookingId: number): Promise<Booking> => readReachedBooking(db, caller, bookingId),

    openFile: (caller: HandoverCaller, id: number) => openHandoverImage(db, uploads, log, caller, id),

    /** Records a handover; the same `Idempotency-Key` with the same body answers the first one (`replayed`). */
    async record(
      caller: HandoverCaller,
      input: HandoverCreate,
      idempotencyKey: string | undefined,
    ): Promise<{ handover: Handover; replayed: boolean }> {
      const hash = requestHash(input);
      if (idempotencyKey !== undefined) {
        const replay = await replayOf(
          caller,
          await createHandoversRepository(db, caller.companyId).findByIdempotencyKey(idempotencyKey),
          hash,
        );
        if (replay) return { handover: replay, replayed: true };
      }
      const now = Date.now();
      const recordedAt = input.recorded_at === undefined ? new Date(now) : new Date(input.recorded_at);
      if (recordedAt.getTime() > now + CLOCK_SKEW_MS) throw invalidField('recorded_at');
      const stored = await storeImages(uploads, checkImages(input));
      let written: { id: number; replayed: boolean };
      try {
        written = await writeRecords(db, bookings, caller, bookingWrites, async (records) => {
          const { tx } = records;
          if (!(await reaches(tx, caller, input.booking_id))) throw invalidField('booking_id');
          const booking = (await records.lock(input.booking_id)) as BookingTableRow;
          // After the booking's lock, a concurrent request with the same key has committed.
          if (idempotencyKey !== undefined) {
            const earlier = await createHandoversRepository(tx, caller.companyId).findByIdempotencyKey(idempotencyKey);
            if (earlier) {
              if (earlier.request_hash !== hash) throw new AppError(409, 'idempotency_key_reused');
              return { id: earlier.id, replayed: true };
            }
          }
          const repository = createHandoversRepository(tx, caller.companyId);
          const place = await repository.placeOf(booking.id);
          let positionId: number | null = null;
          let keyLocation: string | null = input.key_location;
          if (input.kind === 'check_in') {
            if (input.position_id !== null) {
              const position = await repository.position(input.position_id);
              if (position?.status !== 1) throw invalidField('position_id');
              positionId = position.id;
              if (place) await tx.delete(carPlaces).where(eq(carPlaces.id, place.id));
              await placeCar(
                tx,
                {
                  company_id: caller.companyId,
                  booking_id: booking.id,
                  position_id: position.id,
                  holds_one: position.kind === 'bay',
                  key_location: keyLocation,
                  placed_at: recordedAt,
                  placed_by: caller.actorUserId,
                },
                position.name,
              );
            } else if (!place) {
              await tx.insert(carPlaces).values({
                company_id: caller.companyId,
                booking_id: booking.id,
                key_location: keyLocation,
                placed_at: recordedAt,
                placed_by: caller.actorUserId,
              });
            }
          } else {
            // Given back: the record keeps where the car and key were fetched from, and the position is free again.
            positionId = place?.position_id ?? null;
            keyLocation = input.key_location ?? place?.key_location ?? null;
            if (place) await tx.delete(carPlaces).where(eq(carPlaces.id, place.id));
          }
          const closed = await moveBooking(records, caller, booking, targetStatus[input.kind], null);
          const [row] = await tx
            .insert(handovers)
            .values({
              company_id: caller.companyId,
              booking_id: booking.id,
              kind: input.kind,
              recorded_at: recordedAt,
              recorded_by: caller.actorUserId,
              mileage: input.mileage,
              fuel_eighths: input.fuel_eighths,
              position_id: positionId,
              key_location: keyLocation,
              marks: input.marks,
              signed_name: input.signed_name,
              note: input.note,
              booking_status_before: booking.status,
              closed_trips: closed,
              idempotency_key: idempotencyKey ?? null,
              request_hash: hash,
            })
            .returning();
          if (!row) throw new Error('handover insert returned no row');
          if (input.kind === 'check_out') {
            // The customer's receipt lists the marks of both ends; it leaves once the undo window has passed.
            const checkIn = await repository.lastCheckIn(booking.id);
            const due = new Date(row.created_at.getTime() + (HANDOVER_UNDO_MINUTES + 1) * 60_000);
            const receipt = await queueHandoverReceipt(tx, caller, booking.id, checkIn, row, due);
            if (receipt !== null) await tx.update(handovers).set({ receipt_mail_id: receipt }).where(eq(handovers.id, row.id));
          }
          for (const image of stored) {
            await tx.insert(handoverFiles).values({
              company_id: caller.companyId,
              handover_id: row.id,
              purpose: image.purpose,
              stored_name: image.storedName,
              content_type: image.contentType,
              size_bytes: image.size,
            });
          }
          await recordAudit(tx, {
            ...handoverAudit(caller, row, 'create'),
            after: { ...row, photos: stored.filter((image) => image.purpose === 'photo').length, signed: input.signature !== null },
          });
          return { id: row.id, replayed: false };
        });
      } catch (error) {
        await discardImages(uploads, stored);
        // The same key raced in and committed first: answer its handover.
        if (idempotencyKey !== undefined && pgErrorCode(error) === PG_UNIQUE_VIOLATION && constraintOf(error) === IDEMPOTENCY_CONSTRAINT) {
          const replay = await replayOf(
            caller,
            await createHandoversRepository(db, caller.companyId).findByIdempotencyKey(idempotencyKey),
            hash,
          );
          if (replay) return { handover: replay, replayed: true };
        }
        throw error;
      }
      // A replay found under the booking's lock keeps the first handover's images, not these.
      if (written.replayed) await discardImages(uploads, stored);
      return { handover: await readHandover(db, caller, input.booking_id, written.id), replayed: written.replayed };
    },

    /**
     * Takes a handover back: only its author, only within HANDOVER_UNDO_MINUTES, only while the booking is still where
     * the handover moved it. The booking goes back (with its history line), the trips a check-out closed reopen, the
     * car's place is as before; the handover stays on record, marked undone, and the undo is audited.
     */
    async undo(caller: HandoverCaller, id: number): Promise<Handover> {
      const handover = await writeRecords(db, bookings, caller, bookingWrites, async (records) => {
        const { tx } = records;
        const repository = createHandoversRepository(tx, caller.companyId);
        const found = await repository.findById(id);
        if (!found || !(await reaches(tx, caller, found.booking_id))) throw notFound();
        const booking = (await records.lock(found.booking_id)) as BookingTableRow;
        const row = await repository.findById(id);
        if (!row || row.undone_at !== null) throw new AppError(409, 'handover_undone');
        if (row.recorded_by !== caller.actorUserId) throw new AppError(403, 'handover_undo_not_author');
        if (Date.now() - row.created_at.getTime() > HANDOVER_UNDO_MINUTES * 60_000) {
          throw new AppError(409, 'handover_undo_expired', { vars: { minutes: String(HANDOVER_UNDO_MINUTES) } });
        }
        if (booking.status !== targetStatus[row.kind]) {
          throw new AppError(409, 'handover_undo_superseded', { vars: { status: caller.t(`bookingStatuses.${booking.status}`) } });
        }
        const previous = row.booking_status_before as BookingStatus;
        const note = caller.t('handoverNotes.undone');
        await records.update(booking.id, { status: previous });
        await recordBookingStatus(tx, caller, booking.id, booking.status, previous, note);
        const place = await repository.placeOf(booking.id);
        if (row.kind === 'check_in') {
          if (place) await tx.delete(carPlaces).where(eq(carPlaces.id, place.id));
        } else {
          await reopenTrips(tx, tripCallerOf(caller), row.closed_trips as ClosedTrip[], note);
          if (row.receipt_mail_id !== null) await dropHandoverReceipt(tx, caller, row.receipt_mail_id);
          if (!place && (row.position_id !== null || row.key_location !== null)) {
            const position = row.position_id === null ? undefined : await repository.position(row.position_id);
            await placeCar(
              tx,
              {
                company_id: caller.companyId,
                booking_id: booking.id,
                position_id: row.position_id,
                holds_one: position?.kind === 'bay',
                key_location: row.key_location,
                placed_at: new Date(),
                placed_by: caller.actorUserId,
              },
              position?.name ?? '',
            );
          }
        }
        const [after] = await tx
          .update(handovers)
          .set({ undone_at: new Date(), undone_by: caller.actorUserId })
          .where(and(eq(handovers.company_id, caller.companyId), eq(handovers.id, row.id)))
          .returning();
        if (!after) throw notFound();
        await recordAudit(tx, handoverAudit(caller, after, 'update', row));
        await publishLiveEvent(tx, { company_id: caller.companyId, booking_id: booking.id, action: 'status' });
        return after;
      });
      return readHandover(db, caller, handover.booking_id, handover.id);
    },
  };
}
