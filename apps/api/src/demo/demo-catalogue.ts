import type { DbOrTx } from '../db/client.ts';
import { additionalServices, bands, packages, vouchers } from '../db/schema/index.ts';

/**
 * The demo company's catalogue: bands for each band type, two packages, three services and three vouchers
 * (one valid all this year, one open-ended welcome code, one expired and already used). The prices and
 * quote demo data refer to these names and codes.
 */
export async function seedDemoCatalogue(tx: DbOrTx, companyId: number, today: Date = new Date()): Promise<void> {
  const year = today.getUTCFullYear();
  await tx.insert(bands).values([
    { company_id: companyId, type: 'parking', name: '1-3 days', min_days: 1, max_days: 3 },
    { company_id: companyId, type: 'parking', name: '4-7 days', min_days: 4, max_days: 7 },
    { company_id: companyId, type: 'parking', name: '8-14 days', min_days: 8, max_days: 14 },
    { company_id: companyId, type: 'parking', name: '15-30 days', min_days: 15, max_days: 30 },
    { company_id: companyId, type: 'meet_and_greet', name: 'M&G 1-7 days', min_days: 1, max_days: 7 },
    { company_id: companyId, type: 'meet_and_greet', name: 'M&G 8-30 days', min_days: 8, max_days: 30 },
    { company_id: companyId, type: 'park_and_ride', name: 'P&R 1-30 days', min_days: 1, max_days: 30 },
  ]);
  await tx.insert(packages).values([
    {
      company_id: companyId,
      name: 'Meet and Greet Standard',
      description: 'A driver meets you at the terminal, parks your car and brings it back when you land.',
      type: 'meet_and_greet',
      price: 1500,
      included: ['Meet at the terminal drop-off', 'Car kept in a secure yard', 'Car returned at arrivals', 'Flight tracked on return'],
    },
    {
      company_id: companyId,
      name: 'Park and Ride Economy',
      description: 'Park in the long-stay car park and take the shuttle to the terminal.',
      type: 'park_and_ride',
      price: 0,
      included: ['Shuttle every 15 minutes, 24 hours', 'Help with luggage'],
    },
  ]);
  await tx.insert(additionalServices).values([
    { company_id: companyId, name: 'Car wash', description: 'Exterior wash and interior vacuum while you are away.', price: 1500 },
    { company_id: companyId, name: 'EV charging', description: 'Charged to 80 % before you return.', price: 2000 },
    { company_id: companyId, name: 'Extra luggage', description: 'Room for more than two suitcases per person.', price: 500 },
  ]);
  await tx.insert(vouchers).values([
    {
      company_id: companyId,
      code: 'SUMMER10',
      discount_type: 'percent',
      discount_value: 10,
      valid_from: `${year}-01-01`,
      valid_to: `${year}-12-31`,
      usage_limit: 500,
      times_used: 0,
    },
    {
      company_id: companyId,
      code: 'WELCOME5',
      discount_type: 'fixed',
      discount_value: 500,
      valid_from: `${year}-01-01`,
      valid_to: `${year + 1}-12-31`,
      usage_limit: null,
    },
    {
      company_id: companyId,
      code: 'SPRING2025',
      discount_type: 'percent',
      discount_value: 15,
      valid_from: '2025-03-01',
      valid_to: '2025-05-31',
      usage_limit: 200,
      times_used: 37,
    },
  ]);
}
