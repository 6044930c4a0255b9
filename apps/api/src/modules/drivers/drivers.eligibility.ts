import type { Ineligibility } from '@ps/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { documentTypes, driverDocuments } from '../../db/schema/index.ts';

/**
 * Who may be given a trip on a day (issue 8, section 1): an approved, active driver the company lets sign
 * in, whose licence and every required document (of an active type) are present and not expired that
 * day. A document's expiry day itself still counts. It is computed from the rows each time, so a document
 * that expires takes the driver off new trips the next day with nothing to run; the reasons say why.
 */

export interface DriverFacts {
  id: number;
  approve_status: 'pending' | 'approved' | 'rejected';
  status: number;
  admin_status: number;
  licence_expiry: string | null;
}

export interface Eligibility {
  eligible: boolean;
  reasons: Ineligibility[];
}

const reason = (code: Ineligibility['code'], extra: Partial<Ineligibility> = {}): Ineligibility => ({
  code,
  document_type_id: null,
  document_type_name: null,
  date: null,
  ...extra,
});

/** Each driver's eligibility on `day` (YYYY-MM-DD), with two queries whatever the number of drivers. */
export async function eligibilityOn(
  db: DbOrTx,
  companyId: number,
  driversToCheck: DriverFacts[],
  day: string,
): Promise<Map<number, Eligibility>> {
  const result = new Map<number, Eligibility>();
  if (driversToCheck.length === 0) return result;
  const required = await db
    .select({ id: documentTypes.id, name: documentTypes.name, is_licence: documentTypes.is_licence })
    .from(documentTypes)
    .where(and(eq(documentTypes.company_id, companyId), eq(documentTypes.required, true), eq(documentTypes.status, 1)))
    .orderBy(documentTypes.name);
  // Per driver and required type: whether one of its documents is valid that day, and the latest expiry.
  const held =
    required.length === 0
      ? []
      : await db
          .select({
            driver_id: driverDocuments.driver_id,
            document_type_id: driverDocuments.document_type_id,
            valid: sql<boolean>`bool_or(${driverDocuments.expiry_date} is null or ${driverDocuments.expiry_date} >= ${day})`,
            latest_expiry: sql<string | null>`max(${driverDocuments.expiry_date})::text`,
          })
          .from(driverDocuments)
          .where(
            and(
              eq(driverDocuments.company_id, companyId),
              inArray(
                driverDocuments.driver_id,
                driversToCheck.map((driver) => driver.id),
              ),
              inArray(
                driverDocuments.document_type_id,
                required.map((type) => type.id),
              ),
            ),
          )
          .groupBy(driverDocuments.driver_id, driverDocuments.document_type_id);
  const heldBy = new Map(held.map((row) => [`${row.driver_id}:${row.document_type_id}`, row]));
  // A required licence document type already says "expired" (or "missing") with the same date the profile keeps.
  const licenceByDocument = required.some((type) => type.is_licence);

  for (const driver of driversToCheck) {
    const reasons: Ineligibility[] = [];
    if (driver.approve_status !== 'approved') reasons.push(reason('not_approved'));
    if (driver.status !== 1) reasons.push(reason('inactive'));
    if (driver.admin_status !== 1) reasons.push(reason('sign_in_disabled'));
    if (!licenceByDocument && driver.licence_expiry !== null && driver.licence_expiry < day)
      reasons.push(reason('licence_expired', { date: driver.licence_expiry }));
    for (const type of required) {
      const documents = heldBy.get(`${driver.id}:${type.id}`);
      const named = { document_type_id: type.id, document_type_name: type.name };
      if (!documents) reasons.push(reason('document_missing', named));
      else if (!documents.valid) reasons.push(reason('document_expired', { ...named, date: documents.latest_expiry }));
    }
    result.set(driver.id, { eligible: reasons.length === 0, reasons });
  }
  return result;
}
