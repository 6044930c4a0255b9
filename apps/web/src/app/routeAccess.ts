import type { Permission } from '@ps/contracts';

/**
 * The permission each signed-in screen needs, by its path under `/{company_id}` or `/org` (the route's own
 * `path` in router.tsx). The router gives each route its entry as `staticData` (a route without one does not
 * compile) and the shell (AppFrame) shows "You do not have access to this page" instead of a screen the role
 * may not open: a list needs `.view`, its add page `.create`, its edit page `.update` (routeAccess.test.ts).
 * The API checks every call anyway; this keeps a role from opening a screen that can only fail.
 */
export const companyRoutePermissions = {
  '/': 'session',
  '/account': 'session',
  '/people': 'users.view',
  '/roles': 'roles.view',
  '/roles/new': 'roles.create',
  // One page shows a role and edits it (read-only without roles.update).
  '/roles/$roleId': 'roles.view',
  '/settings': 'web_config.update',
  '/airports': 'airports.view',
  '/airports/new': 'airports.create',
  '/airports/$airportId/edit': 'airports.update',
  '/dashboard': 'statistics.view',
  '/outbox': 'mail.view',
  '/audit': 'audit.view',
  '/quote': 'location_prices.view',
  '/bookings': 'bookings.view',
  '/bookings/new': 'bookings.create',
  '/bookings/$bookingId': 'bookings.view',
  '/bookings/$bookingId/edit': 'bookings.update',
  '/drivers': 'drivers.view',
  '/drivers/new': 'drivers.create',
  // A driver's page shows their profile, documents and trips; its edits are checked one by one.
  '/drivers/$driverId': 'drivers.view',
  '/dispatch': 'trips.view',
  '/partner-trips': 'partner_trips.view',
  '/park-ride': 'bookings.view',
  '/park-ride/new': 'bookings.create',
  '/locations': 'locations.view',
  '/locations/new': 'locations.create',
  '/locations/$locationId/edit': 'locations.update',
  '/yards': 'yards.view',
  '/yards/new': 'yards.create',
  '/yards/$yardId/edit': 'yards.update',
  '/document-types': 'document_types.view',
  '/document-types/new': 'document_types.create',
  '/document-types/$documentTypeId/edit': 'document_types.update',
  // Drivers may read countries (phone numbers) but the screen is for those who keep the company's places.
  '/countries': 'airports.view',
  '/bands': 'bands.view',
  '/bands/new': 'bands.create',
  '/bands/$bandId/edit': 'bands.update',
  '/packages': 'packages.view',
  '/packages/new': 'packages.create',
  '/packages/$packageId/edit': 'packages.update',
  '/additional-services': 'additional_services.view',
  '/additional-services/new': 'additional_services.create',
  '/additional-services/$serviceId/edit': 'additional_services.update',
  '/vouchers': 'vouchers.view',
  '/vouchers/new': 'vouchers.create',
  '/vouchers/$voucherId/edit': 'vouchers.update',
  '/agencies': 'agencies.view',
  '/agencies/new': 'agencies.create',
  '/agencies/$agencyId/edit': 'agencies.update',
  '/agencies/$agencyId/statement': 'agencies.view',
  '/blog': 'blog.view',
  '/blog/new': 'blog.create',
  '/blog/$postId/edit': 'blog.update',
  '/blog/$postId/preview': 'blog.view',
  '/prices': 'location_prices.view',
  '/location-prices': 'location_prices.view',
  '/location-prices/new': 'location_prices.create',
  '/location-prices/$priceId/edit': 'location_prices.update',
} as const satisfies Record<string, Permission>;

/** The organisation's super admin's screens at `/org`. */
export const orgRoutePermissions = {
  '/': 'session',
  '/account': 'session',
  '/core-airports': 'core_airports.view',
  '/core-airports/new': 'core_airports.create',
  '/core-airports/$airportId/edit': 'core_airports.update',
  '/companies': 'companies.view',
  '/companies/new': 'companies.create',
  '/companies/$companyId/edit': 'companies.update',
  '/core-locations': 'core_locations.view',
  '/core-locations/new': 'core_locations.create',
  '/core-locations/$locationId/edit': 'core_locations.update',
  '/core-agencies': 'core_agencies.view',
  '/core-agencies/new': 'core_agencies.create',
  '/core-agencies/$agencyId/edit': 'core_agencies.update',
  '/countries': 'countries.view',
} as const satisfies Record<string, Permission>;

export interface RouteAccess {
  /** What the screen needs; `null` for the pages outside the signed-in shell (sign-in, not found). */
  permission: Permission | null;
}

export const companyAccess = (path: keyof typeof companyRoutePermissions): RouteAccess => ({ permission: companyRoutePermissions[path] });
export const orgAccess = (path: keyof typeof orgRoutePermissions): RouteAccess => ({ permission: orgRoutePermissions[path] });
/** Pages anyone may open, signed in or not (their own `beforeLoad` redirects as needed). */
export const openAccess: RouteAccess = { permission: null };

/** Whether a role with these permissions may open the route whose access this is. */
export function mayOpen(access: Partial<RouteAccess> | undefined, permissions: readonly string[]): boolean {
  const permission = access?.permission;
  return permission == null || permissions.includes(permission);
}

declare module '@tanstack/react-router' {
  // Required: a route that does not say what it needs does not compile.
  interface StaticDataRouteOption extends RouteAccess {}
}
