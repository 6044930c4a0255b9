import type { Handover, HandoverFile, Relocation } from '@ps/contracts/handovers';
import { HANDOVER_UNDO_MINUTES } from '@ps/contracts/handovers';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { carPlaces, carRelocations, handoverFiles, handovers, locations, positions, users, yards } from '../../db/schema/index.ts';

export type HandoverRow = typeof handovers.$inferSelect;
export type CarPlaceRow = typeof carPlaces.$inferSelect;

const undoner = alias(users, 'undone_by_user');
const fromPosition = alias(positions, 'from_position');
const toPosition = alias(positions, 'to_position');

const fileOf = (row: typeof handoverFiles.$inferSelect): HandoverFile => ({
  id: row.id,
  purpose: row.purpose,
  content_type: row.content_type,
  size_bytes: row.size_bytes,
});

/** Reads of one company's handovers, car places and relocations (every where holds the company). */
export function createHandoversRepository(db: DbOrTx, companyId: number) {
  return {
    /** The booking's handovers, oldest first, with who recorded (and undid) them, the position's name and the images. */
    async ofBooking(bookingId: number, now: Date): Promise<Handover[]> {
      const rows = await db
        .select({
          handover: handovers,
          recorded_by_name: users.name,
          undone_by_name: undoner.name,
          position_name: positions.name,
          place_name: yards.name,
          car_park_name: locations.name,
        })
        .from(handovers)
        .leftJoin(users, eq(users.id, handovers.recorded_by))
        .leftJoin(undoner, eq(undoner.id, handovers.undone_by))
        .leftJoin(positions, and(eq(positions.company_id, handovers.company_id), eq(positions.id, handovers.position_id)))
        .leftJoin(yards, and(eq(yards.company_id, positions.company_id), eq(yards.id, positions.yard_id)))
        .leftJoin(locations, and(eq(locations.company_id, positions.company_id), eq(locations.id, positions.location_id)))
        .where(and(eq(handovers.company_id, companyId), eq(handovers.booking_id, bookingId)))
        .orderBy(asc(handovers.recorded_at), asc(handovers.id));
      if (rows.length === 0) return [];
      const files = await db
        .select()
        .from(handoverFiles)
        .where(
          and(
            eq(handoverFiles.company_id, companyId),
            inArray(
              handoverFiles.handover_id,
              rows.map((row) => row.handover.id),
            ),
          ),
        )
        .orderBy(asc(handoverFiles.id));
      return rows.map(({ handover, ...names }) => {
        const own = files.filter((file) => file.handover_id === handover.id);
        const signature = own.find((file) => file.purpose === 'signature');
        const until = new Date(handover.created_at.getTime() + HANDOVER_UNDO_MINUTES * 60_000);
        return {
          id: handover.id,
          booking_id: handover.booking_id,
          kind: handover.kind,
          recorded_at: handover.recorded_at.toISOString(),
          recorded_by: handover.recorded_by,
          recorded_by_name: names.recorded_by_name,
          mileage: handover.mileage,
          fuel_eighths: handover.fuel_eighths,
          position_id: handover.position_id,
          position_name: names.position_name,
          place_name: names.place_name ?? names.car_park_name,
          key_location: handover.key_location,
          marks: handover.marks,
          signed_name: handover.signed_name,
          note: handover.note,
          photos: own.filter((file) => file.purpose === 'photo').map(fileOf),
          signature: signature ? fileOf(signature) : null,
          booking_status_before: handover.booking_status_before as Handover['booking_status_before'],
          undone_at: handover.undone_at?.toISOString() ?? null,
          undone_by_name: names.undone_by_name,
          undo_until: handover.undone_at === null && until > now ? until.toISOString() : null,
          created_at: handover.created_at.toISOString(),
        };
      });
    },

    /** The booking's check-in in force (the latest not undone), for the check-out to compare with. */
    async lastCheckIn(bookingId: number): Promise<HandoverRow | undefined> {
      const [row] = await db
        .select()
        .from(handovers)
        .where(
          and(
            eq(handovers.company_id, companyId),
            eq(handovers.booking_id, bookingId),
            eq(handovers.kind, 'check_in'),
            isNull(handovers.undone_at),
          ),
        )
        .orderBy(desc(handovers.recorded_at), desc(handovers.id))
        .limit(1);
      return row;
    },

    async findById(id: number): Promise<HandoverRow | undefined> {
      const [row] = await db
        .select()
        .from(handovers)
        .where(and(eq(handovers.company_id, companyId), eq(handovers.id, id)))
        .limit(1);
      return row;
    },

    async findByIdempotencyKey(key: string): Promise<HandoverRow | undefined> {
      const [row] = await db
        .select()
        .from(handovers)
        .where(and(eq(handovers.company_id, companyId), eq(handovers.idempotency_key, key)))
        .limit(1);
      return row;
    },

    async file(id: number) {
      const [row] = await db
        .select()
        .from(handoverFiles)
        .where(and(eq(handoverFiles.company_id, companyId), eq(handoverFiles.id, id)))
        .limit(1);
      return row;
    },

    /** Where the booking's car is now (none before check-in and after check-out). */
    async placeOf(bookingId: number): Promise<CarPlaceRow | undefined> {
      const [row] = await db
        .select()
        .from(carPlaces)
        .where(and(eq(carPlaces.company_id, companyId), eq(carPlaces.booking_id, bookingId)))
        .limit(1);
      return row;
    },

    async position(id: number) {
      const [row] = await db
        .select()
        .from(positions)
        .where(and(eq(positions.company_id, companyId), eq(positions.id, id)))
        .limit(1);
      return row;
    },

    /** The booking's moves on site, oldest first. */
    async relocations(bookingId: number): Promise<Relocation[]> {
      const rows = await db
        .select({
          id: carRelocations.id,
          booking_id: carRelocations.booking_id,
          from_position_name: fromPosition.name,
          to_position_name: toPosition.name,
          from_key_location: carRelocations.from_key_location,
          to_key_location: carRelocations.to_key_location,
          note: carRelocations.note,
          moved_at: carRelocations.moved_at,
          moved_by_name: users.name,
        })
        .from(carRelocations)
        .leftJoin(
          fromPosition,
          and(eq(fromPosition.company_id, carRelocations.company_id), eq(fromPosition.id, carRelocations.from_position_id)),
        )
        .leftJoin(toPosition, and(eq(toPosition.company_id, carRelocations.company_id), eq(toPosition.id, carRelocations.to_position_id)))
        .leftJoin(users, eq(users.id, carRelocations.moved_by))
        .where(and(eq(carRelocations.company_id, companyId), eq(carRelocations.booking_id, bookingId)))
        .orderBy(asc(carRelocations.moved_at), asc(carRelocations.id));
      return rows.map((row) => ({ ...row, moved_at: row.moved_at.toISOString() }));
    },
  };
}
