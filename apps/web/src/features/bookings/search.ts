// The bookings screens' URL state, parsed inside the feature's chunk (the routes have no validateSearch: the
// sign-in bundle has no room for it, see features/quote). Anything malformed is dropped, never an error.
import { type BookingChannel, type BookingStatus, bookingChannels, bookingStatuses } from '@ps/contracts/common/bookingStates';
import { bookingSortFields } from '@ps/contracts/common/sortFields';
import { type ListSearch, parseListSearch } from '../../lib/listSearch';

export type BookingSortField = (typeof bookingSortFields)[number];
export { bookingSortFields };

/** The bookings list's URL state: paging, sort, search and the filters the list call takes. */
export interface BookingListSearch extends ListSearch {
  sort?: BookingSortField | `-${BookingSortField}`;
  /** Comma separated statuses, as the API takes them. */
  status?: string;
  airport_id?: number;
  car_park_id?: number;
  channel?: BookingChannel;
  /** Which day `from` / `to` filter on; departure when absent. */
  date_field?: 'arrival';
  from?: string;
  to?: string;
}

function positiveInt(value: unknown): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** `YYYY-MM-DD` or nothing. */
function calendarDay(value: unknown): string | undefined {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
}

/** Known statuses only, each once, in the lifecycle's order. */
export function parseStatuses(value: unknown): BookingStatus[] {
  const given = new Set(String(value ?? '').split(','));
  return bookingStatuses.filter((status) => given.has(status));
}

export function validateBookingListSearch(raw: Record<string, unknown>): BookingListSearch {
  const statuses = parseStatuses(raw.status);
  return {
    ...parseListSearch(raw, bookingSortFields),
    status: statuses.length > 0 ? statuses.join(',') : undefined,
    airport_id: positiveInt(raw.airport_id),
    car_park_id: positiveInt(raw.car_park_id),
    channel: bookingChannels.find((channel) => channel === raw.channel),
    date_field: raw.date_field === 'arrival' ? 'arrival' : undefined,
    from: calendarDay(raw.from),
    to: calendarDay(raw.to),
  };
}

/** What a new booking may start from: the Quote screen's "Book this" carries its inputs in the URL. */
export interface BookingPrefill {
  airport_id?: number;
  departure_id?: number;
  arrival_id?: number;
  departure_date?: string;
  arrival_date?: string;
  package_id?: number;
  service_ids?: number[];
  voucher_code?: string;
}

export function validateBookingPrefill(raw: Record<string, unknown>): BookingPrefill {
  const serviceIds = [
    ...new Set(
      String(raw.service_ids ?? '')
        .split(',')
        .map((part) => positiveInt(part.trim()))
        .filter((id): id is number => id !== undefined),
    ),
  ];
  const code = raw.voucher_code === undefined || raw.voucher_code === null ? '' : String(raw.voucher_code).trim().slice(0, 30);
  return {
    airport_id: positiveInt(raw.airport_id),
    departure_id: positiveInt(raw.departure_id),
    arrival_id: positiveInt(raw.arrival_id),
    departure_date: calendarDay(raw.departure_date),
    arrival_date: calendarDay(raw.arrival_date),
    package_id: positiveInt(raw.package_id),
    service_ids: serviceIds.length > 0 ? serviceIds : undefined,
    voucher_code: code || undefined,
  };
}
