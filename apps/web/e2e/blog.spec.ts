import { deflateSync } from 'node:zlib';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { BlogPost, PublicBlogPostSummary } from '@ps/contracts';
import { call } from './bookingWorld';
import { dialogOpen, isMobile, noSidewaysScroll, openNav, record, setLanguage } from './catalogue';
import { apiSignIn, BOTH_WIDTHS, seriousViolations, storeSession, toast, widthFor } from './support';

/**
 * The blog against the real API: a company admin writes a Tamil post with the rich text editor (a heading, bold text,
 * a link, a cover image), publishes it and finds it in the list, the preview and the company's public list; the other
 * company never sees it. Publishing, unpublishing and deleting ask first. In English at 1440 px and Tamil at 375 px,
 * the writing at both (support.ts).
 */

const PARTNER_ADMIN = { email: 'partner@example.com', password: 'admin123' };

/** How long the editor's chunk may take to arrive and start the first time on a busy machine. */
const EDITOR_LOAD_MS = 30_000;

// Axe runs many times per test here, and the editor is a large chunk: more time than the default on a busy machine.
test.describe.configure({ timeout: 120_000 });

/** A PNG of the given size (a blue-to-white gradient), made here so the test needs no file. */
function gradientPng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = y * (width * 3 + 1) + 1 + x * 3;
      const shade = Math.round((x / width) * 200);
      rows[offset] = shade;
      rows[offset + 1] = 120 + Math.round(shade / 2);
      rows[offset + 2] = 232;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A word of its own per run and project, so parallel runs and both widths find only their own posts. */
const runTag = () => `${test.info().project.name.startsWith('mobile') ? 'm' : 'd'}${Math.random().toString(36).slice(2, 7)}`;

/** The company's public site's key, as the server writes it into the sign-in page. */
async function clientKey(request: APIRequestContext): Promise<string> {
  const html = await (await request.get('/auth/login')).text();
  const key = html.match(/<meta name="ps-client-key" content="([^"]+)"/)?.[1];
  if (!key) throw new Error('no client key on the sign-in page');
  return key;
}

async function addPost(request: APIRequestContext, token: string, body: Record<string, unknown>) {
  return call<BlogPost>(request, token, 'POST', '/blog/add', body);
}

test(
  'a company admin writes a Tamil post with the editor, publishes it, and finds it in the list, the preview and the public list',
  BOTH_WIDTHS,
  async ({ page, request }) => {
    const tag = runTag();
    const session = await apiSignIn(request);
    await storeSession(page, session);
    await page.goto('/1/dashboard');
    await openNav(page, 'Blog');
    await expect(page).toHaveURL(/\/1\/blog$/);
    await expect(page.getByRole('heading', { name: 'Blog', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Write a post' }).click();
    await expect(page.getByRole('heading', { name: 'Write a post', level: 1 })).toBeVisible();

    // Nothing typed: the title and the text are asked for before anything is sent.
    await page.getByRole('button', { name: 'Save post' }).click();
    await expect(page.getByText('This field is required').first()).toBeVisible();

    // A Tamil title: its address is proposed in Latin letters as it is typed.
    const title = `வணக்கம் சென்னை ${tag}`;
    await page.getByRole('textbox', { name: /^Title/ }).fill(title);
    await expect(page.getByRole('textbox', { name: /^Address \(slug\)/ })).toHaveValue(`vanakkam-sennai-${tag}`);
    await page.getByRole('radio', { name: 'Tamil' }).check();

    // The editor: a heading, a paragraph with bold Tamil text, and a link, through its toolbar.
    const editor = page.getByRole('textbox', { name: /^Text/ });
    await expect(editor).toBeVisible({ timeout: EDITOR_LOAD_MS });
    await expect(editor).toHaveAttribute('lang', 'ta');
    await editor.click();
    await page.getByRole('button', { name: 'Heading', exact: true }).click();
    await page.keyboard.insertText('விமான நிலையச் சேவை');
    await page.keyboard.press('Enter');
    await page.keyboard.insertText('முன்பதிவு ');
    await page.getByRole('button', { name: 'Bold', exact: true }).click();
    await page.keyboard.insertText('இப்போது');
    await page.getByRole('button', { name: 'Bold', exact: true }).click();
    await page.keyboard.insertText(' திறந்துள்ளது.');
    // A short line of its own, selected whole, becomes the link.
    await page.keyboard.press('Enter');
    await page.keyboard.insertText('தளம்');
    await page.keyboard.press('Shift+Home');
    await page.getByRole('button', { name: 'Link', exact: true }).click();
    await page.getByRole('textbox', { name: 'Link address' }).fill('example.com/chennai');
    await page.getByRole('button', { name: 'Save link' }).click();
    await expect(editor.locator('h2')).toHaveText('விமான நிலையச் சேவை');
    await expect(editor.locator('strong')).toHaveText('இப்போது');

    // A cover image, shown before it is saved.
    await page.locator('input[type="file"]').setInputFiles({ name: 'chennai.png', mimeType: 'image/png', buffer: gradientPng(640, 320) });
    await expect(page.getByTestId('cover-preview')).toBeVisible();

    await page.getByRole('radio', { name: 'Published' }).check();
    await expect(page.getByLabel('On the site from')).toHaveValue('');
    if (isMobile()) await noSidewaysScroll(page);
    await page.getByRole('button', { name: 'Save post' }).click();
    await expect(toast(page, `“${title}” saved and published.`)).toBeVisible();
    await expect(page).toHaveURL(/\/1\/blog$/);

    // In the list, under the Tamil filter (kept in the URL), published.
    await page.getByRole('radiogroup', { name: 'Filter by language' }).getByText('Tamil', { exact: true }).click();
    await expect(page).toHaveURL(/language=ta/);
    await page.getByRole('searchbox', { name: 'Search posts' }).fill(tag);
    await expect(page).toHaveURL(/search=/);
    const row = record(page, title);
    await expect(row).toContainText('Published');
    await expect(row).toContainText(`/vanakkam-sennai-${tag}`);
    await expect(row).toContainText('Tamil');
    if (isMobile()) await noSidewaysScroll(page);

    // What was stored is what the editor made, through the API's allowlist; the cover is there.
    const [saved] = await call<BlogPost[]>(request, session.access_token, 'GET', `/blog/list?search=${tag}`);
    expect(saved).toMatchObject({ title, language: 'ta', status: 'published', cover: { content_type: 'image/png' } });
    const post = await call<BlogPost>(request, session.access_token, 'GET', `/blog/get/${saved?.id}`);
    expect(post.body).toBe(
      '<h2>விமான நிலையச் சேவை</h2><p>முன்பதிவு <strong>இப்போது</strong> திறந்துள்ளது.</p>' +
        '<p><a href="https://example.com/chennai" rel="noopener noreferrer nofollow" target="_blank">தளம்</a></p>',
    );

    // The preview shows the stored post: its cover, title and text, in Tamil.
    await row.getByRole('link', { name: `Preview ${title}` }).click();
    await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible();
    const article = page.getByTestId('blog-preview');
    await expect(article).toHaveAttribute('lang', 'ta');
    await expect(article.getByRole('img', { name: `Cover of “${title}”` })).toBeVisible();
    await expect(page.getByTestId('blog-preview-body').locator('strong')).toHaveText('இப்போது');
    if (isMobile()) await noSidewaysScroll(page);

    // The company's public site lists it with the client key, and serves its cover; no user token needed.
    const key = await clientKey(request);
    const site = await request.get('/api/blog/public/list?language=ta&page_size=100', { headers: { Authorization: `Basic ${key}` } });
    expect(site.status()).toBe(200);
    const listed = ((await site.json()) as { data: PublicBlogPostSummary[] }).data.find((item) => item.slug === post.slug);
    expect(listed).toMatchObject({ title, cover_url: `/api/blog/public/cover/${post.id}` });
    const cover = await request.get(listed?.cover_url ?? '', { headers: { Authorization: `Basic ${key}` } });
    expect(cover.headers()['content-type']).toBe('image/png');

    // The other company's admin sees none of it.
    const partner = await apiSignIn(request, PARTNER_ADMIN.email, PARTNER_ADMIN.password);
    const theirs = await call<BlogPost[]>(request, partner.access_token, 'GET', '/blog/list?page_size=1000');
    expect(theirs.map((item) => item.id)).not.toContain(post.id);
    const foreign = await request.get(`/api/blog/get/${post.id}`, { headers: { Authorization: `Bearer ${partner.access_token}` } });
    expect(foreign.status()).toBe(404);
    await storeSession(page, partner, partner.user_data.company_id);
    await page.goto(`/${partner.user_data.company_id}/blog`);
    await expect(page.getByRole('heading', { name: 'Blog', level: 1 })).toBeVisible();
    await expect(page.getByText(title)).toHaveCount(0);
  },
);

test('a taken address is said beside the field; publishing, unpublishing and deleting ask first', async ({ page, request }) => {
  const tag = runTag();
  const session = await apiSignIn(request);
  const taken = await addPost(request, session.access_token, { title: `Taken ${tag}`, slug: `taken-${tag}`, body: '<p>First.</p>' });
  await storeSession(page, session);
  await page.goto('/1/blog/new');
  const title = `Second post ${tag}`;
  await page.getByRole('textbox', { name: /^Title/ }).fill(title);
  await page.getByRole('textbox', { name: /^Address \(slug\)/ }).fill(taken.slug);
  await expect(page.getByRole('textbox', { name: /^Text/ })).toBeVisible({ timeout: EDITOR_LOAD_MS });
  await page.getByRole('textbox', { name: /^Text/ }).click();
  await page.keyboard.type('Some text.');
  await page.getByRole('button', { name: 'Save post' }).click();
  const message = 'Another post in this language already has this address (slug): choose another.';
  await expect(toast(page, message)).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Address \(slug\)/ })).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('textbox', { name: /^Address \(slug\)/ }).fill(`Not A Slug`);
  await page.getByRole('button', { name: 'Save post' }).click();
  await expect(page.getByText('Use lower-case letters, digits and hyphens only, e.g. summer-parking-offers')).toBeVisible();
  await page.getByRole('textbox', { name: /^Address \(slug\)/ }).fill(`second-post-${tag}`);
  await page.getByRole('button', { name: 'Save post' }).click();
  await expect(toast(page, `“${title}” saved as a draft.`)).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search posts' }).fill(tag);
  await expect(page).toHaveURL(/search=/);
  const row = record(page, title);
  await expect(row).toContainText('Draft');
  await row.getByRole('button', { name: `Publish ${title}` }).click();
  const publish = page.getByRole('dialog', { name: 'Publish this post?' });
  await expect(publish).toContainText(`“${title}” will be on your company's site from now on.`);
  await publish.getByRole('button', { name: 'Publish' }).click();
  await expect(toast(page, `“${title}” is published.`)).toBeVisible();
  await expect(row).toContainText('On the site since');

  await row.getByRole('button', { name: `Unpublish ${title}` }).click();
  const unpublish = page.getByRole('dialog', { name: 'Take this post off the site?' });
  await unpublish.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toContainText('Published');
  await row.getByRole('button', { name: `Unpublish ${title}` }).click();
  await unpublish.getByRole('button', { name: 'Unpublish' }).click();
  await expect(toast(page, `“${title}” is a draft again.`)).toBeVisible();
  await expect(row).toContainText('Not on the site');

  await row.getByRole('button', { name: `Delete ${title}` }).click();
  await page.getByRole('dialog', { name: 'Delete post' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, `“${title}” deleted.`)).toBeVisible();
  await expect(record(page, title)).toHaveCount(0);
});

/** A published post of the language for the accessibility checks, and the signed-in page in that language. */
async function a11yWorld(page: Page, request: APIRequestContext, lang: 'en' | 'ta') {
  const tag = runTag();
  const session = await apiSignIn(request);
  const post = await addPost(request, session.access_token, {
    title: lang === 'ta' ? `தமிழ்ப் பதிவு ${tag}` : `English post ${tag}`,
    body: '<h2>Heading</h2><p>Some <strong>bold</strong> text and <a href="https://example.com">a link</a>.</p><ul><li><p>one</p></li></ul>',
    language: lang,
    status: 'published',
  });
  await storeSession(page, session);
  await setLanguage(page, lang);
  return { post, tag };
}

for (const lang of ['en', 'ta'] as const) {
  test(
    `the blog's list, its dialogs and the preview have no serious accessibility findings (${lang})`,
    widthFor(lang),
    async ({ page, request }) => {
      const { post, tag } = await a11yWorld(page, request, lang);
      const unpublish = lang === 'en' ? `Unpublish ${post.title}` : `${post.title} வெளியீட்டை நிறுத்து`;
      const remove = lang === 'en' ? `Delete ${post.title}` : `${post.title} நீக்கு`;

      await page.goto(`/1/blog?search=${tag}`);
      await expect(record(page, post.title)).toBeVisible();
      expect(await seriousViolations(page), 'list').toEqual([]);
      if (isMobile()) await noSidewaysScroll(page);
      await record(page, post.title).getByRole('button', { name: unpublish }).click();
      await dialogOpen(page);
      expect(await seriousViolations(page), 'unpublish dialog').toEqual([]);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      await record(page, post.title).getByRole('button', { name: remove }).click();
      await dialogOpen(page);
      expect(await seriousViolations(page), 'delete dialog').toEqual([]);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();

      await page.goto(`/1/blog/${post.id}/preview`);
      await expect(page.getByTestId('blog-preview-body').locator('strong')).toHaveText('bold');
      expect(await seriousViolations(page), 'preview').toEqual([]);
      if (isMobile()) await noSidewaysScroll(page);
      await page.getByRole('button', { name: lang === 'en' ? 'Unpublish' : 'வெளியீட்டை நிறுத்து' }).click();
      await dialogOpen(page);
      expect(await seriousViolations(page), 'preview dialog').toEqual([]);
    },
  );

  test(
    `the blog's form with the editor and its link box has every button named, no serious accessibility findings (${lang})`,
    widthFor(lang),
    async ({ page, request }) => {
      const { post } = await a11yWorld(page, request, lang);
      const bold = lang === 'en' ? 'Bold' : 'தடித்த எழுத்து';
      const link = lang === 'en' ? 'Link' : 'இணைப்பு';

      // The form with the editor loaded: every toolbar button named in the language.
      await page.goto(`/1/blog/${post.id}/edit`);
      const editor = page.getByTestId('blog-body-editor');
      // The editor is a large chunk of its own: on a busy machine it takes a while the first time.
      await expect(editor).toBeVisible({ timeout: EDITOR_LOAD_MS });
      await expect(editor.locator('strong')).toHaveText('bold');
      const toolbar = page.getByRole('toolbar');
      const names = await toolbar
        .getByRole('button')
        .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
      expect(names.length).toBeGreaterThanOrEqual(15);
      expect(names.filter((name) => name.trim() === '')).toEqual([]);
      if (lang === 'ta') expect(names.filter((name) => /[A-Za-z]/.test(name))).toEqual([]);
      await expect(toolbar.getByRole('button', { name: bold, exact: true })).toBeVisible();
      expect(await seriousViolations(page), 'form with the editor').toEqual([]);
      if (isMobile()) await noSidewaysScroll(page);

      // The link box, open on the post's link.
      await editor.locator('a').click();
      await toolbar.getByRole('button', { name: link, exact: true }).click();
      const address = page.getByRole('textbox', { name: lang === 'en' ? 'Link address' : 'இணைப்பு முகவரி' });
      await expect(address).toHaveValue('https://example.com/');
      expect(await seriousViolations(page), 'link box').toEqual([]);
      await page.keyboard.press('Escape');
      await expect(address).toBeHidden();
      if (isMobile()) await noSidewaysScroll(page);

      await page.goto('/1/blog/new');
      await expect(page.getByRole('heading', { name: lang === 'en' ? 'Write a post' : 'பதிவு எழுது', level: 1 })).toBeVisible();
      await expect(page.getByRole('toolbar')).toBeVisible({ timeout: EDITOR_LOAD_MS });
      // A new post's language is the interface's.
      await expect(page.getByRole('radio', { name: lang === 'en' ? 'English' : 'தமிழ்' })).toBeChecked();
      expect(await seriousViolations(page), 'new post').toEqual([]);
    },
  );
}
