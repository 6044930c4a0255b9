import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import {
  attendance,
  bookings,
  companies,
  documentTypes,
  driverDocuments,
  driverRates,
  drivers,
  tripStatusHistory,
  trips,
  users,
} from '../db/schema/index.ts';
import { addDays, dayAt } from '../lib/dates.ts';
import { hashPassword } from '../lib/passwords.ts';

/** The demo drivers sign in with their e-mail and this password (they are asked for a new one first). */
export const DEMO_DRIVER_PASSWORD = 'Driver-2026';
/** The demo driver who may take trips (both documents, a rate, approved): the banner names this sign-in. */
export const DEMO_DRIVER = { email: 'arun.prakash@example.com', password: DEMO_DRIVER_PASSWORD } as const;

/** A file the demo's documents name: written into the upload folder at first start (bootstrap.ts). */
export interface DemoFile {
  storedName: string;
  bytes: Buffer;
}

/** A one-page PDF saying what it is: enough for the download and the type check by bytes. */
const demoPdf = (title: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n` +
      `3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 144]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj\n` +
      `4 0 obj<</Length 60>>stream\nBT /F1 14 Tf 20 70 Td (Demo: ${title}) Tj ET\nendstream endobj\n` +
      `5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );

/**
 * The demo company's document types (a driving licence and insurance required, a photo ID optional) and four
 * drivers: Kavin Raj approved with a rate but no documents yet (the drivers screen shows why he gets no trips;
 * he worked last month's weekdays, for attendance and payouts), Arun Prakash approved with both documents (his
 * licence scan expires within 30 days, so the dashboard lists him) who takes trips, one pending, one rejected (his
 * licence scan expired). The licence type is the licence (`is_licence`): a driver's licence expiry is their scan's,
 * none without one. Answers the files the documents name (the upload folder is not the database's to write).
 */
export async function seedDemoDrivers(tx: DbOrTx, companyId: number, now: Date = new Date()): Promise<DemoFile[]> {
  await tx.insert(documentTypes).values([
    { company_id: companyId, name: 'Driving licence', required: true, has_expiry: true, is_licence: true },
    { company_id: companyId, name: 'Insurance certificate', required: true, has_expiry: true },
    { company_id: companyId, name: 'Photo ID', required: false, has_expiry: false },
  ]);
  const types = await tx
    .select({ id: documentTypes.id, name: documentTypes.name, is_licence: documentTypes.is_licence })
    .from(documentTypes)
    .where(and(eq(documentTypes.company_id, companyId), eq(documentTypes.required, true)));
  const [company] = await tx.select({ time_zone: companies.time_zone }).from(companies).where(eq(companies.id, companyId));
  const today = dayAt(now, company?.time_zone ?? 'Europe/London');
  const files: DemoFile[] = [];
  const passwordHash = await hashPassword(DEMO_DRIVER_PASSWORD);
  const people = [
    { first: 'Kavin', last: 'Raj', email: 'kavin.raj@example.com', approval: 'approved', licence: '2029-04-30', rate: 1450 },
    { first: 'Arun', last: 'Prakash', email: 'arun.prakash@example.com', approval: 'approved', licence: '2031-02-28', rate: 1500 },
    { first: 'Meena', last: 'Kumari', email: 'meena.kumari@example.com', approval: 'pending', licence: '2028-11-15', rate: null },
    { first: 'Tom', last: 'Fletcher', email: 'tom.fletcher@example.com', approval: 'rejected', licence: '2025-06-30', rate: null },
  ] as const;
  // The scans each driver holds: Arun both (his licence runs out within 30 days: the dashboard's list of documents to
  // chase), Tom an expired licence. The licence scan's expiry is also the profile's (one source of truth).
  const scans = (person: (typeof people)[number]): { type: (typeof types)[number]; expiry: string }[] =>
    person.first === 'Arun'
      ? types.map((type) => ({ type, expiry: addDays(today, type.is_licence ? 20 : 300) }))
      : person.first === 'Tom'
        ? types.filter((type) => type.is_licence).map((type) => ({ type, expiry: person.licence }))
        : [];
  for (const person of people) {
    const held = scans(person);
    const [user] = await tx
      .insert(users)
      .values({
        company_id: companyId,
        role: 'driver',
        name: `${person.first} ${person.last}`,
        email: person.email,
        password_hash: passwordHash,
        must_change_password: true,
      })
      .returning({ id: users.id });
    if (!user) throw new Error('demo driver user insert returned no row');
    const [driver] = await tx
      .insert(drivers)
      .values({
        company_id: companyId,
        user_id: user.id,
        first_name: person.first,
        last_name: person.last,
        licence_number: `${person.last.slice(0, 5).toUpperCase()}${person.licence.replaceAll('-', '').slice(2)}`,
        licence_expiry: held.find((scan) => scan.type.is_licence)?.expiry ?? null,
        approve_status: person.approval,
      })
      .returning({ id: drivers.id });
    if (!driver) throw new Error('demo driver insert returned no row');
    if (person.rate !== null) {
      await tx
        .insert(driverRates)
        .values({ company_id: companyId, driver_id: driver.id, price_per_hour: person.rate, effective_from: '2026-01-01' });
    }
    if (person.first === 'Kavin') await seedDemoAttendance(tx, companyId, driver.id, now);
    for (const { type, expiry } of held) {
      const storedName = `${randomUUID()}.pdf`;
      files.push({ storedName, bytes: demoPdf(`${type.name}, ${person.first} ${person.last}`) });
      await tx.insert(driverDocuments).values({
        company_id: companyId,
        driver_id: driver.id,
        document_type_id: type.id,
        expiry_date: expiry,
        file_name: `${type.name.toLowerCase().replaceAll(' ', '-')}-${person.first.toLowerCase()}-${person.last.toLowerCase()}.pdf`,
        stored_name: storedName,
        content_type: 'application/pdf',
        size_bytes: files.at(-1)?.bytes.length ?? 0,
      });
    }
  }
  return files;
}

/**
 * Once the demo bookings have made their trips: Arun Prakash takes the first meet-and-greet booking's `in`
 * trip (the dispatch screen shows one trip assigned and the rest waiting for a driver).
 */
export async function seedDemoDispatch(tx: DbOrTx, companyId: number): Promise<void> {
  const [arun] = await tx
    .select({ id: drivers.id })
    .from(drivers)
    .where(and(eq(drivers.company_id, companyId), eq(drivers.first_name, 'Arun')));
  const [trip] = await tx
    .select({ id: trips.id })
    .from(trips)
    .innerJoin(bookings, and(eq(bookings.company_id, trips.company_id), eq(bookings.id, trips.booking_id)))
    .where(and(eq(trips.company_id, companyId), eq(trips.type, 'in'), eq(trips.status, 'scheduled')))
    .orderBy(trips.scheduled_at)
    .limit(1);
  if (!arun || !trip) return;
  await tx.update(trips).set({ driver_id: arun.id, status: 'assigned' }).where(eq(trips.id, trip.id));
  await tx.insert(tripStatusHistory).values({ company_id: companyId, trip_id: trip.id, from_status: 'scheduled', to_status: 'assigned' });
}

/** Each weekday's shift on the company's clock: Monday to Friday. */
const shifts = [
  { start: '08:00', end: '16:30' },
  { start: '07:30', end: '16:30' },
  { start: '08:00', end: '16:00' },
  { start: '09:00', end: '17:30' },
  { start: '08:00', end: '15:30' },
] as const;

/**
 * Last month's weekdays (in the company's time zone) for one driver: present on the company's clock, the days
 * up to the 15th marked paid by hand (paid before the system), the rest unpaid for a payout to pay, and the
 * month's last Friday on leave.
 */
export async function seedDemoAttendance(tx: DbOrTx, companyId: number, driverId: number, now: Date): Promise<void> {
  const [company] = await tx.select({ time_zone: companies.time_zone }).from(companies).where(eq(companies.id, companyId));
  const zone = company?.time_zone ?? 'Europe/London';
  const [year, month] = dayAt(now, zone).split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 2, 1));
  const days: Date[] = [];
  for (const date = new Date(first); date.getUTCMonth() === first.getUTCMonth(); date.setUTCDate(date.getUTCDate() + 1)) {
    if (date.getUTCDay() >= 1 && date.getUTCDay() <= 5) days.push(new Date(date));
  }
  const lastFriday = days.filter((date) => date.getUTCDay() === 5).at(-1);
  // The wall clock becomes an instant in the database, which knows the zone's clock changes.
  const at = (day: string, time: string) => sql`(${day}::date + ${time}::time) at time zone ${zone}`;
  await tx.insert(attendance).values(
    days.map((date) => {
      const day = date.toISOString().slice(0, 10);
      const shift = shifts[date.getUTCDay() - 1] ?? shifts[0];
      const base = {
        company_id: companyId,
        driver_id: driverId,
        day,
        paid_status: date.getUTCDate() <= 15 ? ('paid' as const) : ('unpaid' as const),
      };
      return date === lastFriday
        ? { ...base, attendance_status: 'leave' as const, notes: 'Annual leave' }
        : { ...base, start_at: at(day, shift.start), end_at: at(day, shift.end) };
    }),
  );
  await tx
    .update(attendance)
    .set({ worked_minutes: sql`floor(extract(epoch from ${attendance.end_at} - ${attendance.start_at}) / 60)::int` })
    .where(and(eq(attendance.company_id, companyId), eq(attendance.driver_id, driverId), isNotNull(attendance.end_at)));
}
