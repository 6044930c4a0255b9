/**
 * The fields each list may be sorted by, without zod: the web's router checks a list's URL against them
 * (`validateSearch`) in the sign-in bundle, where the resources' zod schemas must not come along (budget,
 * docs/decisions.md "Sign-in bundle budget (issue 5)"). The resources' list query schemas use the same lists.
 */
export const airportSortFields = ['iata_code', 'name', 'time_zone', 'status', 'created_at'] as const;
export const coreAirportSortFields = ['iata_code', 'name', 'time_zone', 'status'] as const;
export const companySortFields = ['name', 'contact_email', 'status', 'created_at'] as const;
export const locationSortFields = ['name', 'type', 'capacity', 'airport_iata_code', 'status', 'created_at'] as const;
export const coreLocationSortFields = ['name', 'type', 'capacity', 'core_airport_iata_code', 'status'] as const;
export const bandSortFields = ['name', 'type', 'min_days', 'max_days', 'status', 'created_at'] as const;
export const yardSortFields = ['name', 'capacity', 'status', 'created_at'] as const;
export const packageSortFields = ['name', 'type', 'price', 'status', 'created_at'] as const;
export const additionalServiceSortFields = ['name', 'price', 'status', 'created_at'] as const;
export const voucherSortFields = [
  'code',
  'discount_type',
  'discount_value',
  'valid_from',
  'valid_to',
  'usage_limit',
  'times_used',
  'status',
  'created_at',
] as const;
export const bandMonthSortFields = ['band_name', 'month', 'price', 'created_at'] as const;
export const locationPriceSortFields = ['departure_name', 'arrival_name', 'band_name', 'month', 'price', 'created_at'] as const;
export const bookingSortFields = [
  'reference',
  'customer_name',
  'vehicle_reg',
  'departure_at',
  'arrival_at',
  'status',
  'total',
  'created_at',
] as const;
