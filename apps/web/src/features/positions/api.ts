import { locationEndpoints, yardEndpoints } from '@ps/contracts';
import { positionEndpoints } from '@ps/contracts/positions';
import { useCan } from '../../lib/currentUser';
import type { StatusListSearch } from '../../lib/listSearch';
import { createResource } from '../../lib/resource';
import type { PositionListSearch } from './search';

/** The company's positions: `/api/position/*`. */
export const positionsResource = createResource({
  key: 'positions',
  endpoints: positionEndpoints,
  defaultSort: 'name',
  filters: (search: PositionListSearch) => ({
    status: search.status,
    yard_id: search.yard_id,
    location_id: search.location_id,
    kind: search.kind,
  }),
});

// The places a position can be in, read only here (the yards and locations features keep them). Same query keys as
// those features' resources, so a yard added there shows here at once.
const yardChoices = createResource({
  key: 'yards',
  endpoints: { list: yardEndpoints.list, get: yardEndpoints.get },
  defaultSort: 'name',
  filters: (search: StatusListSearch) => ({ status: search.status }),
});
const carParkChoices = createResource({
  key: 'locations',
  endpoints: { list: locationEndpoints.list, get: locationEndpoints.get },
  defaultSort: 'name',
  filters: (search: StatusListSearch & { type?: 'car_park' }) => ({ status: search.status, type: search.type }),
});

/** A yard or a car park, as the place choices carry it. */
export interface Place {
  kind: 'yard' | 'car_park';
  id: number;
  name: string;
  active: boolean;
}

/** A place's value in a select: `yard:3`, `location:7`. */
export const placeValue = (place: { yard_id?: number | null | undefined; location_id?: number | null | undefined }): string | null =>
  place.yard_id ? `yard:${place.yard_id}` : place.location_id ? `location:${place.location_id}` : null;

/** The ids of a select's value. */
export function placeIds(value: string | null | undefined): { yard_id: number | null; location_id: number | null } {
  const [kind, id] = (value ?? '').split(':');
  const number = Number(id);
  if (!Number.isInteger(number) || number <= 0) return { yard_id: null, location_id: null };
  return kind === 'yard' ? { yard_id: number, location_id: null } : { yard_id: null, location_id: number };
}

/**
 * The company's yards and car parks (locations of type car park with spaces, as the dashboard counts them), by name;
 * only those the role may read. Inactive ones are kept (a filter or an edited position may name one) and marked.
 */
export function usePlaces() {
  const can = useCan();
  const yards = yardChoices.useList({ page_size: 1000 }, { enabled: can('yards.view') });
  const carParks = carParkChoices.useList({ page_size: 1000, type: 'car_park' }, { enabled: can('locations.view') });
  const places: Place[] = [
    ...(yards.data?.records ?? []).map((yard) => ({ kind: 'yard' as const, id: yard.id, name: yard.name, active: yard.status === 1 })),
    ...(carParks.data?.records ?? [])
      .filter((location) => location.capacity > 0)
      .map((location) => ({ kind: 'car_park' as const, id: location.id, name: location.name, active: location.status === 1 })),
  ];
  return { places, loading: yards.isLoading || carParks.isLoading };
}
