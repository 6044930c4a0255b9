import type { ReadStream } from 'node:fs';
import type { DriverDocument, DriverDocumentFields, DriverDocumentParams, ExpiringDocument } from '@ps/contracts';
import type { DriverDocumentContentType } from '@ps/contracts/common/driverStates';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { driverDocuments } from '../../db/schema/index.ts';
import { recordAudit } from '../../kit/audit.ts';
import { constraintTranslator } from '../../kit/constraints.ts';
import { writeRecords } from '../../kit/records.ts';
import type { CompanyActor } from '../../kit/routes.ts';
import { addDays, daysBetween } from '../../lib/dates.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { fileNameForType, type ReceivedFile, type UploadStore } from '../../lib/uploads.ts';
import { findDriver } from '../driver-rates/driver-rates.repository.ts';
import {
  createDriverDocumentsRepository,
  type DriverDocumentRead,
  type DriverDocumentRow,
  expiringBetween,
  findDocumentType,
  licenceExpiryFromDocuments,
} from './driver-documents.repository.ts';

const documentWrites = {
  entity: 'driver_document',
  // The references hold the company: another company's driver or type fails like a missing one.
  translate: constraintTranslator({ table: 'driver_documents', references: ['driver_id', 'document_type_id'], inUse: 'conflict' }),
};

/**
 * A document of the licence type changes the driver's licence expiry (the latest one held): the profile keeps that
 * date, audited as the driver's change, in the document's transaction.
 */
async function followLicence(tx: DbOrTx, actor: CompanyActor, driverId: number, licenceTypeId: number): Promise<void> {
  const { before, after } = await licenceExpiryFromDocuments(tx, actor.companyId, driverId, licenceTypeId);
  await recordAudit(tx, {
    companyId: actor.companyId,
    actorUserId: actor.actorUserId,
    entity: 'driver',
    entityId: driverId,
    action: 'update',
    before: { licence_expiry: before },
    after: { licence_expiry: after },
  });
}

/** The record as every call answers it; `expired` on the request's day (the expiry day itself is still valid). */
export function toDocument(row: DriverDocumentRead, today: string): DriverDocument {
  return {
    id: row.id,
    driver_id: row.driver_id,
    document_type_id: row.document_type_id,
    document_type_name: row.document_type_name,
    expiry_date: row.expiry_date,
    expired: row.expiry_date !== null && row.expiry_date < today,
    file_name: row.file_name,
    content_type: row.content_type,
    size_bytes: row.size_bytes,
    created_at: row.created_at.toISOString(),
  };
}

/** An upload that passed the route's checks: its bytes under a temporary name, what they are, and the name it came with. */
export interface CheckedUpload {
  file: ReceivedFile;
  contentType: DriverDocumentContentType;
  fileName: string;
}

/** A stored document opened for download. */
export interface OpenedDocument {
  document: DriverDocumentRead;
  size: number;
  stream: ReadStream;
}

/**
 * Driver documents (issue 8, section 1): files of a driver, each of one of the company's document types.
 * The bytes live in the upload store under a name the server made; the row keeps the name it was uploaded
 * with. A row and its audit entry are written together; the file is in place before the row and removed
 * again when the row is not written, and removed after its row is deleted.
 */
export function createDriverDocumentsService(db: Db, uploads: UploadStore, log: FastifyBaseLogger) {
  /** The driver's documents are reachable only through the caller's company's driver (404 otherwise). */
  const requireDriver = async (actor: CompanyActor, driverId: number) => {
    if (!(await findDriver(db, actor.companyId, driverId))) throw notFound();
  };

  return {
    /** What expires from `today` to `days` ahead: the dashboard's list of drivers to chase for documents. */
    async expiring(actor: CompanyActor, today: string, days: number): Promise<ExpiringDocument[]> {
      const until = addDays(today, days);
      const rows = await expiringBetween(db, actor.companyId, today, until);
      return rows.map((row) => ({ ...row, days_left: daysBetween(today, row.expiry_date) }));
    },

    async list(actor: CompanyActor, driverId: number, today: string): Promise<DriverDocument[]> {
      await requireDriver(actor, driverId);
      const rows = await createDriverDocumentsRepository(db, actor.companyId).listOfDriver(driverId);
      return rows.map((row) => toDocument(row, today));
    },

    async create(actor: CompanyActor, fields: DriverDocumentFields, upload: CheckedUpload, today: string): Promise<DriverDocument> {
      const storedName = await uploads.keep(upload.file, upload.contentType);
      try {
        return await writeRecords(db, driverDocuments, actor, documentWrites, async (records) => {
          if (!(await findDriver(records.tx, actor.companyId, fields.driver_id, { live: true }))) throw notFound();
          // An unknown type (or another company's) is left to the reference: 400 on document_type_id.
          const type = await findDocumentType(records.tx, actor.companyId, fields.document_type_id);
          if (type?.has_expiry && fields.expiry_date === undefined) throw fieldError('document_expiry_required', 'expiry_date');
          // A new document that has already run out proves nothing (the expiry day itself is still valid).
          if (fields.expiry_date !== undefined && fields.expiry_date < today) throw fieldError('expiry_in_past', 'expiry_date');
          const row = (await records.create({
            driver_id: fields.driver_id,
            document_type_id: fields.document_type_id,
            expiry_date: fields.expiry_date ?? null,
            // Named as uploaded, with the extension of the type its bytes are (never `.html` on a PDF's bytes).
            file_name: fileNameForType(upload.fileName, upload.contentType),
            stored_name: storedName,
            content_type: upload.contentType,
            size_bytes: upload.file.size,
            created_by: actor.actorUserId,
          })) as DriverDocumentRow;
          if (type?.is_licence) await followLicence(records.tx, actor, row.driver_id, row.document_type_id);
          const created = await createDriverDocumentsRepository(records.tx, actor.companyId).findOfDriver(row.driver_id, row.id);
          if (!created) throw new Error('the new document cannot be read back');
          return toDocument(created, today);
        });
      } catch (error) {
        await uploads.remove(storedName);
        throw error;
      }
    },

    /** Deletes the row (audited with what it was), then its file. */
    async delete(actor: CompanyActor, params: DriverDocumentParams): Promise<void> {
      const removed = await writeRecords(db, driverDocuments, actor, documentWrites, async (records) => {
        const found = await createDriverDocumentsRepository(records.tx, actor.companyId).findOfDriver(params.driver_id, params.document_id);
        if (!found) throw notFound();
        const removed = (await records.remove(found.id)) as DriverDocumentRow;
        const type = await findDocumentType(records.tx, actor.companyId, removed.document_type_id);
        if (type?.is_licence) await followLicence(records.tx, actor, removed.driver_id, removed.document_type_id);
        return removed;
      });
      // The row is gone: a file that cannot be removed now is only a leftover on disk, not an error for the caller.
      await uploads.remove(removed.stored_name).catch((error: unknown) => {
        log.warn({ err: error, document_id: removed.id }, 'driver document file not removed');
      });
    },

    /** The document's file for download; 404 when the document is not the driver's in the caller's company, or its file is gone. */
    async open(actor: CompanyActor, params: DriverDocumentParams): Promise<OpenedDocument> {
      const document = await createDriverDocumentsRepository(db, actor.companyId).findOfDriver(params.driver_id, params.document_id);
      if (!document) throw notFound();
      const handle = await uploads.open(document.stored_name);
      if (!handle) {
        log.error({ document_id: document.id }, 'driver document file missing from the upload directory');
        throw notFound();
      }
      try {
        const { size } = await handle.stat();
        return { document, size, stream: handle.createReadStream() };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
  };
}
