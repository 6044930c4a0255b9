import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database, Db } from './client.ts';
import { appSettings, users } from './schema/index.ts';
import { DEMO_ADMIN, DEMO_SUPER_ADMIN, seedDemoData, seedFirstAdmin } from './seed/demo.ts';
import { seedReferenceData } from './seed/reference.ts';

async function tokenSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  // Generated once and kept with the data, so sessions survive restarts and no secret lives in the repo.
  await db
    .insert(appSettings)
    .values({ key: 'jwt_secret', value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'jwt_secret'));
  if (!row) throw new Error('could not store the token secret');
  return row.value;
}

export interface Bootstrapped {
  secret: string;
  /** True when this start loaded the demo data. */
  seededDemo: boolean;
}

/**
 * Brings a database up to date at start: migrations, reference data, then on an empty database either the
 * demo data (embedded) or the first admin (server, from ADMIN_EMAIL/ADMIN_PASSWORD; refuses without them).
 */
export async function bootstrapDatabase(database: Database, config: Config): Promise<Bootstrapped> {
  await database.migrate();
  const { db } = database;
  await seedReferenceData(db);
  const [userCount] = await db.select({ total: count() }).from(users);
  let seededDemo = false;
  if ((userCount?.total ?? 0) === 0) {
    if (config.demoData) {
      await seedDemoData(db);
      seededDemo = true;
    } else if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
      await seedFirstAdmin(db, config.COMPANY_NAME, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
    } else {
      throw new Error('The database has no users: set ADMIN_EMAIL and ADMIN_PASSWORD to create the first admin.');
    }
  }
  return { secret: await tokenSecret(db, config.JWT_SECRET), seededDemo };
}

export function demoBanner(): string {
  return [
    '',
    '  WARNING: demo data loaded. These are DEMO accounts with well-known passwords:',
    `    company admin: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`,
    `    super admin:   ${DEMO_SUPER_ADMIN.email} / ${DEMO_SUPER_ADMIN.password}`,
    '  Do not use the demo database for real work.',
    '',
  ].join('\n');
}
