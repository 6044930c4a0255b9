import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { bootstrapDatabase } from './bootstrap.ts';
import { loadConfig } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { airports, appSettings, companies, companyWebConfigs, countries, driverDocuments, users } from './db/schema/index.ts';
import { verifyPassword } from './lib/passwords.ts';
import { sniffContentType } from './lib/uploads.ts';

// Bootstrap decides on a whole database, so these tests open their own embedded one each.
let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

async function emptyDatabase() {
  database = await openDatabase({ dataDir: 'memory://', connectTimeoutMs: 1000 });
  return database;
}

describe('first start', () => {
  it('loads demo data on the embedded database: a company with its web config, airports, admin and super admin', async () => {
    const db = await emptyDatabase();
    const result = await bootstrapDatabase(db, loadConfig({ DATA_DIR: 'memory://' }));
    expect(result.seededDemo).toBe(true);
    const [company] = await db.db.select().from(companies);
    expect(company).toMatchObject({ id: 1, org_instance_id: 1, status: 1 });
    const [webConfig] = await db.db.select().from(companyWebConfigs).where(eq(companyWebConfigs.company_id, 1));
    expect(webConfig?.login_page_logo).toMatch(/^data:image\/svg\+xml;base64,/);
    const codes = (await db.db.select().from(airports)).map((airport) => airport.iata_code);
    expect(codes).toEqual(expect.arrayContaining(['LHR', 'LGW', 'CMB']));
    const [admin] = await db.db.select().from(users).where(eq(users.email, 'admin@example.com'));
    expect(admin).toMatchObject({ role: 'admin', company_id: 1 });
    expect(await verifyPassword(admin?.password_hash ?? '', 'admin123')).toBe(true);
    const [superAdmin] = await db.db.select().from(users).where(eq(users.role, 'super_admin'));
    expect(superAdmin?.company_id).toBeNull();
    const [sriLanka] = await db.db.select().from(countries).where(eq(countries.id, 94));
    expect(sriLanka?.dialling_code).toBe('94');
  });

  it("writes the demo documents' files into the upload folder, each a PDF by its bytes", async () => {
    const db = await emptyDatabase();
    const uploadDir = mkdtempSync(join(tmpdir(), 'ps-demo-uploads-'));
    try {
      await bootstrapDatabase(db, loadConfig({ DATA_DIR: 'memory://', UPLOAD_DIR: uploadDir }));
      const documents = await db.db.select().from(driverDocuments);
      // The demo drivers' documents: three since a driver's licence expiry comes from its document (issue 21).
      expect(documents.length).toBe(3);
      for (const document of documents) {
        const bytes = readFileSync(join(uploadDir, document.stored_name));
        expect(sniffContentType(bytes.subarray(0, 16))).toBe('application/pdf');
        expect(document.size_bytes).toBe(bytes.length);
      }
    } finally {
      rmSync(uploadDir, { recursive: true, force: true });
    }
  });

  it('loads nothing twice and keeps the generated token secret across starts', async () => {
    const db = await emptyDatabase();
    const config = loadConfig({ DATA_DIR: 'memory://' });
    const first = await bootstrapDatabase(db, config);
    const [usersAfterFirst] = await db.db.select({ total: count() }).from(users);
    const second = await bootstrapDatabase(db, config);
    expect(second.seededDemo).toBe(false);
    expect(second.secret).toBe(first.secret);
    expect(first.secret.length).toBeGreaterThanOrEqual(32);
    const [userTotal] = await db.db.select({ total: count() }).from(users);
    // The admin, the super admin, the four demo drivers and the partner company's admin, once.
    expect(usersAfterFirst?.total).toBe(7);
    expect(userTotal?.total).toBe(usersAfterFirst?.total);
    expect(await db.db.select().from(appSettings)).toHaveLength(1);
  });

  it('refuses to start a server database without ADMIN_EMAIL and ADMIN_PASSWORD, and loads no demo data there', async () => {
    const db = await emptyDatabase();
    const serverConfig = loadConfig({ DATABASE_URL: 'postgres://unused@127.0.0.1/unused' });
    await expect(bootstrapDatabase(db, serverConfig)).rejects.toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD/);
    expect(await db.db.select().from(users)).toHaveLength(0);
  });

  it('creates the first company and admin from ADMIN_EMAIL and ADMIN_PASSWORD on a server database', async () => {
    const db = await emptyDatabase();
    const config = loadConfig({
      DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
      ADMIN_EMAIL: 'Owner@Company.com',
      ADMIN_PASSWORD: 'a long secret 1',
      COMPANY_NAME: 'Colombo Valet',
      JWT_SECRET: 'a-configured-secret-of-enough-length-123',
    });
    const result = await bootstrapDatabase(db, config);
    expect(result).toEqual({ secret: 'a-configured-secret-of-enough-length-123', seededDemo: false });
    const all = await db.db.select().from(users);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ email: 'owner@company.com', role: 'admin' });
    expect(await db.db.select().from(airports)).toHaveLength(0);
    const [company] = await db.db.select().from(companies);
    expect(company?.name).toBe('Colombo Valet');
  });
});
