import type { DocumentType, DocumentTypeCreate, DocumentTypeUpdate } from '@ps/contracts';
import { createResource } from '../../lib/resource';
import { DEFAULT_DOCUMENT_TYPE_SORT, type DocumentTypeListSearch } from './search';

/** The company's document types: `/api/document/*` (spec 7's `document` group). */
export const documentTypesResource = createResource<DocumentType, DocumentTypeCreate, DocumentTypeUpdate, DocumentTypeListSearch>({
  key: 'document-types',
  path: 'document',
  defaultSort: DEFAULT_DOCUMENT_TYPE_SORT,
  filters: (search) => ({ status: search.status, required: search.required }),
});
