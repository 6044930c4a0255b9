import { type PositionKind, positionKinds } from '@ps/contracts/common/handoverStates';
import { positionSortFields } from '@ps/contracts/positions';
import { parseStatusListSearch, type StatusListSearch } from '../../lib/listSearch';

/** The list's URL state: paging, sort, search, status, and one place (a yard or a car park) and one kind. */
export interface PositionListSearch extends StatusListSearch {
  yard_id?: number;
  location_id?: number;
  kind?: PositionKind;
}

function parseId(raw: unknown): number | undefined {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

export function validatePositionSearch(raw: Record<string, unknown>): PositionListSearch {
  const yard = parseId(raw.yard_id);
  return {
    ...parseStatusListSearch(raw, positionSortFields),
    yard_id: yard,
    // One place at a time: a yard wins over a car park in a hand-made URL.
    location_id: yard === undefined ? parseId(raw.location_id) : undefined,
    kind: positionKinds.find((kind) => kind === raw.kind),
  };
}
