import { randomUUID } from 'node:crypto';
import {
  type CustomerBooking,
  type CustomerDataErase,
  type CustomerDataExport,
  type CustomerDataFind,
  type CustomerDataKeptReason,
  type CustomerSearch,
  closedBookingStatuses,
  ERASED_REGISTRATION,
} from '@ps/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { bookings } from '../../db/schema/index.ts';
import { recordAudit } from '../../kit/audit.ts';
import { writeRecords } from '../../kit/records.ts';
import type { CompanyActor } from '../../kit/routes.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { translator } from '../../lib/i18n.ts';
import type { UploadStore } from '../../lib/uploads.ts';
import { exportedBookings } from './customer-data.export.ts';
import { type CustomerBookingRow, type CustomerDataRepository, createCustomerDataRepository } from './customer-data.repository.ts';

const DAY_MS = 86_400_000;

/** Where a file that could not be removed is reported (the row naming it is gone: nothing else will find it again). */
export interface FileRemovalLog {
  error(object: object, message: string): void;
}

/**
 * Removes stored files whose rows are gone (after the transaction that removed the rows has committed). A failure is
 * logged with the file's name, for an operator to remove it by hand; the others are removed all the same.
 */
export async function removeStoredFiles(uploads: UploadStore, storedNames: readonly string[], log: FileRemovalLog): Promise<void> {
  const results = await Promise.allSettled(storedNames.map((name) => uploads.remove(name)));
  results.forEach((result, index) => {
    if (result.status === 'rejected') {
      log.error(
        { stored_name: storedNames[index], err: result.reason instanceof Error ? result.reason.message : String(result.reason) },
        'an erased image could not be removed from the upload directory',
      );
    }
  });
}

/** Whether an erase blanks a booking now, and if not why; and from when its stay's end is past the retention. */
export function retentionOf(
  row: Pick<CustomerBookingRow, 'status' | 'arrival_at'>,
  retentionDays: number,
  now: Date,
): { kept_reason: CustomerDataKeptReason | null; erasable_from: Date } {
  const erasableFrom = new Date(row.arrival_at.getTime() + retentionDays * DAY_MS);
  const closed = (closedBookingStatuses as readonly string[]).includes(row.status);
  const keptReason = !closed ? 'open' : erasableFrom > now ? 'recent' : null;
  return { kept_reason: keptReason, erasable_from: erasableFrom };
}

/** The personal fields an erase writes, in the booking's language where a required column needs a word. */
const personalFields = [
  'customer_name',
  'customer_email',
  'customer_phone',
  'vehicle_reg',
  'vehicle_make',
  'vehicle_model',
  'vehicle_colour',
  'outbound_flight',
  'return_flight',
  'notes',
] as const satisfies ReadonlyArray<keyof CustomerBookingRow & keyof typeof bookings.$inferInsert>;

function erasedValues(row: CustomerBookingRow): Pick<typeof bookings.$inferInsert, (typeof personalFields)[number]> {
  return {
    customer_name: translator(row.language)('customerData.erasedName'),
    customer_email: null,
    customer_phone: null,
    vehicle_reg: ERASED_REGISTRATION,
    vehicle_make: null,
    vehicle_model: null,
    vehicle_colour: null,
    outbound_flight: null,
    return_flight: null,
    notes: null,
  };
}

const countBy = <Row>(rows: readonly Row[], key: (row: Row) => number | null) => {
  const counts = new Map<number, number>();
  for (const row of rows) {
    const id = key(row);
    if (id !== null) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
};

/**
 * A customer's data (issue 23, section 4): their bookings of the caller's company found by e-mail address and/or phone,
 * exported (audited as one `customer_data_export` entry: who, when, which bookings, what format), and erased: on each
 * closed booking whose stay ended more than the company's retention ago, the personal fields are blanked, the
 * handovers' photos and signatures deleted (rows and files), the mails' address and bodies blanked and the flight news
 * dropped, in one transaction with one audit entry per booking that holds the new values only. The reference, the stay's
 * dates, the prices, the payments and the totals stay for the accounts.
 */
export function createCustomerDataService(db: Db, uploads: UploadStore, log: FileRemovalLog) {
  async function companyOf(repository: CustomerDataRepository) {
    const company = await repository.company();
    if (!company) throw notFound();
    return company;
  }

  const noneFound = () => new AppError(404, 'customer_bookings_not_found');

  return {
    /** The customer's bookings (none is an empty list), each with whether an erase now blanks it and, if not, why. */
    async find(actor: CompanyActor, search: CustomerSearch): Promise<CustomerDataFind> {
      const repository = createCustomerDataRepository(db, actor.companyId);
      const { retention_days } = await companyOf(repository);
      const now = new Date();
      const found: CustomerBooking[] = (await repository.bookingsOf(search)).map((row) => {
        const { kept_reason, erasable_from } = retentionOf(row, retention_days, now);
        return {
          id: row.id,
          reference: row.reference,
          status: row.status,
          customer_name: row.customer_name,
          customer_email: row.customer_email,
          customer_phone: row.customer_phone,
          vehicle_reg: row.vehicle_reg,
          departure_at: row.departure_at.toISOString(),
          arrival_at: row.arrival_at.toISOString(),
          airport_time_zone: row.airport_time_zone,
          erasable: kept_reason === null,
          kept_reason,
          erasable_from: erasable_from.toISOString(),
        };
      });
      const erasable = found.filter((booking) => booking.erasable).length;
      return { retention_days, bookings: found, erasable_count: erasable, kept_count: found.length - erasable };
    },

    /**
     * Everything kept on the customer's bookings, read in one transaction with the audit entry that records the export
     * (so an export is never handed out unrecorded). 404 `customer_bookings_not_found` when they have none here.
     */
    exportData(actor: CompanyActor, search: CustomerSearch, format: 'json' | 'csv'): Promise<CustomerDataExport> {
      return db.transaction(async (transaction) => {
        const tx = transaction as unknown as DbOrTx;
        const repository = createCustomerDataRepository(tx, actor.companyId);
        const company = await companyOf(repository);
        const ids = (await repository.bookingsOf(search)).map((row) => row.id);
        if (ids.length === 0) throw noneFound();
        // One query at a time: a transaction is one connection (docs/decisions.md, "Reads together").
        const rows = {
          bookings: await repository.exportedBookings(ids),
          services: await repository.serviceLines(ids),
          payments: await repository.payments(ids),
          handovers: await repository.handovers(ids),
          images: await repository.images(ids),
          mails: await repository.mails(ids),
        };
        const exportId = randomUUID();
        const booked = exportedBookings(rows);
        await recordAudit(tx, {
          companyId: actor.companyId,
          actorUserId: actor.actorUserId,
          entity: 'customer_data_export',
          entityId: exportId,
          action: 'create',
          after: { format, references: booked.map((booking) => booking.reference).join(', ') },
        });
        return {
          export_id: exportId,
          exported_at: new Date().toISOString(),
          company: company.name,
          searched: { email: search.email ?? null, phone: search.phone ?? null },
          bookings: booked,
        };
      });
    },

    /**
     * Erases the customer's personal data on their closed bookings past the retention, in one transaction (the bookings
     * locked first); the others are kept, each with why. The images' files are removed once it has committed.
     */
    async erase(actor: CompanyActor, search: CustomerSearch): Promise<CustomerDataErase> {
      const { answer, storedNames } = await writeRecords(db, bookings, actor, { entity: 'booking' }, async ({ tx }) => {
        const repository = createCustomerDataRepository(tx, actor.companyId);
        const found = await repository.bookingsOf(search, true);
        if (found.length === 0) throw noneFound();
        const { retention_days } = await companyOf(repository);
        const now = new Date();
        const kept: CustomerDataErase['kept'] = [];
        const erasable: CustomerBookingRow[] = [];
        for (const row of found) {
          const { kept_reason, erasable_from } = retentionOf(row, retention_days, now);
          if (kept_reason === null) erasable.push(row);
          else kept.push({ id: row.id, reference: row.reference, reason: kept_reason, erasable_from: erasable_from.toISOString() });
        }
        if (erasable.length === 0) return { answer: { erased: [], kept }, storedNames: [] };

        const ids = erasable.map((row) => row.id);
        const images = await repository.images(ids);
        const deleted = new Set((await repository.deleteImages(images.map((image) => image.id))).map((image) => image.id));
        const imagesDeleted = countBy(
          images.filter((image) => deleted.has(image.id)),
          (image) => image.booking_id,
        );
        const erasedHandovers = await repository.handovers(ids);
        const namesCleared = countBy(
          erasedHandovers.filter((handover) => handover.signed_name !== null),
          (handover) => handover.booking_id,
        );
        await repository.clearSignedNames(ids);
        const mailsBlanked = countBy(await repository.blankMails(ids), (mail) => mail.booking_id);
        await repository.deleteFlightUpdates(ids);

        const erased: CustomerDataErase['erased'] = [];
        for (const row of erasable) {
          const values = erasedValues(row);
          await repository.blankBooking(row.id, values);
          // The new values only: the entry never holds what was erased (earlier entries keep it until their own retention).
          const changed = Object.fromEntries(
            personalFields.filter((field) => row[field] !== values[field]).map((field) => [field, values[field]]),
          );
          const counts = {
            handover_images_deleted: imagesDeleted.get(row.id) ?? 0,
            handover_signed_names_cleared: namesCleared.get(row.id) ?? 0,
            mails_blanked: mailsBlanked.get(row.id) ?? 0,
          };
          await recordAudit(tx, {
            companyId: actor.companyId,
            actorUserId: actor.actorUserId,
            entity: 'booking',
            entityId: row.id,
            action: 'update',
            after: { ...changed, ...Object.fromEntries(Object.entries(counts).filter(([, count]) => count > 0)) },
          });
          erased.push({
            id: row.id,
            reference: row.reference,
            handover_images_deleted: counts.handover_images_deleted,
            mails_blanked: counts.mails_blanked,
          });
        }
        return {
          answer: { erased, kept },
          storedNames: images.filter((image) => deleted.has(image.id)).map((image) => image.stored_name),
        };
      });
      await removeStoredFiles(uploads, storedNames, log);
      return answer;
    },
  };
}
