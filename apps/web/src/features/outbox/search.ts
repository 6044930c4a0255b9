import { type MailState, mailStates } from '@ps/contracts/common/bookingStates';
import { type ListSearch, parseListSearch } from '../../lib/listSearch';

export const outboxSortFields = ['created_at', 'state', 'sent_at'] as const;
type OutboxSortField = (typeof outboxSortFields)[number];

/** The outbox's URL state: paging, sort and the state filter. */
export interface OutboxSearch extends ListSearch {
  sort?: OutboxSortField | `-${OutboxSortField}`;
  state?: MailState;
}

/** Newest first, as the API's default. */
export const OUTBOX_DEFAULT_SORT = '-created_at';

/** Reads the outbox's state from the URL (the page parses it in its chunk); anything unknown is dropped. */
export function parseOutboxSearch(raw: Record<string, unknown>): OutboxSearch {
  const { search: _search, ...list } = parseListSearch(raw, outboxSortFields);
  return { ...list, state: mailStates.find((state) => state === raw.state) };
}
