import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BOOKING_PAGE_DATA_ID, type BookingPage, bookingSlugSchema } from '@ps/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { translator } from '../../lib/i18n.ts';
import { allowFramingBy } from '../../plugins/security-headers.ts';
import { webConfigOf } from '../web-config/web-config.service.ts';
import { findBookingPageCompany } from './public-booking.repository.ts';

/**
 * The hosted booking page (issue 23, section 2): `/book/<slug>` and `/book/<slug>/manage` answer the booking page app's
 * HTML (apps/book, built to `<WEB_DIST_DIR>/booking-page/index.html`) with the company's `BookingPage` in it, so the app
 * knows its company, key and brand without a first call. Not `/api` routes: the route guard does not see them, and they
 * need no key (the page carries its company's publishable one).
 */

/** The built page split where the company's data goes (before `</head>`), or null when there is no build. */
interface PageTemplate {
  head: string;
  rest: string;
}

export function readPageTemplate(webDistDir: string): PageTemplate | null {
  const path = join(webDistDir, 'booking-page', 'index.html');
  if (!existsSync(path)) return null;
  const html = readFileSync(path, 'utf8');
  const at = html.lastIndexOf('</head>');
  if (at < 0) return null;
  return { head: html.slice(0, at), rest: html.slice(at) };
}

/**
 * The page's data as a JSON script block. Every `<` is written `\u003c` (the same string to JSON.parse), so a company
 * name with `</script>` or `<!--` in it cannot end the block or open markup.
 */
export function pageDataScript(page: BookingPage): string {
  const json = JSON.stringify(page).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${BOOKING_PAGE_DATA_ID}">${json}</script>`;
}

const english = translator('en');
const tamil = translator('ta');

/** A short page of its own in both languages (a visitor's language is not known yet): no page to show at this address. */
function messagePage(titleKey: string, textKey: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${english(titleKey)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1f2937}</style>
</head>
<body>
<main>
<h1>${english(titleKey)}</h1>
<p>${english(textKey)}</p>
<h2 lang="ta">${tamil(titleKey)}</h2>
<p lang="ta">${tamil(textKey)}</p>
</main>
</body>
</html>
`;
}

export type RenderedPage =
  | { status: 200; html: string; frameAncestors: readonly string[] }
  | { status: 404; html: string; frameAncestors?: undefined };

export function createBookingPageService(db: Db, template: PageTemplate | null) {
  const notFound: RenderedPage = { status: 404, html: messagePage('bookingPage.notFoundTitle', 'bookingPage.notFound') };
  const notBuilt: RenderedPage = { status: 404, html: messagePage('bookingPage.notBuiltTitle', 'bookingPage.notBuilt') };
  return {
    /**
     * The page at `/book/<slug>`: an active company's booking page with its data, and the origins that may frame it
     * (its own site's, `public_booking_origins`); 404 for an address no active company has. Typed in capitals, an
     * address still finds its page (addresses are kept in lower case).
     */
    async render(slugInPath: string): Promise<RenderedPage> {
      if (!template) return notBuilt;
      const slug = bookingSlugSchema.safeParse(slugInPath);
      if (!slug.success) return notFound;
      const company = await findBookingPageCompany(db, slug.data);
      if (!company) return notFound;
      const brand = await webConfigOf(db, company.id);
      const page: BookingPage = {
        company_id: company.id,
        client_key: company.client_key,
        slug: company.booking_slug,
        name: brand.name,
        logo: brand.login_page_logo,
        primary_color: brand.primary_color,
        background_color: brand.background_color,
        enabled: company.public_booking_enabled,
        currency: company.currency,
      };
      return {
        status: 200,
        html: `${template.head}${pageDataScript(page)}${template.rest}`,
        frameAncestors: company.public_booking_origins,
      };
    },
  };
}

const BOOKING_PAGE_PATHS = ['/book/:slug', '/book/:slug/manage'] as const;

/** The page's two addresses: booking, and manage my booking (the same app, which reads the path). */
export function registerBookingPage(app: FastifyInstance, { db, config }: Pick<ModuleDeps, 'db' | 'config'>): void {
  const template = readPageTemplate(config.WEB_DIST_DIR);
  if (!template)
    app.log.warn({ dir: config.WEB_DIST_DIR }, 'no built booking page (booking-page/index.html with a </head>): /book/<slug> answers 404');
  const pages = createBookingPageService(db, template);
  for (const path of BOOKING_PAGE_PATHS) {
    app.get<{ Params: { slug: string } }>(path, { schema: { hide: true } }, async (request, reply) => {
      const page = await pages.render(request.params.slug);
      reply.code(page.status).type('text/html; charset=utf-8').header('cache-control', 'no-cache');
      // The company's own site may show the page in an <iframe>; every other answer keeps the app's "never framed".
      if (page.frameAncestors) allowFramingBy(reply, page.frameAncestors);
      return page.html;
    });
  }
}
