import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { airports, companyPartners, locations, tripStatusHistory, trips, users, yards } from '../db/schema/index.ts';
import { todayIn } from '../lib/dates.ts';
import { hashPassword } from '../lib/passwords.ts';
import { createCompany } from './company.ts';

/** The demo partner company's admin: signs in to see the partner side (the trips the demo company gave it). */
export const DEMO_PARTNER_ADMIN = { email: 'partner@example.com', password: 'admin123' } as const;

/**
 * A transfer company the demo company works with, each listing the other as a partner: the demo company gives
 * it today's first unassigned out-trip, and it gives the demo company two shuttles of its own today, so both
 * sides of the sharing have something to show. Its own places are a terminal and a yard at Heathrow.
 */
export async function seedDemoPartners(db: Db, demoCompanyId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const partnerId = await createCompany(tx as unknown as Db, 'Runway Transfers', null, {
      contact_email: 'desk@runway-transfers.example',
      contact_phone: '+44 20 7946 0100',
      country_id: 826,
    });
    await tx.insert(users).values({
      company_id: partnerId,
      role: 'admin',
      name: 'Partner Admin',
      email: DEMO_PARTNER_ADMIN.email,
      password_hash: await hashPassword(DEMO_PARTNER_ADMIN.password),
    });
    await tx.insert(companyPartners).values([
      { company_id: demoCompanyId, partner_company_id: partnerId },
      { company_id: partnerId, partner_company_id: demoCompanyId },
    ]);
    const [airport] = await tx
      .insert(airports)
      .values({ company_id: partnerId, iata_code: 'LHR', name: 'London Heathrow', country_id: 826, time_zone: 'Europe/London' })
      .returning({ id: airports.id });
    if (!airport) throw new Error('demo: no partner airport');
    const [terminal] = await tx
      .insert(locations)
      .values({
        company_id: partnerId,
        airport_id: airport.id,
        name: 'Heathrow Terminal 3 Kerb',
        type: 'terminal',
        address: 'Terminal 3, Hounslow TW6 1QG',
      })
      .returning({ id: locations.id });
    const [yard] = await tx
      .insert(yards)
      .values({ company_id: partnerId, name: 'Runway Transfers Depot', address: 'Bath Road, Harlington UB3 5AN', capacity: 40 })
      .returning({ id: yards.id });
    if (!terminal || !yard) throw new Error('demo: no partner places');

    const today = todayIn('Europe/London');
    const shuttles = await tx
      .insert(trips)
      .values(
        ['10:30', '15:45'].map((time) => ({
          company_id: partnerId,
          type: 'shuttle' as const,
          from_yard_id: yard.id,
          to_location_id: terminal.id,
          // The time on London's clock today, whatever the server's zone.
          scheduled_at: sql`(${today}::date + ${time}::time) at time zone 'Europe/London'`,
          partner_company_id: demoCompanyId,
          status: 'assigned' as const,
          notes: 'Six passengers with luggage: bring the minibus',
        })),
      )
      .returning({ id: trips.id });
    await tx
      .insert(tripStatusHistory)
      .values(shuttles.map((trip) => ({ company_id: partnerId, trip_id: trip.id, from_status: null, to_status: 'assigned' as const })));

    const [given] = await tx
      .select({ id: trips.id })
      .from(trips)
      .where(and(eq(trips.company_id, demoCompanyId), eq(trips.type, 'out'), eq(trips.status, 'scheduled')))
      .orderBy(trips.scheduled_at)
      .limit(1);
    if (!given) return;
    await tx.update(trips).set({ partner_company_id: partnerId, status: 'assigned' }).where(eq(trips.id, given.id));
    await tx
      .insert(tripStatusHistory)
      .values({ company_id: demoCompanyId, trip_id: given.id, from_status: 'scheduled', to_status: 'assigned' });
  });
}
