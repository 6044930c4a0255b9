import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { companies } from './companies.ts';

/**
 * What a user may do. The built-in roles (`key` super_admin, admin, driver; no company) are rows so every user names
 * one, but their permissions are the release's (contracts `builtInRolePermissions`), not stored. A company's own
 * roles (`company_id` set, no key) store their permissions, names from the contracts' `assignablePermissions`.
 */
export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id').references(() => companies.id),
    key: text('key', { enum: ['super_admin', 'admin', 'driver'] }),
    name: text('name').notNull(),
    description: text('description'),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('roles_key_unique').on(table.key).where(sql`${table.key} is not null`),
    uniqueIndex('roles_company_name_unique').on(table.company_id, sql`lower(${table.name})`).where(sql`${table.company_id} is not null`),
    unique('roles_company_id_id_unique').on(table.company_id, table.id),
    // A built-in role belongs to no company; a company's role has no key.
    check('roles_built_in_or_company', sql`(${table.key} is null) <> (${table.company_id} is null)`),
  ],
);
