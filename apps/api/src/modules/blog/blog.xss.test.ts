import type { BlogPost } from '@ps/contracts';
import { bodyWithPayload, xssPayloads } from '@ps/contracts/testing/xssPayloads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { call, createTenant, type Tenant } from '../../../test/kit.ts';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS, sanitizeRichText } from '../../lib/richText.ts';

/**
 * The blog's known XSS payloads (packages/contracts/src/testing/xssPayloads.ts, shared with the browser test
 * apps/web/e2e/blog-xss.spec.ts) are stored inert: only the allowlist's tags and attributes, no `on*` handler, no
 * script, and no address but absolute http(s) and mailto.
 */

let ctx: TestContext;
let admin: Tenant;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createTenant(ctx);
});
afterAll(() => ctx?.close());

/** HTML character references decoded (what a browser reads in an attribute). */
function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_m, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_m, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** A browser ignores control characters and spaces in a scheme's spelling: so does the check. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the URL parser's own rule.
const IGNORED_IN_SCHEME = /[\u0000-\u0020]/g;

/** Everything wrong with a stored body: tags and attributes beyond the allowlist, handlers, unsafe addresses. */
function problemsOf(html: string): string[] {
  const problems: string[] = [];
  const tagPattern = /<\/?([a-zA-Z][^\s/>]*)([^>]*)>/g;
  for (const [, rawName = '', rawAttributes = ''] of html.matchAll(tagPattern)) {
    const name = rawName.toLowerCase();
    if (!RICH_TEXT_TAGS.includes(name)) problems.push(`tag <${name}>`);
    for (const [, attribute = '', value = ''] of rawAttributes.matchAll(/\s([^\s=/>]+)(?:="([^"]*)")?/g)) {
      const attributeName = attribute.toLowerCase();
      if (!(RICH_TEXT_ATTRIBUTES[name] ?? []).includes(attributeName)) problems.push(`attribute ${attributeName} on <${name}>`);
      if (attributeName.startsWith('on')) problems.push(`handler ${attributeName}`);
      const decoded = decodeEntities(value).replace(IGNORED_IN_SCHEME, '').toLowerCase();
      if (/(javascript|vbscript|data):/.test(decoded)) problems.push(`unsafe value ${attributeName}="${value}"`);
      if (attributeName === 'href' && !/^(https?:\/\/|mailto:)/.test(decoded)) problems.push(`href ${value}`);
    }
  }
  // Nothing that a browser could read as markup hides in the text: every < is a tag the scan above saw.
  const unseen = html.replace(tagPattern, '');
  if (unseen.includes('<') || unseen.includes('>')) problems.push('a raw < or > in the text');
  return problems;
}

describe('known XSS payloads in a blog post’s body', () => {
  it('has at least 20 payloads, each with a name of its own', () => {
    expect(xssPayloads.length).toBeGreaterThanOrEqual(20);
    expect(new Set(xssPayloads.map((payload) => payload.name)).size).toBe(xssPayloads.length);
  });

  it.each(xssPayloads.map((payload, index) => [payload.name, payload, index] as const))(
    '%s: sanitised inert, and stable',
    (_name, payload) => {
      const once = sanitizeRichText(payload.html);
      expect(problemsOf(once)).toEqual([]);
      expect(sanitizeRichText(once)).toBe(once);
    },
  );

  it('each is stored inert through the API, on add and on update, and read back inert; the text before it stays', async () => {
    const failures: string[] = [];
    for (const [index, payload] of xssPayloads.entries()) {
      const body = bodyWithPayload(payload, index);
      const added = await call(ctx.app, 'POST', '/api/blog/add', admin.headers, { title: `XSS ${index + 1}`, body, status: 'published' });
      expect(added.status, `${payload.name}: ${JSON.stringify(added.body)}`).toBe(201);
      const post = added.body.data as BlogPost;
      const updated = await call(ctx.app, 'PATCH', `/api/blog/update/${post.id}`, admin.headers, { body: `${body}${payload.html}` });
      expect(updated.status).toBe(200);
      const stored = (await call(ctx.app, 'GET', `/api/blog/get/${post.id}`, admin.headers)).body.data as BlogPost;
      for (const html of [post.body, (updated.body.data as BlogPost).body, stored.body]) {
        for (const problem of problemsOf(html)) failures.push(`${payload.name}: ${problem} in ${html}`);
      }
      // The text before stays (what follows an unclosed <svg> or <noscript> is inside it, and goes with it).
      expect(stored.body.startsWith(`<p>Payload ${index + 1}: before</p>`)).toBe(true);
    }
    expect(failures).toEqual([]);
  });

  it('the scan itself finds what it looks for (a check that can fail)', () => {
    expect(problemsOf('<img src=x onerror="alert(1)">')).toEqual(expect.arrayContaining(['tag <img>', 'handler onerror']));
    expect(problemsOf('<a href="jav&#x61;script:alert(1)">x</a>')).toEqual(
      expect.arrayContaining(['unsafe value href="jav&#x61;script:alert(1)"']),
    );
    expect(problemsOf('<a href="/relative" rel="x">x</a>')).toContain('href /relative');
    expect(problemsOf('<p style="x">a</p>')).toContain('attribute style on <p>');
  });
});
