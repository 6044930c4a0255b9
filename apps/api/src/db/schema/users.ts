import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { recordStatus, timestamps } from './columns.ts';
import { companies } from './companies.ts';
import { countries } from './countries.ts';
import { roles } from './roles.ts';

/**
 * Everyone who signs in: the organisation's super admins (no company), company admins and drivers.
 * Identifiers are unique in the organisation among users not deleted, so an identifier alone finds a user.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    org_instance_id: integer('org_instance_id').notNull().default(1),
    company_id: integer('company_id').references(() => companies.id),
    /** The kind of account: organisation super admin, company office user, or driver (decides the crew scope). */
    role: text('role', { enum: ['super_admin', 'admin', 'driver'] }).notNull(),
    /**
     * What the user may do: null for the built-in role of their kind (`role`), or, for an office user, one of their
     * company's own roles.
     */
    role_id: integer('role_id'),
    name: text('name').notNull(),
    email: text('email'),
    /** National number, digits only, without dialling code or trunk 0. */
    phn_nbr: text('phn_nbr'),
    /**
     * The phone as the person typed it ("077 123 4567"): what screens show (issue 21, section 2). `phn_nbr` is its
     * sign-in key; rows from before it show their key.
     */
    phone_as_entered: text('phone_as_entered'),
    country_id: integer('country_id').references(() => countries.id),
    username: text('username'),
    password_hash: text('password_hash').notNull(),
    status: recordStatus(),
    /** Set for accounts created with a temporary password: sign-in asks for a new one first. */
    must_change_password: boolean('must_change_password').notNull().default(false),
    /** The confirmed secret: sign-in asks for its codes while `totp_enabled`. */
    totp_secret: text('totp_secret'),
    totp_enabled: boolean('totp_enabled').notNull().default(false),
    /** A secret from `totp/setup` not yet confirmed by `totp/enable`; the active two-factor is untouched meanwhile. */
    totp_pending_secret: text('totp_pending_secret'),
    /** The RFC 6238 time step of the last accepted code: a code of this step or an older one is refused (replay). */
    totp_last_step: integer('totp_last_step'),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_email_unique')
      .on(table.org_instance_id, sql`lower(${table.email})`)
      .where(sql`${table.deleted_at} is null and ${table.email} is not null`),
    uniqueIndex('users_phone_unique')
      .on(table.org_instance_id, table.country_id, table.phn_nbr)
      .where(sql`${table.deleted_at} is null and ${table.phn_nbr} is not null`),
    uniqueIndex('users_username_unique')
      .on(table.org_instance_id, sql`lower(${table.username})`)
      .where(sql`${table.deleted_at} is null and ${table.username} is not null`),
    index('users_company_idx').on(table.company_id),
    index('users_role_idx').on(table.role_id),
    // A driver profile names its user with the company (drivers_user_id_fk): never another company's user.
    unique('users_company_id_id_unique').on(table.company_id, table.id),
    // A company's own role only for an office user of that company (the pair is checked when role_id is set).
    foreignKey({ name: 'users_company_role_fk', columns: [table.company_id, table.role_id], foreignColumns: [roles.company_id, roles.id] }),
    check('users_own_role_office_only', sql`${table.role_id} is null or (${table.role} = 'admin' and ${table.company_id} is not null)`),
  ],
);

/**
 * One row per sign-in (the refresh-token family): the session. Access tokens carry its id (`fam`), and every
 * request checks it, so a revoked, expired or idle session stops at once. `ip` and `user_agent` are those of
 * the sign-in; `last_used_at` moves at each refresh (so idle means "no refresh for that long").
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_used_at: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute end: no refresh goes past it. */
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip').notNull(),
    user_agent: text('user_agent'),
  },
  (table) => [index('sessions_user_idx').on(table.user_id, table.ip)],
);

/**
 * One row per issued refresh token. A token works once (used_at); presenting a used one revokes its whole
 * family, the chain of tokens that one sign-in started.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    family_id: uuid('family_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('refresh_tokens_family_idx').on(table.family_id), index('refresh_tokens_user_idx').on(table.user_id)],
);

/**
 * Failed sign-in counters, keyed `account:<user id>` (wrong passwords), `totp:<user id>` (wrong codes),
 * `identifier:<type>:<value>` (identifiers that match no account) and `address:<ip>`, kept in the database
 * so restarts do not reset them.
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  window_started_at: timestamp('window_started_at', { withTimezone: true }).notNull(),
});
