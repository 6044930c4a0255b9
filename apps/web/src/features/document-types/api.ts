import { documentTypeEndpoints } from '@ps/contracts';
import { createResource } from '../../lib/resource';
import { DEFAULT_DOCUMENT_TYPE_SORT, type DocumentTypeListSearch } from './search';

/** The company's document types: `/api/document/*` (spec 7's `document` group). */
export const documentTypesResource = createResource({
  key: 'document-types',
  endpoints: documentTypeEndpoints,
  defaultSort: DEFAULT_DOCUMENT_TYPE_SORT,
  filters: (search: DocumentTypeListSearch) => ({ status: search.status, required: search.required }),
});
