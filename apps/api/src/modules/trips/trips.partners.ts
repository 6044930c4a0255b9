import type { PartnerTrip, PartnerTripListQuery } from '@ps/contracts';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { bookings, companies, companyPartners, locations, trips, yards } from '../../db/schema/index.ts';
import { todayIn } from '../../lib/dates.ts';
import { dayEnd, dayStart } from './trips.repository.ts';
import { companyTripSettings } from './trips.rules.ts';

const owner = alias(companies, 'owner_company');
const fromLocation = alias(locations, 'from_location');
const fromYard = alias(yards, 'from_yard');
const toLocation = alias(locations, 'to_location');
const toYard = alias(yards, 'to_yard');

/** At most this many trips of one day are answered to a partner (a day's work, not an export). */
export const MAX_PARTNER_TRIPS_PER_DAY = 1000;

/**
 * The trips other companies gave to `partnerCompanyId` on one day: the only rows of another company a company
 * ever reads. Two conditions make the scope, both in this one query: the trip names the caller as its partner,
 * and its company still lists the caller as a partner (ending the partnership ends the sharing at once). The
 * columns are what the job needs; the owner's fees, drivers and payouts are not selected at all.
 */
async function selectPartnerTrips(db: Db, partnerCompanyId: number, day: string, timeZone: string) {
  const zone = sql`${timeZone}::text`;
  return db
    .select({
      id: trips.id,
      company_id: trips.company_id,
      company_name: owner.name,
      type: trips.type,
      status: trips.status,
      scheduled_at: trips.scheduled_at,
      booking_reference: bookings.reference,
      customer_name: bookings.customer_name,
      customer_phone: bookings.customer_phone,
      vehicle_reg: bookings.vehicle_reg,
      vehicle_make: bookings.vehicle_make,
      vehicle_model: bookings.vehicle_model,
      vehicle_colour: bookings.vehicle_colour,
      flight: sql<string | null>`case when ${trips.type} = 'in' then ${bookings.outbound_flight} else ${bookings.return_flight} end`,
      from_name: sql<string>`coalesce(${fromLocation.name}, ${fromYard.name}, '')`,
      to_name: sql<string>`coalesce(${toLocation.name}, ${toYard.name}, '')`,
      notes: trips.notes,
    })
    .from(trips)
    .innerJoin(
      companyPartners,
      and(eq(companyPartners.company_id, trips.company_id), eq(companyPartners.partner_company_id, trips.partner_company_id)),
    )
    .innerJoin(owner, eq(owner.id, trips.company_id))
    .leftJoin(bookings, and(eq(bookings.company_id, trips.company_id), eq(bookings.id, trips.booking_id)))
    .leftJoin(fromLocation, and(eq(fromLocation.company_id, trips.company_id), eq(fromLocation.id, trips.from_location_id)))
    .leftJoin(fromYard, and(eq(fromYard.company_id, trips.company_id), eq(fromYard.id, trips.from_yard_id)))
    .leftJoin(toLocation, and(eq(toLocation.company_id, trips.company_id), eq(toLocation.id, trips.to_location_id)))
    .leftJoin(toYard, and(eq(toYard.company_id, trips.company_id), eq(toYard.id, trips.to_yard_id)))
    .where(
      and(
        eq(trips.partner_company_id, partnerCompanyId),
        gte(trips.scheduled_at, dayStart(day, zone)),
        lt(trips.scheduled_at, dayEnd(day, zone)),
      ),
    )
    .orderBy(asc(trips.scheduled_at), asc(trips.id))
    .limit(MAX_PARTNER_TRIPS_PER_DAY);
}

/** A day (default today) of the trips given to the caller's company, in the request's time zone (else its own). */
export async function partnerTrips(db: Db, companyId: number, query: PartnerTripListQuery): Promise<PartnerTrip[]> {
  const timeZone = query.time_zone ?? (await companyTripSettings(db, companyId)).time_zone;
  const rows = await selectPartnerTrips(db, companyId, query.date ?? todayIn(timeZone), timeZone);
  return rows.map((row) => ({ ...row, scheduled_at: row.scheduled_at.toISOString() }));
}
