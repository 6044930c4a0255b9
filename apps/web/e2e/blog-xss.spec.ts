import { expect, type Page, test } from '@playwright/test';
import type { BlogPost } from '@ps/contracts';
import { bodyWithPayload, xssPayloads } from '@ps/contracts/testing/xssPayloads';
import { call } from './bookingWorld';
import { apiSignIn, storeSession } from './support';

/**
 * Each known XSS payload (packages/contracts/src/testing/xssPayloads.ts, also checked by the API test
 * apps/api/src/modules/blog/blog.xss.test.ts) stored through the API as a post's body renders inert in Chromium:
 * on the preview page (the stored HTML placed in the page as it is) and in the editor, under the app's CSP. A payload
 * that ran would set `window.__xss`, open an alert, or (held back by the CSP alone) report a CSP violation: none may
 * happen. Every element of the body is hovered, focused and clicked (links only when they go to http(s) or mailto,
 * which is all the allowlist keeps).
 */

interface Watch {
  dialogs: string[];
}

/** Before any page script: collect CSP violations the page reports, and every dialog the page opens. */
async function watch(page: Page): Promise<Watch> {
  const seen: Watch = { dialogs: [] };
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    const store = window as unknown as { __cspViolations: string[] };
    store.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      // The app's own bundle probes whether it may compile code (zod's `new Function('')` check, caught and harmless):
      // reported from a file under /assets/. Anything a post's HTML tried would be reported from the page itself.
      if (new URL(event.sourceFile || location.href, location.href).pathname.startsWith('/assets/')) return;
      store.__cspViolations.push(`${event.violatedDirective}: ${event.blockedURI} ${event.sample} (${event.sourceFile})`);
    });
  });
  return seen;
}

/** Hover, focus and click every element of the rendered body (a link only to an address the allowlist keeps). */
async function touchEverything(page: Page, selector: string) {
  await page.locator(selector).evaluate((root) => {
    for (const element of [root, ...root.querySelectorAll('*')]) {
      for (const type of ['mouseover', 'mouseenter', 'focus', 'focusin', 'animationstart', 'toggle'])
        element.dispatchEvent(new Event(type));
      // A link's own click would leave the page: links are checked by their address below instead.
      if (element instanceof HTMLElement && !element.closest('a')) element.click();
    }
  });
  const hrefs = await page.locator(`${selector} a`).evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  for (const href of hrefs) expect(href).toMatch(/^(https?:\/\/|mailto:)/);
}

async function expectNothingRan(page: Page, seen: Watch, label: string) {
  // Anything scheduled (an onerror after an image fails, a timer) has had time to run.
  await page.waitForTimeout(300);
  const state = await page.evaluate(() => ({
    xss: (window as unknown as { __xss?: unknown }).__xss ?? null,
    violations: (window as unknown as { __cspViolations: string[] }).__cspViolations,
  }));
  expect(state.xss, `${label}: window.__xss`).toBeNull();
  expect(seen.dialogs, `${label}: dialogs`).toEqual([]);
  expect(state.violations, `${label}: CSP violations`).toEqual([]);
}

test.describe.configure({ mode: 'default' });

// Whether markup runs does not depend on the width: these tests run at 1440 px only (untagged, support.ts).
// The payloads one by one in a single test, each on a page of its own (a fresh document, so nothing one left behind
// is blamed on the next) and each a step of the report, so a payload that gets through is named.
test('each XSS payload, one by one, is stored inert and renders inert under the CSP', async ({ page, request }) => {
  test.setTimeout(240_000);
  const session = await apiSignIn(request);
  const seen = await watch(page);
  await storeSession(page, session);
  for (const [index, payload] of xssPayloads.entries()) {
    await test.step(`payload ${index + 1} (${payload.name})`, async () => {
      const post = await call<BlogPost>(request, session.access_token, 'POST', '/blog/add', {
        title: `XSS ${index + 1}: ${payload.name}`.slice(0, 200),
        body: bodyWithPayload(payload, index),
        status: 'draft',
      });
      const response = await page.goto(`/1/blog/${post.id}/preview`);
      // The page carries the app's CSP: no inline script, no plug-ins, nothing framing it.
      const csp = response?.headers()['content-security-policy'] ?? '';
      const directive = (name: string) =>
        csp
          .split(';')
          .map((part) => part.trim())
          .find((part) => part.startsWith(`${name} `)) ?? '';
      expect.soft(directive('script-src')).toBe("script-src 'self'");
      expect.soft(directive('object-src')).toBe("object-src 'none'");
      expect.soft(directive('default-src')).toBe("default-src 'self'");
      await expect(page.getByTestId('blog-preview-body')).toContainText(`Payload ${index + 1}: before`);
      await touchEverything(page, '[data-testid="blog-preview-body"]');
      await expectNothingRan(page, seen, `payload ${index + 1} (${payload.name}), preview`);
    });
  }
});

test('every payload together in one post: the editor loads the stored body and nothing runs there either', async ({ page, request }) => {
  const session = await apiSignIn(request);
  const post = await call<BlogPost>(request, session.access_token, 'POST', '/blog/add', {
    title: 'All XSS payloads',
    body: xssPayloads.map((payload, index) => bodyWithPayload(payload, index)).join(''),
  });
  const seen = await watch(page);
  await storeSession(page, session);
  await page.goto(`/1/blog/${post.id}/edit`);
  const editor = page.getByTestId('blog-body-editor');
  // The editor is a large chunk of its own: on a busy machine it takes a while the first time.
  await expect(editor).toContainText('Payload 1: before', { timeout: 30_000 });
  await touchEverything(page, '[data-testid="blog-body-editor"]');
  await expectNothingRan(page, seen, 'editor');
  await page.goto(`/1/blog/${post.id}/preview`);
  await expect(page.getByTestId('blog-preview-body')).toContainText('Payload 1: before');
  await touchEverything(page, '[data-testid="blog-preview-body"]');
  await expectNothingRan(page, seen, 'preview of all');
});

test('the watch can fail: markup that got past the allowlist is blocked by the CSP and reported, and a script that ran is seen', async ({
  page,
  request,
}) => {
  const session = await apiSignIn(request);
  const post = await call<BlogPost>(request, session.access_token, 'POST', '/blog/add', {
    title: 'Watch check',
    body: '<p>Plain text.</p>',
  });
  const seen = await watch(page);
  await storeSession(page, session);
  await page.goto(`/1/blog/${post.id}/preview`);
  await expect(page.getByTestId('blog-preview-body')).toContainText('Plain text.');
  // As if the API had let an inline handler through: the CSP holds it back, and says so.
  await page.getByTestId('blog-preview-body').evaluate((body) => {
    body.insertAdjacentHTML('beforeend', '<img src="/no-such-image.png" onerror="window.__xss = 99">');
  });
  await page.waitForTimeout(500);
  const state = await page.evaluate(() => ({
    xss: (window as unknown as { __xss?: unknown }).__xss ?? null,
    violations: (window as unknown as { __cspViolations: string[] }).__cspViolations,
  }));
  expect(state.xss).toBeNull();
  expect(state.violations).toEqual([expect.stringMatching(/^script-src(-attr)?: inline/)]);
  // And a script that did run is caught by the flag and the dialog watch.
  await page.evaluate(() => {
    (window as unknown as { __xss: number }).__xss = 1;
    window.alert('ran');
  });
  expect(seen.dialogs).toEqual(['ran']);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBe(1);
});
