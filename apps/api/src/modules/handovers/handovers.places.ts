import type { Relocation, RelocationCreate } from '@ps/contracts/handovers';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { bookings, carPlaces, carRelocations } from '../../db/schema/index.ts';
import { recordAudit } from '../../kit/audit.ts';
import { writeRecords } from '../../kit/records.ts';
import { AppError, invalidField, notFound } from '../../lib/errors.ts';
import { constraintOf, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../lib/pg-errors.ts';
import { bookingWrites } from '../bookings/bookings.service.ts';
import { publishLiveEvent } from '../live/live-events.ts';
import { type HandoverCaller, reaches, requireBooking } from './handovers.reach.ts';
import { type CarPlaceRow, createHandoversRepository } from './handovers.repository.ts';

/**
 * Where a car on site is (`car_places`) and its moves (`car_relocations`). A bay holds one car: the partial unique index
 * `car_places_bay_unique` refuses a second, also when two requests race; every write that can put a car in a bay goes
 * through `inOneBay`, which turns that refusal into 409 `position_taken`.
 */

const BAY_CONSTRAINT = 'car_places_bay_unique';

/** 409 `position_taken`: a bay holds one car. */
const positionTaken = (name: string) =>
  new AppError(409, 'position_taken', {
    vars: { position: name },
    details: [{ field: 'position_id', code: 'errors.position_taken', message: '' }],
  });

/**
 * Runs a write of `car_places` in a savepoint and turns the bay's unique index into 409 `position_taken` (two cars
 * racing for one bay: the second loses), so the refusal leaves the transaction usable for the error's answer.
 */
async function inOneBay(tx: DbOrTx, positionName: string, write: (inner: DbOrTx) => Promise<unknown>): Promise<void> {
  try {
    await tx.transaction(async (inner) => {
      await write(inner as unknown as DbOrTx);
    });
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION && constraintOf(error) === BAY_CONSTRAINT) throw positionTaken(positionName);
    throw error;
  }
}

/** Puts a car on site: its position (a bay for it alone) and where its key hangs. */
export const placeCar = (tx: DbOrTx, values: typeof carPlaces.$inferInsert, positionName: string) =>
  inOneBay(tx, positionName, (inner) => inner.insert(carPlaces).values(values));

/** Moving a car on site (or its key), and the booking's moves. */
export function createRelocationsService(db: Db) {
  return {
    /** Moves a car on site and/or its key, recorded with who, when, from and to; a bay holds one car (409). */
    async relocate(caller: HandoverCaller, input: RelocationCreate): Promise<Relocation> {
      const relocationId = await writeRecords(db, bookings, caller, bookingWrites, async (records) => {
        const { tx } = records;
        if (!(await reaches(tx, caller, input.booking_id))) throw invalidField('booking_id');
        await records.lock(input.booking_id);
        const repository = createHandoversRepository(tx, caller.companyId);
        const place = await repository.placeOf(input.booking_id);
        if (!place)
          throw new AppError(409, 'car_not_on_site', { details: [{ field: 'booking_id', code: 'errors.car_not_on_site', message: '' }] });
        const changes: Partial<CarPlaceRow> = {};
        let positionName = '';
        if (input.position_id !== undefined && input.position_id !== place.position_id) {
          if (input.position_id === null) {
            Object.assign(changes, { position_id: null, holds_one: false });
          } else {
            const position = await repository.position(input.position_id);
            if (position?.status !== 1) throw invalidField('position_id');
            positionName = position.name;
            Object.assign(changes, { position_id: position.id, holds_one: position.kind === 'bay' });
          }
        }
        if (input.key_location !== undefined && input.key_location !== place.key_location) changes.key_location = input.key_location;
        if (Object.keys(changes).length === 0) {
          throw new AppError(400, 'validation_failed', {
            details: [{ field: 'position_id', code: 'validation.invalidValue', message: '' }],
          });
        }
        await inOneBay(tx, positionName, (inner) =>
          inner
            .update(carPlaces)
            .set({ ...changes, placed_at: new Date(), placed_by: caller.actorUserId, updated_at: new Date() })
            .where(eq(carPlaces.id, place.id)),
        );
        const [row] = await tx
          .insert(carRelocations)
          .values({
            company_id: caller.companyId,
            booking_id: input.booking_id,
            from_position_id: place.position_id,
            to_position_id: changes.position_id === undefined ? place.position_id : changes.position_id,
            from_key_location: place.key_location,
            to_key_location: changes.key_location === undefined ? place.key_location : changes.key_location,
            note: input.note,
            moved_at: new Date(),
            moved_by: caller.actorUserId,
          })
          .returning();
        if (!row) throw new Error('relocation insert returned no row');
        await recordAudit(tx, {
          companyId: caller.companyId,
          actorUserId: caller.actorUserId,
          entity: 'car_relocation',
          entityId: row.id,
          action: 'create',
          after: row as Record<string, unknown>,
        });
        await publishLiveEvent(tx, { company_id: caller.companyId, booking_id: input.booking_id, action: 'status' });
        return row.id;
      });
      const all = await createHandoversRepository(db, caller.companyId).relocations(input.booking_id);
      const created = all.find((entry) => entry.id === relocationId);
      if (!created) throw notFound();
      return created;
    },

    async relocations(caller: HandoverCaller, bookingId: number): Promise<Relocation[]> {
      await requireBooking(db, caller, bookingId);
      return createHandoversRepository(db, caller.companyId).relocations(bookingId);
    },
  };
}
