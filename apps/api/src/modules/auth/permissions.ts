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
    'users.view',
    'users.delete',
    'drivers.create',
    'partners.view',
    'location_prices.view',
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
