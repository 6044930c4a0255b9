import { documentTypeEndpoints } from '@ps/contracts';
import type { StatusListSearch } from '../../lib/listSearch';
import { createResource } from '../../lib/resource';

/** The document types list's URL state: the status filter, and `required` (1: required types only; 0: optional ones). */
export interface DocumentTypeListSearch extends StatusListSearch {
  required?: 0 | 1;
}

/** The company's document types: `/api/document/*` (spec 7's `document` group). */
export const documentTypesResource = createResource({
  key: 'document-types',
  endpoints: documentTypeEndpoints,
  defaultSort: 'name',
  filters: (search: DocumentTypeListSearch) => ({ status: search.status, required: search.required }),
});
