import type { Role } from './auth.fields.ts';

/**
 * What each built-in role may do, by permission name (`<resource>.<action>`). The built-in roles are defined by the
 * release, not stored, so a new feature's permissions reach them with the code that needs them; a company's own roles
 * (issue 9, "Roles") are stored and may hold any of the admin's permissions (`assignablePermissions`). `session` (sign
 * in, one's own account) belongs to every role.
 */
export const builtInRolePermissions = {
  super_admin: [
    'session',
    'core_airports.view',
    'core_airports.create',
    'core_airports.update',
    'core_airports.delete',
    'core_locations.view',
    'core_locations.create',
    'core_locations.update',
    'core_locations.delete',
    'core_agencies.view',
    'core_agencies.create',
    'core_agencies.update',
    'core_agencies.delete',
    'countries.view',
    'companies.view',
    'companies.create',
    'companies.update',
    'companies.delete',
  ],
  admin: [
    'session',
    'core_airports.view',
    'countries.view',
    'airports.view',
    'airports.create',
    'airports.update',
    'airports.delete',
    'core_locations.view',
    'locations.view',
    'locations.create',
    'locations.update',
    'locations.delete',
    'yards.view',
    'yards.create',
    'yards.update',
    'yards.delete',
    'bands.view',
    'bands.create',
    'bands.update',
    'bands.delete',
    'packages.view',
    'packages.create',
    'packages.update',
    'packages.delete',
    'additional_services.view',
    'additional_services.create',
    'additional_services.update',
    'additional_services.delete',
    'vouchers.view',
    'vouchers.create',
    'vouchers.update',
    'vouchers.delete',
    'core_agencies.view',
    'agencies.view',
    'agencies.create',
    'agencies.update',
    'agencies.delete',
    'band_months.view',
    'band_months.create',
    'band_months.update',
    'band_months.delete',
    'location_prices.view',
    'location_prices.create',
    'location_prices.update',
    'location_prices.delete',
    'bookings.view',
    'bookings.create',
    'bookings.update',
    'bookings.delete',
    'bookings.status',
    'payments.view',
    'payments.create',
    'payments.delete',
    // Money figures: what bookings were sold for, paid and owe, revenue, drivers' pay and rates (common/finance.ts).
    'finance.view',
    'mail.view',
    'mail.send',
    'statistics.view',
    'users.view',
    'users.create',
    'users.delete',
    'users.update',
    'drivers.view',
    'drivers.create',
    'drivers.update',
    'drivers.delete',
    'document_types.view',
    'document_types.create',
    'document_types.update',
    'document_types.delete',
    'trips.view',
    'trips.create',
    'trips.update',
    'trips.delete',
    'trips.status',
    'trips.status_admin',
    'trips.movement',
    'attendance.view',
    'attendance.record',
    'attendance.manage',
    'payouts.view',
    'payouts.create',
    'payouts.approve',
    'payouts.delete',
    'flights.view',
    'flights.update',
    'partners.view',
    'partner_trips.view',
    'web_config.update',
    'roles.view',
    'roles.create',
    'roles.update',
    'roles.delete',
    'roles.assign',
    'blog.view',
    'blog.create',
    'blog.update',
    'blog.delete',
    // The company's audit log: read it and export it (nothing writes or removes an entry through the API).
    'audit.view',
    'positions.view',
    'positions.create',
    'positions.update',
    'positions.delete',
    // Handing cars over (check-in and check-out with what was seen) and moving them on site; reading those records.
    'handovers.view',
    'handovers.create',
    // A customer's own data (issue 23, section 4): find and export their bookings, and erase their personal fields on the
    // closed bookings past the company's retention. Only the admin's by default: a company gives them to a role on purpose.
    'customer_data.view',
    'customer_data.erase',
    // Reports a manager reads (issue 24, section 3), their downloads, and who receives them by mail.
    'reports.view',
    'report_subscriptions.view',
    'report_subscriptions.create',
    'report_subscriptions.update',
    'report_subscriptions.delete',
    'price_rules.view',
    'price_rules.create',
    'price_rules.update',
    'price_rules.delete',
  ],
  // A driver reaches their own trips and attendance only (kit/crew.ts scopes every such query).
  // and the handovers of the bookings of their trips (the handovers service scopes them the same way).
  driver: [
    'session',
    'countries.view',
    'trips.view',
    'trips.status',
    'trips.movement',
    'attendance.view',
    'attendance.record',
    'handovers.view',
    'handovers.create',
    // The bays and rows a car can be put in, at check-in.
    'positions.view',
    // Their own approved payouts, read only.
    'payouts.own',
  ],
} as const satisfies Record<Role, readonly string[]>;

export type Permission = (typeof builtInRolePermissions)[Role][number];

/** Every role has this one: signing in and one's own account. */
export const SESSION_PERMISSION = 'session';

/**
 * What a company's own role may hold: the company admin's permissions (never the organisation's super-admin ones),
 * without `session`, which every role has anyway.
 */
export const assignablePermissions = builtInRolePermissions.admin.filter(
  (permission) => permission !== SESSION_PERMISSION,
) as readonly Exclude<(typeof builtInRolePermissions)['admin'][number], 'session'>[];
export type AssignablePermission = (typeof assignablePermissions)[number];

/** A permission's resource and action: `trips.status_admin` is resource `trips`, action `status_admin`. */
export function permissionParts(permission: string): { resource: string; action: string } {
  const dot = permission.indexOf('.');
  return dot < 0 ? { resource: permission, action: '' } : { resource: permission.slice(0, dot), action: permission.slice(dot + 1) };
}

/** The actions of the matrix's first columns; any other action of a resource is a special one (approve, status...). */
export const crudActions = ['view', 'create', 'update', 'delete'] as const;
