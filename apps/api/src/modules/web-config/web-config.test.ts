import en from '@ps/contracts/locales/webConfig.en.json' with { type: 'json' };
import ta from '@ps/contracts/locales/webConfig.ta.json' with { type: 'json' };
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { addUser, call, createTenant, type Headers } from '../../../test/kit.ts';
import { auditLog } from '../../db/schema/index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9,
]);
const HOSTILE_SVG = `<?xml version="1.0"?>
<!DOCTYPE svg [<!ENTITY boom "boom">]>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 120 40" onload="alert(1)">
  <script>alert(2)</script>
  <linearGradient id="brand"><stop offset="0" stop-color="#0b7285"/></linearGradient>
  <rect width="120" height="40" rx="6" fill="url(#brand)" onclick="alert(3)" style="fill:url(https://evil.example/x)"/>
  <a href="javascript:alert(4)"><text x="10" y="26" font-size="18">Harbour</text></a>
  <foreignObject width="10" height="10"><body xmlns="http://www.w3.org/1999/xhtml"><script>alert(5)</script></body></foreignObject>
  <image href="https://evil.example/track.png" width="1" height="1"/>
  <use xlink:href="https://evil.example/sprite.svg#a"/>
  <set attributeName="onmouseover" to="alert(6)"/>
  <animate attributeName="href" values="javascript:alert(7)"/>
  <circle cx="5" cy="5" r="4" fill="url(https://evil.example/paint)"/>
</svg>`;

/** One `file` part, as a browser's FormData sends it. */
async function logoForm(data: Buffer, name: string, type: string) {
  const form = new FormData();
  form.append('file', new Blob([data], { type }), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') ?? '' };
}

async function uploadLogo(headers: Headers, data: Buffer, name: string, type: string, language = 'en') {
  const form = await logoForm(data, name, type);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/web-config/logo',
    headers: { ...headers, 'content-type': form.contentType, 'accept-language': language },
    payload: form.payload,
  });
  return { status: response.statusCode, body: response.json() };
}

const decodedLogo = (dataUrl: string) => Buffer.from(dataUrl.split(',')[1] ?? '', 'base64').toString('utf8');

describe('the company web config', () => {
  it('a company admin changes the name and colours; the sign-in page and the app read them; the change is audited', async () => {
    const tenant = await createTenant(ctx);
    const changed = await call(ctx.app, 'PATCH', '/api/web-config/update', tenant.headers, {
      name: 'Harbour Parking',
      primary_color: '#0B7285',
      background_color: '#F8F9FA',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({ name: 'Harbour Parking', primary_color: '#0b7285', background_color: '#f8f9fa' });

    const basic = `Basic ${Buffer.from(`${tenant.company.id}:${tenant.company.client_key}`).toString('base64')}`;
    const publicRead = await call(ctx.app, 'GET', '/api/web-config', { authorization: basic });
    expect(publicRead.body.data).toMatchObject({ name: 'Harbour Parking', primary_color: '#0b7285', background_color: '#f8f9fa' });

    // Any signed-in user of the company (a driver too) gets the theme; nobody can change it but an admin.
    const driver = await addUser(ctx, tenant.company.id, 'driver');
    expect((await call(ctx.app, 'GET', '/api/web-config/company', driver.headers)).body.data).toMatchObject({ name: 'Harbour Parking' });
    expect((await call(ctx.app, 'PATCH', '/api/web-config/update', driver.headers, { name: 'Mine now' })).status).toBe(403);

    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'web_config'), eq(auditLog.entity_id, String(tenant.company.id))));
    expect(entry?.actor_user_id).toBe(tenant.user.id);
    expect(entry?.changes).toMatchObject({ name: { to: 'Harbour Parking' }, primary_color: { from: '#0095e8', to: '#0b7285' } });
  });

  it("another company's admin changes only their own company: the first one's config is untouched", async () => {
    const first = await createTenant(ctx);
    const second = await createTenant(ctx);
    await call(ctx.app, 'PATCH', '/api/web-config/update', second.headers, { name: 'Second only', primary_color: '#5f3dc4' });
    expect((await call(ctx.app, 'GET', '/api/web-config/company', first.headers)).body.data).toMatchObject({
      company_id: first.company.id,
      name: first.company.name,
      primary_color: '#0095e8',
    });
    expect((await call(ctx.app, 'GET', '/api/web-config/company', second.headers)).body.data).toMatchObject({
      company_id: second.company.id,
      name: 'Second only',
    });
    // The body cannot name a company.
    const named = await call(ctx.app, 'PATCH', '/api/web-config/update', second.headers, { company_id: first.company.id, name: 'x' });
    expect(named.status).toBe(400);
  });

  it('refuses a main colour that fails AA contrast, with the ratio it reaches, in English and Tamil; nothing is saved', async () => {
    const tenant = await createTenant(ctx);
    const orange = await call(ctx.app, 'PATCH', '/api/web-config/update', tenant.headers, { name: 'Kept?', primary_color: '#f59f00' });
    expect(orange.status).toBe(400);
    expect(orange.body).toMatchObject({ code: 'primary_color_contrast', details: [{ field: 'primary_color' }] });
    expect(orange.body.message).toBe(en.errors.primary_color_contrast.replace('{{primary_ratio}}', '3.60'));

    const response = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/web-config/update',
      headers: { ...tenant.headers, 'accept-language': 'ta' },
      payload: { primary_color: '#ffd43b' },
    });
    expect(response.json().message).toBe(ta.errors.primary_color_contrast.replace('{{primary_ratio}}', '2.49'));
    expect((await call(ctx.app, 'GET', '/api/web-config/company', tenant.headers)).body.data).toMatchObject({
      name: tenant.company.name,
      primary_color: '#0095e8',
    });
  });

  it('refuses a background on which text would be unreadable, and a main colour unreadable on the current background', async () => {
    const tenant = await createTenant(ctx);
    const dark = await call(ctx.app, 'PATCH', '/api/web-config/update', tenant.headers, { background_color: '#343a40' });
    expect(dark.status).toBe(400);
    expect(dark.body).toMatchObject({ code: 'background_color_contrast', details: [{ field: 'background_color' }] });
    expect(dark.body.message).toContain('1.');

    // A grey background that passes with the default blue...
    expect((await call(ctx.app, 'PATCH', '/api/web-config/update', tenant.headers, { background_color: '#eef1f4' })).status).toBe(200);
    // ...refuses a main colour that is fine on white (4.59:1) but not on that grey (4.05:1): the error names the colour sent.
    const teal = await call(ctx.app, 'PATCH', '/api/web-config/update', tenant.headers, { primary_color: '#15aabf' });
    expect(teal.status).toBe(400);
    expect(teal.body).toMatchObject({ code: 'background_color_contrast', details: [{ field: 'primary_color' }] });
    expect(teal.body.message).toContain('4.05:1');
  });

  it('refuses what is not a colour', async () => {
    const tenant = await createTenant(ctx);
    const response = await call(ctx.app, 'PATCH', '/api/web-config/update', tenant.headers, { primary_color: 'blue', name: '   ' });
    expect(response.status).toBe(400);
    const fields = (response.body.details as Array<{ field: string; code: string }>).map((detail) => [detail.field, detail.code]);
    expect(fields).toEqual(expect.arrayContaining([['primary_color', 'validation.hexColour']]));
    expect(fields.map(([field]) => field)).toContain('name');
  });

  it('an update naming no field changes nothing and answers the config as it is (it was a 500)', async () => {
    const tenant = await createTenant(ctx);
    const before = await call(ctx.app, 'GET', '/api/web-config/company', tenant.headers);
    const response = await call(ctx.app, 'PATCH', '/api/web-config/update', tenant.headers, {});
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual(before.body.data);
  });
});

describe('the company logo', () => {
  it('stores a PNG or a JPEG as it is, as a data URL, and removes it again', async () => {
    const tenant = await createTenant(ctx);
    const png = await uploadLogo(tenant.headers, PNG, 'logo.png', 'image/png');
    expect(png.status, JSON.stringify(png.body)).toBe(200);
    expect(png.body.data.login_page_logo).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
    // The bytes decide, not the name or type sent.
    const jpeg = await uploadLogo(tenant.headers, JPEG, 'logo.png', 'image/png');
    expect(jpeg.body.data.login_page_logo).toBe(`data:image/jpeg;base64,${JPEG.toString('base64')}`);

    const removed = await call(ctx.app, 'DELETE', '/api/web-config/logo', tenant.headers);
    expect(removed.body.data).toMatchObject({ login_page_logo: null });

    const entries = await ctx.db
      .select({ changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'web_config'), eq(auditLog.entity_id, String(tenant.company.id))));
    // The log says what the logo was (type, size, digest), never its bytes.
    expect(JSON.stringify(entries)).not.toContain(PNG.toString('base64'));
    expect(JSON.stringify(entries)).toMatch(/image\/png, 70 bytes, sha256 [0-9a-f]{12}/);
  });

  it('keeps only the drawing of an SVG: scripts, handlers, links, external references, styles and animation are gone', async () => {
    const tenant = await createTenant(ctx);
    const uploaded = await uploadLogo(tenant.headers, Buffer.from(HOSTILE_SVG), 'logo.svg', 'image/svg+xml');
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const svg = decodedLogo(uploaded.body.data.login_page_logo);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 120 40">/);
    expect(svg).toContain('<rect width="120" height="40" rx="6" fill="url(#brand)">');
    expect(svg).toContain('<text x="10" y="26" font-size="18">Harbour</text>');
    for (const gone of [
      'script',
      'alert',
      'onload',
      'onclick',
      'javascript',
      'evil.example',
      'style',
      'foreignObject',
      '<image',
      '<use',
      '<set',
      '<animate',
      'ENTITY',
      'href',
    ])
      expect(svg).not.toContain(gone);
  });

  it('refuses other files saying what they are, an empty SVG, and a file over 256 kB; the logo stays as it was', async () => {
    const tenant = await createTenant(ctx);
    const before = (await call(ctx.app, 'GET', '/api/web-config/company', tenant.headers)).body.data as { login_page_logo: string };

    const gif = await uploadLogo(tenant.headers, Buffer.from('GIF89a\x01\x00\x01\x00'), 'logo.png', 'image/png');
    expect(gif).toMatchObject({ status: 400, body: { code: 'logo_type_not_allowed', details: [{ field: 'file' }] } });
    expect(gif.body.message).toBe('A logo must be a PNG, JPEG or SVG image: this file is a GIF image.');
    const pdf = await uploadLogo(tenant.headers, Buffer.from('%PDF-1.4\n%%EOF\n'), 'logo.pdf', 'application/pdf', 'ta');
    expect(pdf.body.message).toBe(ta.errors.logo_type_not_allowed.replace('{{found}}', 'ஒரு PDF ஆவணம்'));

    const nothingLeft = await uploadLogo(tenant.headers, Buffer.from('<svg><script>alert(1)</script></svg>'), 'x.svg', 'image/svg+xml');
    expect(nothingLeft).toMatchObject({ status: 400, body: { code: 'logo_empty', details: [{ field: 'file' }] } });
    const page = await uploadLogo(tenant.headers, Buffer.from('<html><script>alert(1)</script></html>'), 'x.svg', 'image/svg+xml');
    expect(page.body.message).toBe('A logo must be a PNG, JPEG or SVG image: this file is a web page (HTML).');

    const huge = Buffer.concat([PNG, Buffer.alloc(256 * 1024)]);
    const tooLarge = await uploadLogo(tenant.headers, huge, 'big.png', 'image/png');
    expect(tooLarge).toMatchObject({ status: 413, body: { code: 'logo_too_large' } });

    const after = (await call(ctx.app, 'GET', '/api/web-config/company', tenant.headers)).body.data as { login_page_logo: string };
    expect(after.login_page_logo).toBe(before.login_page_logo);
  });

  it("a driver cannot upload a logo; another company's admin's upload changes only their company", async () => {
    const first = await createTenant(ctx);
    const second = await createTenant(ctx);
    const driver = await addUser(ctx, first.company.id, 'driver');
    expect((await uploadLogo(driver.headers, PNG, 'logo.png', 'image/png')).status).toBe(403);
    await uploadLogo(second.headers, PNG, 'logo.png', 'image/png');
    const firstConfig = (await call(ctx.app, 'GET', '/api/web-config/company', first.headers)).body.data as { login_page_logo: string };
    expect(firstConfig.login_page_logo).toBe('data:image/png;base64,AAAA');
  });
});
