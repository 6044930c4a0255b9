import type { DbOrTx } from '../db/client.ts';
import { agencies, coreAgencies } from '../db/schema/index.ts';

/** The demo company's agencies by name, as the demo bookings name the one that sold them. */
export const DEMO_AGENCIES = {
  skyline: 'Skyline Travel',
  lanka: 'Lanka Journeys',
  harbour: 'Harbour Holidays',
} as const;

/**
 * Demo agencies: two organisation-wide core agencies (kept if they exist already) and three agencies of the demo
 * company with their commission rates; two of them refer to a core agency.
 */
export async function seedDemoAgencies(tx: DbOrTx, companyId: number): Promise<void> {
  await tx
    .insert(coreAgencies)
    .values([
      {
        name: 'Skyline Travel Group',
        contact_name: 'Nadia Perera',
        contact_email: 'partners@skyline.example',
        contact_phone: '+44 20 7946 0101',
      },
      {
        name: 'Lanka Journeys International',
        contact_name: 'Arun Selvam',
        contact_email: 'trade@lankajourneys.example',
        contact_phone: '+94 11 234 5678',
      },
    ])
    .onConflictDoNothing();
  const cores = await tx.select({ id: coreAgencies.id, name: coreAgencies.name }).from(coreAgencies);
  const coreId = (name: string) => cores.find((core) => core.name === name)?.id ?? null;
  await tx.insert(agencies).values([
    {
      company_id: companyId,
      core_agency_id: coreId('Skyline Travel Group'),
      name: DEMO_AGENCIES.skyline,
      contact_name: 'Nadia Perera',
      contact_email: 'bookings@skyline.example',
      contact_phone: '+44 20 7946 0102',
      commission_percent: '12.50',
    },
    {
      company_id: companyId,
      core_agency_id: coreId('Lanka Journeys International'),
      name: DEMO_AGENCIES.lanka,
      contact_name: 'Arun Selvam',
      contact_email: 'uk@lankajourneys.example',
      commission_percent: '10.00',
    },
    { company_id: companyId, name: DEMO_AGENCIES.harbour, contact_email: 'desk@harbour.example', commission_percent: '8.00' },
  ]);
}
