import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies } from '../../db/schema/index.ts';

/** What the settings screen edits, and the company's name on record beside it. */
const detailsColumns = {
  company_id: companies.id,
  name: companies.name,
  contact_email: companies.contact_email,
  contact_phone: companies.contact_phone,
  address: companies.address,
  tax_number: companies.tax_number,
  mail_sender_name: companies.mail_sender_name,
  mail_reply_to: companies.mail_reply_to,
  first_day_of_week: companies.first_day_of_week,
  terms: companies.terms,
  public_booking_enabled: companies.public_booking_enabled,
  public_booking_payment: companies.public_booking_payment,
  public_booking_refund_hours: companies.public_booking_refund_hours,
  public_booking_origins: companies.public_booking_origins,
  booking_slug: companies.booking_slug,
  personal_data_retention_days: companies.personal_data_retention_days,
};
export type CompanyDetailsRow = Pick<
  typeof companies.$inferSelect,
  | 'name'
  | 'contact_email'
  | 'contact_phone'
  | 'address'
  | 'tax_number'
  | 'mail_sender_name'
  | 'mail_reply_to'
  | 'first_day_of_week'
  | 'terms'
  | 'public_booking_enabled'
  | 'public_booking_payment'
  | 'public_booking_refund_hours'
  | 'public_booking_origins'
  | 'booking_slug'
  | 'personal_data_retention_days'
> & { company_id: number };

/**
 * The columns of a company's letterhead (its documents' head and foot: `companyLetterheadSchema`), for a query of
 * another module that joins `companies` (an agency's statement).
 */
export const letterheadColumns = {
  name: companies.name,
  address: companies.address,
  contact_phone: companies.contact_phone,
  contact_email: companies.contact_email,
  tax_number: companies.tax_number,
  terms: companies.terms,
};

/** One company's details; `lock` holds its row for the rest of the transaction (a change queues behind another). */
export async function findCompanyDetails(db: DbOrTx, companyId: number, lock = false): Promise<CompanyDetailsRow | undefined> {
  const query = db.select(detailsColumns).from(companies).where(eq(companies.id, companyId)).limit(1);
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function updateCompanyDetailsRow(
  db: DbOrTx,
  companyId: number,
  values: Partial<Omit<CompanyDetailsRow, 'company_id' | 'name'>>,
): Promise<CompanyDetailsRow> {
  const [row] = await db.update(companies).set(values).where(eq(companies.id, companyId)).returning(detailsColumns);
  if (!row) throw new Error(`company ${companyId} is gone`);
  return row;
}
