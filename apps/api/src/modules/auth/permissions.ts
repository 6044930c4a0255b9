import type { Role } from '@ps/contracts';

/**
 * Which role may do what. Roles are fixed for now; the role matrix screen (a later issue) moves this into
 * the database with the same permission names. The signed-in user's list goes to the web app too, which
 * shows only the screens it allows.
 */
const rolePermissions = {
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
    'mail.view',
    'mail.send',
    'statistics.view',
    'users.view',
    'users.delete',
    'drivers.create',
    'partners.view',
  ],
  driver: ['session', 'countries.view'],
} as const satisfies Record<Role, readonly string[]>;

export type Permission = (typeof rolePermissions)[Role][number];

export function hasPermission(role: Role, permission: Permission): boolean {
  return (rolePermissions[role] as readonly string[]).includes(permission);
}

export function permissionsOf(role: Role): Permission[] {
  return [...rolePermissions[role]];
}
