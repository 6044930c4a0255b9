import type { DocumentTypeListQuery } from '@ps/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { documentTypes } from '../../db/schema/index.ts';
import { countRows, listPage, listParts } from '../../kit/list.ts';
import { companyScope } from '../../kit/records.ts';

export type DocumentTypeRow = typeof documentTypes.$inferSelect;

/** Document type reads of one company; writes go through the kit (documents.service.ts). */
export function createDocumentTypesRepository(db: DbOrTx, companyId: number) {
  const scope = companyScope(db, documentTypes, companyId);
  return {
    list(query: DocumentTypeListQuery) {
      const parts = listParts(query, {
        filters: [
          scope.owned(),
          query.status === undefined ? undefined : eq(documentTypes.status, query.status),
          query.required === undefined ? undefined : eq(documentTypes.required, query.required),
        ],
        searchColumns: [documentTypes.name],
        sortColumns: {
          name: documentTypes.name,
          required: documentTypes.required,
          has_expiry: documentTypes.has_expiry,
          status: documentTypes.status,
          created_at: documentTypes.created_at,
        },
        defaultSort: 'name',
        tieBreaker: documentTypes.id,
      });
      return listPage(parts, {
        rows: ({ where, orderBy, limit, offset }) =>
          db
            .select()
            .from(documentTypes)
            .where(where)
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset),
        count: (where) => countRows(db, documentTypes, where),
      });
    },
    findById: (id: number) => scope.findById<DocumentTypeRow>(id),
  };
}
