import { DUE_SOON_HOURS, type OnSiteCar, type OnSiteDue, type OnSiteListQuery } from '@ps/contracts/onSite';
import type { Db } from '../../db/client.ts';
import type { CrewActor } from '../../kit/crew.ts';
import { createOnSiteRepository, type OnSiteCounts, type OnSiteRow } from './on-site.repository.ts';

/** How a car's due-out time stands at `now`: the same boundaries as the list's flag filter (on-site.repository.ts). */
export function dueFlag(arrivalAt: Date, now: Date): OnSiteDue {
  if (arrivalAt.getTime() < now.getTime()) return 'overdue';
  return arrivalAt.getTime() < now.getTime() + DUE_SOON_HOURS * 3_600_000 ? 'due_soon' : 'later';
}

const carOf = (row: OnSiteRow, now: Date): OnSiteCar => ({
  ...row,
  booking_status: row.booking_status as OnSiteCar['booking_status'],
  position_kind: row.position_kind as OnSiteCar['position_kind'],
  placed_at: row.placed_at.toISOString(),
  arrival_at: row.arrival_at.toISOString(),
  due: dueFlag(row.arrival_at, now),
});

/** The cars on site of the caller's company. */
export function createOnSiteService(db: Db, clock: () => Date = () => new Date()) {
  return {
    /**
     * One page of the cars and the counts of each flag (a driver's: the cars of their own jobs only). One `now` for the filter, the counts and each car's flag, so a
     * car listed under "overdue" is flagged overdue. A yard or car park of another company matches no car: the answer
     * is an empty page, as for an id that does not exist (no 404 or 400 tells the caller that it exists elsewhere).
     */
    async list(actor: CrewActor, query: OnSiteListQuery): Promise<{ items: OnSiteCar[]; total: number; counts: OnSiteCounts }> {
      const now = clock();
      const soonUntil = new Date(now.getTime() + DUE_SOON_HOURS * 3_600_000);
      const { rows, counts } = await createOnSiteRepository(db, actor).list(query, now, soonUntil);
      const total = query.flag ? counts[query.flag] : counts.overdue + counts.due_soon + counts.later;
      return { items: rows.map((row) => carOf(row, now)), total, counts };
    },
  };
}
