import { and, asc, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import { type DbOrTx, readTogether } from '../../db/client.ts';
import { documentTypes, driverDocuments, drivers } from '../../db/schema/index.ts';
import { companyScope } from '../../kit/records.ts';

export type DriverDocumentRow = typeof driverDocuments.$inferSelect;
/** A document with the name of its type. */
export type DriverDocumentRead = DriverDocumentRow & { document_type_name: string };

/** A company's driver documents, each with its type's name; writes go through the kit (driver-documents.service.ts). */
export function createDriverDocumentsRepository(db: DbOrTx, companyId: number) {
  const scope = companyScope(db, driverDocuments, companyId);
  const read = () =>
    db
      .select({ ...getTableColumns(driverDocuments), document_type_name: documentTypes.name })
      .from(driverDocuments)
      .innerJoin(
        documentTypes,
        and(eq(documentTypes.company_id, driverDocuments.company_id), eq(documentTypes.id, driverDocuments.document_type_id)),
      );
  return {
    /** The driver's documents, newest first. */
    listOfDriver: (driverId: number): Promise<DriverDocumentRead[]> =>
      read()
        .where(scope.owned(eq(driverDocuments.driver_id, driverId)))
        .orderBy(desc(driverDocuments.created_at), desc(driverDocuments.id)),

    /** One document of the driver; undefined when it is another driver's or another company's. */
    async findOfDriver(driverId: number, documentId: number): Promise<DriverDocumentRead | undefined> {
      const [row] = await read()
        .where(scope.owned(eq(driverDocuments.driver_id, driverId), eq(driverDocuments.id, documentId)))
        .limit(1);
      return row;
    },
  };
}

/** The company's document type (for its `has_expiry`, and whether it is the licence), or undefined. */
export async function findDocumentType(db: DbOrTx, companyId: number, id: number) {
  const [row] = await db
    .select({ id: documentTypes.id, has_expiry: documentTypes.has_expiry, is_licence: documentTypes.is_licence })
    .from(documentTypes)
    .where(and(eq(documentTypes.company_id, companyId), eq(documentTypes.id, id)))
    .limit(1);
  return row;
}

/** The company's driving licence document type (at most one), or undefined when it has none. */
export async function findLicenceType(db: DbOrTx, companyId: number) {
  const [row] = await db
    .select({ id: documentTypes.id, name: documentTypes.name })
    .from(documentTypes)
    .where(and(eq(documentTypes.company_id, companyId), eq(documentTypes.is_licence, true)))
    .limit(1);
  return row;
}

/**
 * The one source of a driver's licence expiry where the company has a licence document type: the latest expiry of
 * the driver's documents of that type (null when none is held, or none expires). The profile's `licence_expiry`
 * keeps it, so eligibility, the lists and the dashboard read one date. Answers the date before and after.
 */
export async function licenceExpiryFromDocuments(tx: DbOrTx, companyId: number, driverId: number, licenceTypeId: number) {
  const [held] = await tx
    .select({ latest: sql<string | null>`to_char(max(${driverDocuments.expiry_date}), 'YYYY-MM-DD')` })
    .from(driverDocuments)
    .where(
      and(
        eq(driverDocuments.company_id, companyId),
        eq(driverDocuments.driver_id, driverId),
        eq(driverDocuments.document_type_id, licenceTypeId),
      ),
    );
  const [driver] = await tx
    .select({ licence_expiry: drivers.licence_expiry })
    .from(drivers)
    .where(and(eq(drivers.company_id, companyId), eq(drivers.id, driverId)))
    .for('update');
  const latest = held?.latest ?? null;
  if (driver && driver.licence_expiry !== latest) {
    await tx
      .update(drivers)
      .set({ licence_expiry: latest })
      .where(and(eq(drivers.company_id, companyId), eq(drivers.id, driverId)));
  }
  return { before: driver?.licence_expiry ?? null, after: latest };
}

export interface ExpiringRow {
  driver_id: number;
  driver_name: string;
  kind: 'document' | 'licence';
  document_type_id: number | null;
  document_type_name: string | null;
  required: boolean;
  expiry_date: string;
}

/**
 * What expires from `from` to `to` (calendar days, both counted) among live drivers: per driver and active
 * document type, the latest expiry of the documents held (a newer document replaces an older one; one without
 * expiry never expires), and each licence on a profile. Soonest first.
 */
export async function expiringBetween(db: DbOrTx, companyId: number, from: string, to: string): Promise<ExpiringRow[]> {
  const driverName = sql<string>`${drivers.first_name} || ' ' || ${drivers.last_name}`;
  const latest = sql<
    string | null
  >`case when bool_and(${driverDocuments.expiry_date} is not null) then to_char(max(${driverDocuments.expiry_date}), 'YYYY-MM-DD') end`;
  const [documents, licences] = await readTogether(db, [
    () =>
      db
        .select({
          driver_id: drivers.id,
          driver_name: driverName,
          document_type_id: documentTypes.id,
          document_type_name: documentTypes.name,
          required: documentTypes.required,
          expiry_date: latest,
        })
        .from(driverDocuments)
        .innerJoin(drivers, and(eq(drivers.company_id, driverDocuments.company_id), eq(drivers.id, driverDocuments.driver_id)))
        .innerJoin(
          documentTypes,
          and(eq(documentTypes.company_id, driverDocuments.company_id), eq(documentTypes.id, driverDocuments.document_type_id)),
        )
        .where(and(eq(driverDocuments.company_id, companyId), isNull(drivers.deleted_at), eq(documentTypes.status, 1)))
        .groupBy(drivers.id, documentTypes.id)
        .having(
          sql`bool_and(${driverDocuments.expiry_date} is not null) and max(${driverDocuments.expiry_date}) between ${from} and ${to}`,
        ),
    // A profile's licence date is listed only where no licence document type gives it (it would be listed twice).
    () =>
      db
        .select({ driver_id: drivers.id, driver_name: driverName, expiry_date: drivers.licence_expiry })
        .from(drivers)
        .where(
          and(
            eq(drivers.company_id, companyId),
            isNull(drivers.deleted_at),
            sql`${drivers.licence_expiry} between ${from} and ${to}`,
            sql`not exists (select 1 from ${documentTypes} where ${documentTypes.company_id} = ${companyId} and ${documentTypes.is_licence})`,
          ),
        )
        .orderBy(asc(drivers.licence_expiry)),
  ]);
  const rows: ExpiringRow[] = [
    ...documents.map((row) => ({ ...row, kind: 'document' as const, expiry_date: row.expiry_date ?? to })),
    ...licences.map((row) => ({
      driver_id: row.driver_id,
      driver_name: row.driver_name,
      kind: 'licence' as const,
      document_type_id: null,
      document_type_name: null,
      required: true,
      expiry_date: row.expiry_date ?? to,
    })),
  ];
  return rows.sort((a, b) => a.expiry_date.localeCompare(b.expiry_date) || a.driver_name.localeCompare(b.driver_name));
}
