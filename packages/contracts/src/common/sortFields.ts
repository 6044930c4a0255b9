/**
 * The fields each list may be sorted by, without zod: the web's list pages check their URL against them
 * (`features/<feature>/search.ts`) without the resources' zod schemas. The resources' list query schemas use the
 * same lists.
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
export const coreAgencySortFields = ['name', 'contact_name', 'status', 'created_at'] as const;
export const agencySortFields = ['name', 'commission_percent', 'status', 'created_at'] as const;
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
export const driverSortFields = ['first_name', 'last_name', 'email', 'approve_status', 'status', 'licence_expiry', 'created_at'] as const;
export const companyPersonSortFields = ['name', 'email', 'role', 'admin_status', 'created_at'] as const;
export const documentTypeSortFields = ['name', 'required', 'has_expiry', 'status', 'created_at'] as const;
export const tripSortFields = ['scheduled_at', 'status', 'type', 'driver_fee', 'created_at'] as const;

/** A driver's approval by the company (DOMAIN.md): only approved drivers get trips. The drivers list filters by it. */
export const approveStatuses = ['pending', 'approved', 'rejected'] as const;
export type ApproveStatus = (typeof approveStatuses)[number];
export const payoutSortFields = ['period_start', 'period_end', 'total', 'status', 'created_at'] as const;

export const roleSortFields = ['name', 'created_at'] as const;
export const blogSortFields = ['title', 'slug', 'language', 'status', 'published_at', 'created_at', 'updated_at'] as const;
