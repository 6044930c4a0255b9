import { type AuditAction, type AuditEntity, auditActions, auditEntities } from '@ps/contracts/audit';
import { type ListSearch, parseListSearch } from '../../lib/listSearch';

/** The Audit screen's URL state: paging and the filters (always newest first: no sort). */
export interface AuditSearch extends ListSearch {
  user_id?: number;
  entity?: AuditEntity;
  entity_id?: string;
  action?: AuditAction;
  from?: string;
  to?: string;
}

const isDay = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** Reads the screen's state from the URL; anything malformed is dropped rather than failing the page. */
export function parseAuditSearch(raw: Record<string, unknown>): AuditSearch {
  const { page, page_size } = parseListSearch(raw, [] as string[]);
  const userId = Number(raw.user_id);
  // The router reads `?entity_id=12` as a number: a record id is text to the API.
  const entityId = raw.entity_id === undefined || raw.entity_id === null ? '' : String(raw.entity_id).trim();
  return {
    page,
    page_size: page_size && page_size <= 100 ? page_size : undefined,
    user_id: Number.isInteger(userId) && userId > 0 ? userId : undefined,
    entity: auditEntities.find((entity) => entity === raw.entity),
    entity_id: entityId && entityId.length <= 64 ? entityId : undefined,
    action: auditActions.find((action) => action === raw.action),
    from: isDay(raw.from) ? raw.from : undefined,
    to: isDay(raw.to) ? raw.to : undefined,
  };
}

/** The filters as the API takes them (the list's and the export's). */
export function auditFilterQuery(search: AuditSearch) {
  return {
    user_id: search.user_id,
    entity: search.entity,
    entity_id: search.entity_id,
    action: search.action,
    from: search.from,
    to: search.to,
  };
}

export const hasAuditFilter = (search: AuditSearch) => Object.values(auditFilterQuery(search)).some((value) => value !== undefined);
