import type { DocumentType, DocumentTypeCreate, DocumentTypeListQuery, DocumentTypeUpdate } from '@ps/contracts';
import type { Db } from '../../db/client.ts';
import { documentTypes } from '../../db/schema/index.ts';
import { constraintTranslator } from '../../kit/constraints.ts';
import { companyCrudService, recordOf } from '../../kit/service.ts';
import { createDocumentTypesRepository, type DocumentTypeRow } from './documents.repository.ts';

export const toDocumentType = (row: DocumentTypeRow): DocumentType => recordOf(row);

/** A type's name is unique in its company whatever its case (409 on `name`); a type a driver document uses stays (409). */
const documentTypeWrites = {
  entity: 'document_type',
  translate: constraintTranslator({
    table: 'document_types',
    unique: {
      document_types_company_name_unique: { code: 'document_type_name_taken', field: 'name' },
      // One type is the driving licence: the driver's licence expiry comes from its documents.
      document_types_company_licence_unique: { code: 'document_type_licence_taken', field: 'is_licence' },
    },
    inUse: 'document_type_in_use',
  }),
};

/** A company's document types: reads and audited writes, always within the caller's company. */
export const createDocumentTypesService = (db: Db) =>
  companyCrudService<
    typeof documentTypes.$inferInsert,
    DocumentTypeRow,
    DocumentType,
    DocumentTypeListQuery,
    DocumentTypeCreate,
    DocumentTypeUpdate
  >(db, documentTypes, {
    writes: documentTypeWrites,
    reader: createDocumentTypesRepository,
    toRecord: toDocumentType,
  });
