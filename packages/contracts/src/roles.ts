import { z } from 'zod';
import { adminListQuerySchema, companyUserSchema } from './auth.ts';
import { crudEndpoints, endpoint } from './common/endpoint.ts';
import { optionalText, recordName } from './common/names.ts';
import { idParamsSchema, listQuerySchema, recordIdSchema } from './common/pagination.ts';
import { roleSortFields } from './common/sortFields.ts';
import { V } from './common/validation.ts';
import { adminAddBodySchema } from './drivers.ts';
import { type AssignablePermission, assignablePermissions } from './permissions.ts';

export { roleSortFields };

/**
 * Roles (issue 9, section 3): what a user may do. Every company sees the two built-in roles (Administrator and
 * Driver, defined by the release and read only) and keeps roles of its own (a read-only accountant, a dispatcher),
 * each a set of the administrator's permissions. An office user has the built-in Administrator role or one of the
 * company's own; drivers keep the Driver role.
 */

/** The built-in roles a company sees (the organisation's super admin role is not one of theirs). */
export const companyBuiltInRoleKeys = ['admin', 'driver'] as const;

export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  /** A built-in role's key (its name is shown translated); null for a company's own role. */
  key: z.enum(companyBuiltInRoleKeys).nullable(),
  /** The permissions it holds (`session`, which every role has, is not listed). */
  permissions: z.array(z.string()),
  /** How many of the company's users (not removed) have it. */
  users: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RoleRecord = z.infer<typeof roleSchema>;

const permissionList = z
  .array(z.enum(assignablePermissions as unknown as [AssignablePermission, ...AssignablePermission[]], { error: V.invalidValue }), {
    error: V.required,
  })
  .max(assignablePermissions.length, { error: V.tooLong })
  // Sent twice is the same set: kept once, in the catalogue's order.
  .transform((permissions) => assignablePermissions.filter((permission) => permissions.includes(permission)))
  .refine((permissions) => permissions.length > 0, { error: V.rolePermissionsNeeded });

/** POST /api/role/add: a role of the caller's company. The name is unique in the company whatever its case. */
export const roleCreateSchema = z.strictObject({
  name: recordName(),
  description: optionalText(300).default(null),
  permissions: permissionList,
});
export type RoleCreateInput = z.input<typeof roleCreateSchema>;
export type RoleCreate = z.output<typeof roleCreateSchema>;

/** PATCH /api/role/update/{id}: any subset of the fields; `permissions` replaces the whole set. */
export const roleUpdateSchema = z
  .strictObject({ name: recordName(), description: optionalText(300), permissions: permissionList })
  .partial();
export type RoleUpdateInput = z.input<typeof roleUpdateSchema>;
export type RoleUpdate = z.output<typeof roleUpdateSchema>;

export const roleListQuerySchema = listQuerySchema(roleSortFields);
export type RoleListQuery = z.output<typeof roleListQuerySchema>;

/** PATCH /api/user/role/{user_id}: the role an office user of the company has from now on. */
export const roleAssignBodySchema = z.strictObject({ role_id: recordIdSchema });
export type RoleAssignBody = z.infer<typeof roleAssignBodySchema>;

/** The answer of an assignment: whose role it is now. */
export const roleAssignmentSchema = z.object({ user_id: z.number().int(), role_id: z.number().int(), role_name: z.string().nullable() });
export type RoleAssignment = z.infer<typeof roleAssignmentSchema>;

/** GET /api/role/permissions: the permissions a company's role may hold, by resource, in the catalogue's order. */
export const permissionCatalogueSchema = z.array(z.object({ resource: z.string(), permissions: z.array(z.string()) }));
export type PermissionCatalogue = z.infer<typeof permissionCatalogueSchema>;

/**
 * Where a company's own role can start (the role screen's "Start from"): the roles a car park and transfer company
 * makes first. Each is a set of the administrator's permissions, changed freely before saving.
 */
export const roleTemplates = {
  // Plans and follows the day: trips, drivers, flights, where cars are; no money.
  dispatcher: [
    'statistics.view',
    'bookings.view',
    'drivers.view',
    'trips.view',
    'trips.create',
    'trips.update',
    'trips.status',
    'trips.status_admin',
    'trips.movement',
    'flights.view',
    'flights.update',
    'attendance.view',
    'positions.view',
    'handovers.view',
  ],
  // At the gate and in the yard: finds a booking, checks its car in and out, moves it; no money.
  ground_staff: ['bookings.view', 'handovers.view', 'handovers.create', 'positions.view'],
  // Reads the books and records payments; changes no booking.
  accountant: [
    'statistics.view',
    'bookings.view',
    'payments.view',
    'payments.create',
    'finance.view',
    'agencies.view',
    'drivers.view',
    'attendance.view',
    'payouts.view',
    'audit.view',
  ],
} as const satisfies Record<string, readonly AssignablePermission[]>;
export type RoleTemplate = keyof typeof roleTemplates;

/** The roles the company sees (`/api/role/...`, built-in ones read only), what a role may hold, and assigning one. */
export const roleEndpoints = {
  ...crudEndpoints('/api/role', 'roles', {
    record: roleSchema,
    create: roleCreateSchema,
    update: roleUpdateSchema,
    listQuery: roleListQuerySchema,
    idParams: idParamsSchema,
  }),
  permissions: endpoint({
    method: 'GET',
    path: '/api/role/permissions',
    access: { permission: 'roles.view' },
    response: permissionCatalogueSchema,
  }),
  /** `id` is the user's. */
  assign: endpoint({
    method: 'PATCH',
    path: '/api/user/role/:id',
    access: { permission: 'roles.assign' },
    params: idParamsSchema,
    body: roleAssignBodySchema,
    response: roleAssignmentSchema,
  }),
} as const;

/**
 * The company's admins (`/api/auth/admin/...`): listed, added with a temporary password and a role, removed. Declared
 * here rather than in `auth.ts`: the add body is `drivers.ts`'s, which builds on `auth.ts` (an import back would be a
 * cycle).
 */
export const adminEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/auth/admin/list',
    access: { permission: 'users.view' },
    query: adminListQuerySchema,
    response: companyUserSchema,
    shape: 'list',
  }),
  add: endpoint({
    method: 'POST',
    path: '/api/auth/admin/add',
    access: { permission: 'users.create' },
    body: adminAddBodySchema,
    response: companyUserSchema,
    status: 201,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/api/auth/admin/delete/:id',
    access: { permission: 'users.delete' },
    params: idParamsSchema,
    shape: 'message',
  }),
} as const;
