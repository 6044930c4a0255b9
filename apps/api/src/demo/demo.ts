import type { Db } from '../db/client.ts';
import { airports, users } from '../db/schema/index.ts';
import { hashPassword } from '../lib/passwords.ts';
import { sanitizeSvg } from '../lib/svg.ts';
import { createCompany } from './company.ts';
import { seedDemoAgencies } from './demo-agencies.ts';
import { seedDemoBlog } from './demo-blog.ts';
import { seedDemoBookings } from './demo-bookings.ts';
import { seedDemoCatalogue } from './demo-catalogue.ts';
import { type DemoFile, seedDemoDispatch, seedDemoDrivers } from './demo-drivers.ts';
import { seedDemoPartners } from './demo-partners.ts';
import { seedDemoPlaces } from './demo-places.ts';
import { seedDemoPrices } from './demo-prices.ts';

export const DEMO_ADMIN = { email: 'admin@example.com', password: 'admin123' } as const;
export const DEMO_SUPER_ADMIN = { email: 'superadmin@example.com', password: 'admin123' } as const;

/**
 * The demo company's logo: a small inline SVG, so the sign-in page shows one without any file to host. It is
 * stored as an upload would store it (sanitised), so uploading the same drawing again gives the same logo.
 */
const demoLogo = `data:image/svg+xml;base64,${Buffer.from(
  sanitizeSvg(
    '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="64" viewBox="0 0 240 64"><rect width="64" height="64" rx="14" fill="#0095e8"/><text x="32" y="45" font-family="Arial,sans-serif" font-size="38" font-weight="700" fill="#fff" text-anchor="middle">P</text><text x="78" y="30" font-family="Arial,sans-serif" font-size="20" font-weight="700" fill="#111">Parking</text><text x="78" y="54" font-family="Arial,sans-serif" font-size="20" fill="#0095e8">Solutions</text></svg>',
  ),
).toString('base64')}`;

/** The demo company's terms, as the foot of its statements shows them. */
const DEMO_TERMS = [
  'Statements are payable within 30 days of their date, by bank transfer to the account on your agency agreement.',
  'Commission is earned on completed and no-show bookings; cancelled bookings earn none.',
  'Please tell us of any disagreement within 14 days, quoting the booking reference.',
].join('\n');

/**
 * Demo data for a first start on the embedded database: a company, airports, an admin and a super admin, and
 * everything the screens show. Answers the files its driver documents name, for the upload folder.
 */
export async function seedDemoData(db: Db): Promise<DemoFile[]> {
  const { companyId, files } = await db.transaction(async (tx) => {
    const companyId = await createCompany(tx as unknown as Db, 'Parking Solutions Demo', demoLogo, {
      contact_email: 'office@example.com',
      contact_phone: '+44 20 7946 0000',
      address: '1 Runway Road\nCrawley\nWest Sussex RH6 0NP',
      country_id: 826,
      // What its mails and statements carry (the settings screen's "Company details").
      tax_number: 'GB 123 4567 89',
      mail_sender_name: 'Parking Solutions Demo Bookings',
      mail_reply_to: 'bookings@example.com',
      first_day_of_week: 1,
      terms: DEMO_TERMS,
      // £12 a completed trip: what the demo's meet-and-greet trips pay their driver.
      trip_fee: 1200,
    });
    await tx.insert(airports).values([
      { company_id: companyId, iata_code: 'LHR', name: 'London Heathrow', country_id: 826, time_zone: 'Europe/London' },
      { company_id: companyId, iata_code: 'LGW', name: 'London Gatwick', country_id: 826, time_zone: 'Europe/London' },
      { company_id: companyId, iata_code: 'MAN', name: 'Manchester', country_id: 826, time_zone: 'Europe/London' },
      { company_id: companyId, iata_code: 'CMB', name: 'Colombo Bandaranaike', country_id: 94, time_zone: 'Asia/Colombo' },
      { company_id: companyId, iata_code: 'JAF', name: 'Jaffna', country_id: 94, time_zone: 'Asia/Colombo', status: 0 },
    ]);
    await seedDemoPlaces(tx as unknown as Db, companyId);
    await tx.insert(users).values([
      {
        company_id: companyId,
        role: 'admin',
        name: 'Demo Admin',
        email: DEMO_ADMIN.email,
        password_hash: await hashPassword(DEMO_ADMIN.password),
      },
      {
        company_id: null,
        role: 'super_admin',
        name: 'Organisation Admin',
        email: DEMO_SUPER_ADMIN.email,
        password_hash: await hashPassword(DEMO_SUPER_ADMIN.password),
      },
    ]);
    await seedDemoCatalogue(tx, companyId);
    await seedDemoPrices(tx, companyId);
    await seedDemoAgencies(tx, companyId);
    await seedDemoBlog(tx, companyId);
    const files = await seedDemoDrivers(tx, companyId);
    return { companyId, files };
  });
  // Through the bookings service, once the catalogue and prices they are priced with are in.
  await seedDemoBookings(db, companyId);
  await seedDemoDispatch(db, companyId);
  await seedDemoPartners(db, companyId);
  return files;
}
