import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BlogPost, blogSortFields, MAX_COVER_BYTES, type PublicBlogPostSummary } from '@ps/contracts';
import blogEn from '@ps/contracts/locales/blog.en.json' with { type: 'json' };
import blogTa from '@ps/contracts/locales/blog.ta.json' with { type: 'json' };
import driversEn from '@ps/contracts/locales/drivers.en.json' with { type: 'json' };
import driversTa from '@ps/contracts/locales/drivers.ta.json' with { type: 'json' };
import en from '@ps/contracts/locales/en.json' with { type: 'json' };
import ta from '@ps/contracts/locales/ta.json' with { type: 'json' };
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeCrudResource } from '../../../test/crud-suite.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { addUser, call, changeCompany, createCompanyThroughApi, createTenant, type Headers, type Tenant } from '../../../test/kit.ts';
import { GIF, HTML, JPEG, multipart, PDF, PNG, SVG, WEBP } from '../../../test/multipart.ts';
import { auditLog, blogPosts } from '../../db/schema/index.ts';

const tag = () => randomUUID().slice(0, 8);

describeCrudResource('blog posts', {
  base: '/api/blog',
  entity: 'blog_post',
  createBody: () => {
    const t = tag();
    return { title: `Summer parking ${t}`, slug: `summer-parking-${t}`, body: `<p>Book early ${t}.</p>`, language: 'en' };
  },
  update: { body: { title: 'Winter parking offers' }, expect: { title: 'Winter parking offers' } },
  invalid: { body: { title: '', body: '', slug: 'Not A Slug' }, fields: ['title', 'body', 'slug'] },
  sortFields: blogSortFields,
  searchTermOf: (record) => String(record.slug),
});

let ctx: TestContext;
let root: string;
let uploadDir: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'ps-blog-'));
  uploadDir = join(root, 'uploads');
  ctx = await createTestContext({ UPLOAD_DIR: uploadDir });
});
afterAll(async () => {
  await ctx?.close();
  await rm(root, { recursive: true, force: true });
});

type Detail = { field: string; code: string; message: string };
const detailsOf = (body: Record<string, unknown>) => body.details as Detail[];

async function write(tenant: Tenant, body: Record<string, unknown>, headers: Headers = {}) {
  return call(ctx.app, 'POST', '/api/blog/add', { ...tenant.headers, ...headers }, body);
}
async function addPost(tenant: Tenant, body: Record<string, unknown> = {}): Promise<BlogPost> {
  const t = tag();
  const response = await write(tenant, { title: `Post ${t}`, body: `<p>Text ${t}</p>`, ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as BlogPost;
}
const update = (tenant: Tenant, id: number, body: Record<string, unknown>, headers: Headers = {}) =>
  call(ctx.app, 'PATCH', `/api/blog/update/${id}`, { ...tenant.headers, ...headers }, body);
const basic = (company: { id: number; client_key: string }) => ({
  authorization: `Basic ${Buffer.from(`${company.id}:${company.client_key}`).toString('base64')}`,
});
const publicList = (company: { id: number; client_key: string }, query = '') =>
  call(ctx.app, 'GET', `/api/blog/public/list${query}`, basic(company));
const auditOf = (id: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'blog_post'), eq(auditLog.entity_id, String(id))))
    .orderBy(auditLog.id);

async function uploadCover(tenant: Tenant, id: number, form: { payload: Buffer; headers: Headers }, extra: Headers = {}) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/blog/cover/${id}`,
    headers: { ...tenant.headers, ...form.headers, ...extra },
    payload: form.payload,
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}
const coverForm = (data: Buffer, filename = 'cover.bin') => multipart([{ name: 'file', filename, data }]);
/** The files in the upload directory (none before the first upload made it). */
const storedFiles = async () => (await readdir(uploadDir).catch(() => [] as string[])).sort();
const storedNameOf = async (id: number) =>
  (await ctx.db.select({ name: blogPosts.cover_stored_name }).from(blogPosts).where(eq(blogPosts.id, id)))[0]?.name ?? null;

describe('a Tamil post and its slug', () => {
  it('writes a Tamil post; the slug is its title in Latin letters, numbered on per company and language', async () => {
    const admin = await createTenant(ctx);
    const body = '<h2>சென்னை விமான நிலையம்</h2><p>முன்பதிவு <strong>இப்போது</strong> திறந்துள்ளது.</p>';
    const first = await write(admin, { title: 'வணக்கம் சென்னை', body, language: 'ta' }, { 'accept-language': 'ta' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.message).toBe(ta.success.created);
    expect(first.body.data).toMatchObject({
      title: 'வணக்கம் சென்னை',
      slug: 'vanakkam-sennai',
      language: 'ta',
      status: 'draft',
      published_at: null,
      body,
      excerpt: 'சென்னை விமான நிலையம் முன்பதிவு இப்போது திறந்துள்ளது.',
      cover: null,
      company_id: admin.company.id,
    });
    const second = await addPost(admin, { title: 'வணக்கம் சென்னை', language: 'ta' });
    expect(second.slug).toBe('vanakkam-sennai-2');
    // The same address in English is another address; so is another company's.
    expect((await addPost(admin, { title: 'வணக்கம் சென்னை', language: 'en' })).slug).toBe('vanakkam-sennai');
    expect((await addPost(await createTenant(ctx), { title: 'வணக்கம் சென்னை', language: 'ta' })).slug).toBe('vanakkam-sennai');
    // A title with nothing to spell gives `post`.
    expect((await addPost(admin, { title: '🚗🚗🚗' })).slug).toMatch(/^post(-\d+)?$/);
  });

  it("refuses a slug another post of the company has in that language: 409 on slug, in English and Tamil; another language's or company's is free", async () => {
    const admin = await createTenant(ctx);
    const slug = `airport-news-${tag()}`;
    const original = await addPost(admin, { slug, language: 'en' });
    for (const [language, catalogue] of [
      ['en', blogEn],
      ['ta', blogTa],
    ] as const) {
      const taken = await write(admin, { title: 'Another post', body: '<p>x</p>', slug, language: 'en' }, { 'accept-language': language });
      expect(taken.status).toBe(409);
      expect(taken.body).toMatchObject({ code: 'blog_slug_taken', message: catalogue.errors.blog_slug_taken });
      expect(detailsOf(taken.body)).toEqual([{ field: 'slug', code: 'errors.blog_slug_taken', message: catalogue.errors.blog_slug_taken }]);
    }
    const tamil = await addPost(admin, { slug, language: 'ta' });
    expect(tamil.slug).toBe(slug);
    expect((await addPost(await createTenant(ctx), { slug })).slug).toBe(slug);

    // An update onto a taken address: by slug, or by moving to the language where it is taken.
    const other = await addPost(admin, { language: 'en' });
    expect((await update(admin, other.id, { slug })).status).toBe(409);
    const moved = await update(admin, tamil.id, { language: 'en' });
    expect(moved.status).toBe(409);
    expect(detailsOf(moved.body)[0]?.field).toBe('slug');
    expect((await call(ctx.app, 'GET', `/api/blog/get/${original.id}`, admin.headers)).body.data).toEqual(original);
  });

  it('refuses a slug that is not lower-case letters, digits and hyphens, in the caller’s language', async () => {
    const admin = await createTenant(ctx);
    for (const slug of ['Upper-Case', 'two--hyphens', '-leading', 'trailing-', 'space here', 'தமிழ்', 'a'.repeat(101)]) {
      for (const [language, catalogue] of [
        ['en', en],
        ['ta', ta],
      ] as const) {
        const response = await write(admin, { title: 'Slug check', body: '<p>x</p>', slug }, { 'accept-language': language });
        expect(response.status, slug).toBe(400);
        const detail = detailsOf(response.body).find((d) => d.field === 'slug');
        expect(detail?.message, slug).toBe(slug.length > 100 ? catalogue.validation.tooLong : catalogue.validation.slug);
      }
    }
  });
});

describe('the body is sanitised on every write', () => {
  it('keeps what the editor makes and drops scripts, handlers, styles, images and unsafe links; the answer and the audit show the stored body', async () => {
    const admin = await createTenant(ctx);
    const sent =
      '<h1 style="color:red" onclick="x()">Heading</h1><p class="lead">Text <b>bold</b> <i>it</i> <u>u</u> <s>s</s> <code>c</code>' +
      '<script>alert(1)</script><img src=x onerror=alert(1)></p><ul><li><p>one</p></li></ul><ol start="3"><li><p>three</p></li></ol>' +
      '<blockquote><p>quote</p></blockquote><pre><code class="language-js">let a = 1 &lt; 2;</code></pre><hr><p>line<br>break</p>' +
      '<p><a href="https://example.com/page" target="_blank" onmouseover="x()">good</a> <a href="javascript:alert(1)">bad</a> ' +
      '<a href="www.example.org">bare</a> <a href="mailto:desk@example.com">mail</a></p><iframe src="https://evil.example"></iframe>';
    const created = await write(admin, { title: 'Sanitised', body: sent });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const stored =
      '<h2>Heading</h2><p>Text <strong>bold</strong> <em>it</em> <u>u</u> <s>s</s> <code>c</code></p><ul><li><p>one</p></li></ul>' +
      '<ol start="3"><li><p>three</p></li></ol><blockquote><p>quote</p></blockquote><pre><code>let a = 1 &lt; 2;</code></pre><hr /><p>line<br />break</p>' +
      '<p><a href="https://example.com/page" rel="noopener noreferrer nofollow" target="_blank">good</a> bad ' +
      '<a href="https://www.example.org/" rel="noopener noreferrer nofollow">bare</a> <a href="mailto:desk@example.com" rel="noopener noreferrer nofollow">mail</a></p>';
    const post = created.body.data as BlogPost;
    expect(post.body).toBe(stored);
    expect((await call(ctx.app, 'GET', `/api/blog/get/${post.id}`, admin.headers)).body.data).toMatchObject({ body: stored });
    const [entry] = await auditOf(post.id);
    expect(entry?.changes.body).toEqual({ to: stored });

    // An update's body goes through the same allowlist.
    const changed = await update(admin, post.id, { body: '<p onclick="x()">New <script>alert(2)</script>text</p>' });
    expect(changed.status).toBe(200);
    expect((changed.body.data as BlogPost).body).toBe('<p>New text</p>');
  });

  it('refuses a body with nothing readable left (400 blog_body_empty on body, in English and Tamil) and writes nothing', async () => {
    const admin = await createTenant(ctx);
    const before = await call(ctx.app, 'GET', '/api/blog/list', admin.headers);
    for (const body of [
      '<script>alert(1)</script>',
      '<p> </p><p></p>',
      '<img src=x onerror=alert(1)><hr>',
      '<svg><text>hidden</text></svg>',
    ]) {
      for (const [language, catalogue] of [
        ['en', blogEn],
        ['ta', blogTa],
      ] as const) {
        const response = await write(admin, { title: 'Empty body', body }, { 'accept-language': language });
        expect(response.status, body).toBe(400);
        expect(response.body).toMatchObject({ code: 'blog_body_empty', message: catalogue.errors.blog_body_empty });
        expect(detailsOf(response.body)).toEqual([
          { field: 'body', code: 'errors.blog_body_empty', message: catalogue.errors.blog_body_empty },
        ]);
      }
    }
    const post = await addPost(admin);
    expect((await update(admin, post.id, { body: '<script>alert(1)</script>' })).status).toBe(400);
    expect((await call(ctx.app, 'GET', `/api/blog/get/${post.id}`, admin.headers)).body.data).toEqual(post);
    const after = await call(ctx.app, 'GET', '/api/blog/list', admin.headers);
    expect((after.body.pagination as { total: number }).total).toBe((before.body.pagination as { total: number }).total + 1);
  });
});

describe('publishing', () => {
  it('sets published_at when published, keeps it when saved again, clears it when unpublished (the audit keeps it)', async () => {
    const admin = await createTenant(ctx);
    const draft = await addPost(admin);
    expect(draft).toMatchObject({ status: 'draft', published_at: null });

    const start = Date.now();
    const published = (await update(admin, draft.id, { status: 'published' })).body.data as BlogPost;
    expect(published.status).toBe('published');
    const publishedAt = Date.parse(published.published_at ?? '');
    expect(publishedAt).toBeGreaterThanOrEqual(start - 1000);
    expect(publishedAt).toBeLessThanOrEqual(Date.now() + 1000);

    const resaved = (await update(admin, draft.id, { title: 'Saved again', status: 'published' })).body.data as BlogPost;
    expect(resaved.published_at).toBe(published.published_at);

    const unpublished = (await update(admin, draft.id, { status: 'draft' })).body.data as BlogPost;
    expect(unpublished).toMatchObject({ status: 'draft', published_at: null });
    const entries = await auditOf(draft.id);
    expect(entries.at(-1)?.changes).toMatchObject({
      status: { from: 'published', to: 'draft' },
      published_at: { from: published.published_at, to: null },
    });

    // A time sent is kept (backdated here); `null` on a published post means now.
    const backdated = (await update(admin, draft.id, { status: 'published', published_at: '2025-03-01T09:00:00+05:30' })).body
      .data as BlogPost;
    expect(backdated.published_at).toBe('2025-03-01T03:30:00.000Z');
    const restamped = (await update(admin, draft.id, { published_at: null })).body.data as BlogPost;
    expect(Date.parse(restamped.published_at ?? '')).toBeGreaterThan(Date.parse('2026-01-01'));
  });

  it('refuses a publication time on a draft (400 on published_at)', async () => {
    const admin = await createTenant(ctx);
    const created = await write(admin, { title: 'Draft with time', body: '<p>x</p>', published_at: '2030-01-01T00:00:00Z' });
    expect(created.status).toBe(400);
    expect(detailsOf(created.body)).toEqual([
      { field: 'published_at', code: 'validation.publishedAtDraft', message: en.validation.publishedAtDraft },
    ]);
    const draft = await addPost(admin);
    const changed = await update(admin, draft.id, { published_at: '2030-01-01T00:00:00Z' }, { 'accept-language': 'ta' });
    expect(changed.status).toBe(400);
    expect(detailsOf(changed.body)).toEqual([
      { field: 'published_at', code: 'validation.publishedAtDraft', message: ta.validation.publishedAtDraft },
    ]);
    expect((await update(admin, draft.id, { published_at: 'tomorrow', status: 'published' })).status).toBe(400);
  });
});

describe('GET /api/blog/list', () => {
  it('filters by status and language, searches the text (not the markup), and answers no body', async () => {
    const admin = await createTenant(ctx);
    const word = `harbour${tag()}`;
    const tamilDraft = await addPost(admin, { language: 'ta', body: `<p>${word} <strong>strong</strong></p>` });
    const englishPublished = await addPost(admin, { status: 'published' });
    const ids = async (query: string) =>
      ((await call(ctx.app, 'GET', `/api/blog/list?page_size=1000&${query}`, admin.headers)).body.data as BlogPost[]).map((p) => p.id);
    expect(await ids('status=draft')).toEqual([tamilDraft.id]);
    expect(await ids('status=published')).toEqual([englishPublished.id]);
    expect(await ids('language=ta')).toEqual([tamilDraft.id]);
    expect(await ids(`search=${word}`)).toEqual([tamilDraft.id]);
    // The markup is not searched: only the text is.
    expect(await ids('search=%3Cstrong%3E')).toEqual([]);
    expect(await ids(`search=${word}%20strong`)).toEqual([tamilDraft.id]);
    expect(await ids('')).toEqual([englishPublished.id, tamilDraft.id]);
    const rows = (await call(ctx.app, 'GET', '/api/blog/list', admin.headers)).body.data as Array<Record<string, unknown>>;
    expect(rows[1]).not.toHaveProperty('body');
    expect(rows[1]).toMatchObject({ excerpt: `${word} strong` });
    expect((await call(ctx.app, 'GET', '/api/blog/list?status=archived', admin.headers)).status).toBe(400);
  });
});

describe("another company's admin", () => {
  it('gets 404 on every call about the post, its cover included, and never sees it in a list', async () => {
    const owner = await createTenant(ctx);
    const stranger = await createCompanyThroughApi(ctx);
    const post = await addPost(owner, { status: 'published' });
    expect((await uploadCover(owner, post.id, coverForm(PNG))).status).toBe(200);
    const withCover = (await call(ctx.app, 'GET', `/api/blog/get/${post.id}`, owner.headers)).body.data;

    for (const [method, url, body] of [
      ['GET', `/api/blog/get/${post.id}`],
      ['PATCH', `/api/blog/update/${post.id}`, { title: 'Taken over' }],
      ['DELETE', `/api/blog/delete/${post.id}`],
      ['GET', `/api/blog/cover/${post.id}`],
      ['DELETE', `/api/blog/cover/${post.id}`],
    ] as const) {
      const response = await ctx.app.inject({ method, url, headers: stranger.headers, ...(body ? { payload: body } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    }
    expect((await uploadCover(stranger, post.id, coverForm(JPEG))).status).toBe(404);
    const list = await call(ctx.app, 'GET', '/api/blog/list?page_size=1000', stranger.headers);
    expect((list.body.data as BlogPost[]).map((p) => p.id)).not.toContain(post.id);
    // Nothing changed: the owner sees the post and its cover as they were.
    expect((await call(ctx.app, 'GET', `/api/blog/get/${post.id}`, owner.headers)).body.data).toEqual(withCover);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/blog/cover/${post.id}`, headers: owner.headers })).rawPayload.equals(PNG),
    ).toBe(true);
  });

  it('a driver of the company cannot read or write the blog (403)', async () => {
    const admin = await createTenant(ctx);
    const driver = await addUser(ctx, admin.company.id, 'driver');
    const post = await addPost(admin);
    expect((await call(ctx.app, 'GET', '/api/blog/list', driver.headers)).status).toBe(403);
    expect((await call(ctx.app, 'GET', `/api/blog/get/${post.id}`, driver.headers)).status).toBe(403);
    expect((await write(driver, { title: 'Driver post', body: '<p>x</p>' })).status).toBe(403);
  });
});

describe('the public list for the company’s site (client key, no user token)', () => {
  it("answers only the key's company's published posts whose time has come, newest first, by language; drafts never", async () => {
    const first = await createTenant(ctx);
    const second = await createTenant(ctx);
    const older = await addPost(first, { title: 'Older English', status: 'published', published_at: '2026-01-10T10:00:00Z' });
    const newer = await addPost(first, { title: 'Newer Tamil', language: 'ta', status: 'published', published_at: '2026-02-10T10:00:00Z' });
    const draft = await addPost(first, { title: 'A draft' });
    const scheduled = await addPost(first, { title: 'Scheduled', status: 'published', published_at: '2099-01-01T00:00:00Z' });
    const theirs = await addPost(second, { title: 'Their post', status: 'published' });
    expect((await uploadCover(first, newer.id, coverForm(WEBP))).status).toBe(200);

    const mine = await publicList(first.company);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ message: en.success.list, pagination: { page: 1, page_size: 10, total: 2 } });
    expect(mine.body.data).toEqual([
      {
        id: newer.id,
        title: 'Newer Tamil',
        slug: newer.slug,
        language: 'ta',
        excerpt: newer.excerpt,
        published_at: '2026-02-10T10:00:00.000Z',
        cover_url: `/api/blog/public/cover/${newer.id}`,
      },
      {
        id: older.id,
        title: 'Older English',
        slug: older.slug,
        language: 'en',
        excerpt: older.excerpt,
        published_at: '2026-01-10T10:00:00.000Z',
        cover_url: null,
      },
    ]);
    expect(((await publicList(first.company, '?language=en')).body.data as PublicBlogPostSummary[]).map((p) => p.id)).toEqual([older.id]);
    expect(((await publicList(second.company)).body.data as PublicBlogPostSummary[]).map((p) => p.id)).toEqual([theirs.id]);
    const everything = JSON.stringify([(await publicList(first.company)).body, (await publicList(second.company)).body]);
    for (const hidden of [draft, scheduled]) expect(everything).not.toContain(hidden.title);

    // The scheduled post is on the site once its time comes.
    await ctx.db
      .update(blogPosts)
      .set({ published_at: new Date(Date.now() - 1000) })
      .where(eq(blogPosts.id, scheduled.id));
    expect(((await publicList(first.company)).body.data as PublicBlogPostSummary[]).map((p) => p.id)).toEqual([
      scheduled.id,
      newer.id,
      older.id,
    ]);

    // One post by its address, with its body; a draft's address, another company's or an unknown one: 404.
    const one = await call(ctx.app, 'GET', `/api/blog/public/get/ta/${newer.slug}`, basic(first.company));
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ id: newer.id, body: newer.body, cover_url: `/api/blog/public/cover/${newer.id}` });
    for (const [company, path] of [
      [first.company, `en/${draft.slug}`],
      [first.company, `en/${newer.slug}`],
      [second.company, `ta/${newer.slug}`],
    ] as const) {
      expect((await call(ctx.app, 'GET', `/api/blog/public/get/${path}`, basic(company))).status, path).toBe(404);
    }

    // The cover on the site: a published post's only, with its key only.
    const cover = await ctx.app.inject({ method: 'GET', url: `/api/blog/public/cover/${newer.id}`, headers: basic(first.company) });
    expect(cover.statusCode).toBe(200);
    expect(cover.rawPayload.equals(WEBP)).toBe(true);
    expect(cover.headers).toMatchObject({
      'content-type': 'image/webp',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=300',
    });
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/blog/public/cover/${newer.id}`, headers: basic(second.company) })).statusCode,
    ).toBe(404);
    expect((await uploadCover(first, draft.id, coverForm(PNG))).status).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/blog/public/cover/${draft.id}`, headers: basic(first.company) })).statusCode,
    ).toBe(404);
  });

  it('answers 401 to a wrong key, another company’s key, no header, a user token alone, and an inactive company', async () => {
    const owner = await createTenant(ctx);
    const other = await createTenant(ctx);
    const post = await addPost(owner, { title: `Secret ${tag()}`, status: 'published' });
    for (const headers of [
      basic({ id: owner.company.id, client_key: 'wrong-key' }),
      basic({ id: owner.company.id, client_key: other.company.client_key }),
      {},
      owner.headers,
    ]) {
      for (const url of ['/api/blog/public/list', `/api/blog/public/get/en/${post.slug}`, `/api/blog/public/cover/${post.id}`]) {
        const response = await ctx.app.inject({ method: 'GET', url, headers });
        expect(response.statusCode, url).toBe(401);
        expect(response.body).not.toContain(post.title);
      }
    }
    await changeCompany(ctx, owner.company.id, { status: 0 });
    expect((await publicList(owner.company)).status).toBe(401);
  });
});

describe('the cover image', () => {
  it('takes a JPEG, PNG or WebP by its bytes, serves it back to the back-office, replaces it and removes the old file', async () => {
    const admin = await createTenant(ctx);
    const post = await addPost(admin);
    const before = await storedFiles();
    let previous: string | null = null;
    for (const [data, type] of [
      [JPEG, 'image/jpeg'],
      [PNG, 'image/png'],
      [WEBP, 'image/webp'],
    ] as const) {
      // The name and the Content-Type sent say nothing: the bytes decide.
      const form = multipart([{ name: 'file', filename: 'holiday.gif', contentType: 'text/plain', data }]);
      const response = await uploadCover(admin, post.id, form);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect((response.body.data as BlogPost).cover).toEqual({
        content_type: type,
        size_bytes: data.length,
        uploaded_at: expect.any(String),
      });
      const file = await ctx.app.inject({ method: 'GET', url: `/api/blog/cover/${post.id}`, headers: admin.headers });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(data)).toBe(true);
      expect(file.headers).toMatchObject({
        'content-type': type,
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
      });
      const stored = await storedNameOf(post.id);
      expect(stored).toMatch(/^[0-9a-f-]{36}\.(jpg|png|webp)$/);
      // Only the current cover is on disk: the replaced one was removed.
      expect(await storedFiles()).toEqual([...before, stored].sort());
      if (previous) expect(await storedFiles()).not.toContain(previous);
      previous = stored;
    }
    const entries = await auditOf(post.id);
    expect(entries.filter((entry) => entry.action === 'update').map((entry) => entry.changes.cover_content_type?.to)).toEqual([
      'image/jpeg',
      'image/png',
      'image/webp',
    ]);

    // Taken off: the post has no cover and the file is gone.
    const removed = await call(ctx.app, 'DELETE', `/api/blog/cover/${post.id}`, admin.headers);
    expect(removed.status).toBe(200);
    expect((removed.body.data as BlogPost).cover).toBeNull();
    expect(await storedFiles()).toEqual(before);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/blog/cover/${post.id}`, headers: admin.headers })).statusCode).toBe(404);
  });

  it('refuses what is not a JPEG, PNG or WebP, saying what it is (EN and TA), and keeps nothing', async () => {
    const admin = await createTenant(ctx);
    const post = await addPost(admin);
    const before = await storedFiles();
    for (const [data, kind] of [
      [GIF, 'gif'],
      [SVG, 'svg'],
      [PDF, 'pdf'],
      [HTML, 'html'],
      [Buffer.from('plain words'), 'text'],
    ] as const) {
      for (const [language, catalogue] of [
        ['en', driversEn],
        ['ta', driversTa],
      ] as const) {
        const response = await uploadCover(admin, post.id, coverForm(data, 'cover.png'), { 'accept-language': language });
        expect(response.status, kind).toBe(400);
        const message = (language === 'en' ? blogEn : blogTa).errors.blog_cover_type_not_allowed.replace(
          '{{found}}',
          catalogue.uploads.found[kind],
        );
        expect(response.body).toMatchObject({ code: 'blog_cover_type_not_allowed', message });
        expect(detailsOf(response.body)[0]?.field).toBe('file');
      }
    }
    expect(await storedFiles()).toEqual(before);
    expect((await call(ctx.app, 'GET', `/api/blog/get/${post.id}`, admin.headers)).body.data).toMatchObject({ cover: null });
  });

  it('refuses no file (400 file_missing), an empty one, another field, a body that is not multipart (415) and a file over 5 MB (413)', async () => {
    const admin = await createTenant(ctx);
    const post = await addPost(admin);
    const before = await storedFiles();
    const none = await uploadCover(admin, post.id, multipart([]));
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ code: 'file_missing', message: driversEn.errors.file_missing });
    expect((await uploadCover(admin, post.id, coverForm(Buffer.alloc(0)))).body).toMatchObject({ code: 'file_missing' });
    const extra = await uploadCover(
      admin,
      post.id,
      multipart([
        { name: 'title', value: 'x' },
        { name: 'file', filename: 'a.png', data: PNG },
      ]),
    );
    expect(extra.status).toBe(400);
    expect(JSON.stringify(extra.body.details)).toContain('title');
    const json = await call(ctx.app, 'POST', `/api/blog/cover/${post.id}`, admin.headers, { file: 'x' });
    expect(json.status).toBe(415);
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_COVER_BYTES)]);
    const tooBig = await uploadCover(admin, post.id, coverForm(big, 'big.png'));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toMatchObject({ code: 'payload_too_large' });
    expect(await storedFiles()).toEqual(before);
    expect((await uploadCover(admin, 2147483000, coverForm(PNG))).status).toBe(404);
    expect(await storedFiles()).toEqual(before);
  });

  it('goes with its post when the post is deleted', async () => {
    const admin = await createTenant(ctx);
    const post = await addPost(admin);
    const before = await storedFiles();
    expect((await uploadCover(admin, post.id, coverForm(JPEG))).status).toBe(200);
    expect((await storedFiles()).length).toBe(before.length + 1);
    expect((await call(ctx.app, 'DELETE', `/api/blog/delete/${post.id}`, admin.headers)).status).toBe(200);
    expect(await storedFiles()).toEqual(before);
    const [deleted] = (await auditOf(post.id)).filter((entry) => entry.action === 'delete');
    expect(deleted?.changes).toMatchObject({ title: { from: post.title }, cover_content_type: { from: 'image/jpeg' } });
  });
});
