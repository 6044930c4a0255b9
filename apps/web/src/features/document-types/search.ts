import { documentTypeSortFields } from '@ps/contracts/common/sortFields';
import { type ListSearch, parseListSearch, parseStatusFilter } from '../../lib/listSearch';

export type DocumentTypeSortField = (typeof documentTypeSortFields)[number];

/** The document types list's state as kept in the URL: paging, sort, search, and the status and required filters. */
export interface DocumentTypeListSearch extends ListSearch {
  sort?: DocumentTypeSortField | `-${DocumentTypeSortField}`;
  status?: 0 | 1;
  /** 1: required types only; 0: optional ones only. */
  required?: 0 | 1;
}

export const DEFAULT_DOCUMENT_TYPE_SORT: DocumentTypeSortField = 'name';

export function validateDocumentTypeSearch(raw: Record<string, unknown>): DocumentTypeListSearch {
  return {
    ...parseListSearch(raw, documentTypeSortFields),
    status: parseStatusFilter(raw.status),
    // `required=1` / `required=0` like the status: anything else means "all".
    required: parseStatusFilter(raw.required),
  };
}
