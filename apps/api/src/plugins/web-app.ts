import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The build's `preload.json` (apps/web/vite.config.ts, preloadManifest): the shell's files and each feature's. */
interface PreloadManifest {
  shell: string[];
  features: Record<string, string[]>;
}

/** A signed-in screen's path: `/{company_id}/<feature>/...` or `/org/<feature>/...`; the feature is named by its folder. */
const SIGNED_IN_PATH = /^\/(?:\d+|org)(?:\/([a-z-]+))?/;

/**
 * `<link rel="modulepreload">` (styles: `rel="preload"`, `crossorigin` like the stylesheet links Vite adds, or the browser fetches them twice) for what a signed-in screen will import: the shell, and the
 * feature whose folder the path names (most are: `/1/dashboard`, `/1/bookings`; a path named otherwise gets the shell
 * only). The browser fetches them beside the entry instead of after it has run. Nothing for the sign-in pages.
 */
function preloadLinks(preload: PreloadManifest | null, url: string): string {
  const match = preload ? SIGNED_IN_PATH.exec(url.split('?')[0] ?? '') : null;
  if (!preload || !match) return '';
  const files = new Set([...preload.shell, ...(preload.features[match[1] ?? ''] ?? [])]);
  return [...files]
    .map((file) =>
      file.endsWith('.css')
        ? `<link rel="preload" as="style" crossorigin href="/${escapeAttribute(file)}" />`
        : `<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}" />`,
    )
    .join('');
}

/**
 * Serves the built web app when it exists. Every path that is not an API call or a file gets index.html
 * (the app routes in the browser), with the sign-in page's client key in `<meta name="ps-client-key">`:
 * what `clientKey` answers at each page load (the default company's, from app.ts), null when there is none.
 * A signed-in screen's page also names the chunks it will need (preloadLinks).
 * Returns the handler for paths that match no route, or null when there is no built app.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string, clientKey: () => Promise<string | null>) {
  const indexPath = join(distDir, 'index.html');
  if (!existsSync(indexPath)) return null;
  const indexHtml = readFileSync(indexPath, 'utf8');
  const preloadPath = join(distDir, 'preload.json');
  const preload = existsSync(preloadPath) ? (JSON.parse(readFileSync(preloadPath, 'utf8')) as PreloadManifest) : null;
  let lastToken = '';

  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // The build writes `.br` and `.gz` beside each file (apps/web/vite.config.ts): sent as they are, with
    // Content-Encoding and `Vary: accept-encoding`, no compression work per request.
    preCompressed: true,
    // Hashed bundles never change; index.html must always be fresh.
    setHeaders: (res, path) => {
      res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  return async function serveIndex(url: string): Promise<string> {
    try {
      lastToken = (await clientKey()) ?? '';
    } catch {
      // Database away: keep serving the page with the key seen last.
    }
    return indexHtml
      .replace(/<meta name="ps-client-key" content="[^"]*"\s*\/?>/, `<meta name="ps-client-key" content="${escapeAttribute(lastToken)}" />`)
      .replace('</head>', `${preloadLinks(preload, url)}</head>`);
  };
}
