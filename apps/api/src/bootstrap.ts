import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { seedReferenceData } from './db/reference.ts';
import { appSettings, users } from './db/schema/index.ts';
import { createCompany } from './demo/company.ts';
import { DEMO_ADMIN, DEMO_SUPER_ADMIN, seedDemoData } from './demo/demo.ts';
import { DEMO_DRIVER, type DemoFile } from './demo/demo-drivers.ts';
import { hashPassword } from './lib/passwords.ts';
import { uploadDirectoryOf } from './lib/uploads.ts';

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
 * The demo documents' files, into the upload folder the server will use. An in-memory database has a temporary
 * folder made later by the server itself: its demo documents are listed but their files are not there (a
 * download answers 404).
 */
async function writeDemoFiles(files: DemoFile[], config: Config): Promise<void> {
  const { dir } = uploadDirectoryOf(config);
  if (dir === null || files.length === 0) return;
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await Promise.all(files.map((file) => writeFile(join(dir, file.storedName), file.bytes, { mode: 0o600 })));
}

/** First company and admin on an empty PostgreSQL server database, from ADMIN_EMAIL and ADMIN_PASSWORD. */
async function seedFirstAdmin(db: Db, companyName: string, email: string, password: string): Promise<void> {
  await db.transaction(async (tx) => {
    const companyId = await createCompany(tx as unknown as Db, companyName, null, { contact_email: email });
    await tx.insert(users).values({
      company_id: companyId,
      role: 'admin',
      name: 'Administrator',
      email: email.toLowerCase(),
      password_hash: await hashPassword(password),
    });
  });
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
      await writeDemoFiles(await seedDemoData(db), config);
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
    `    driver:        ${DEMO_DRIVER.email} / ${DEMO_DRIVER.password} (chooses a new password at first sign-in)`,
    '  Do not use the demo database for real work.',
    '',
  ].join('\n');
}
