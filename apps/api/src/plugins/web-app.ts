import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Serves the built web app when it exists. Every path that is not an API call or a file gets index.html
 * (the app routes in the browser), with the sign-in page's client key in `<meta name="ps-client-key">`:
 * what `clientKey` answers at each page load (the default company's, from app.ts), null when there is none.
 * Returns the handler for paths that match no route, or null when there is no built app.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string, clientKey: () => Promise<string | null>) {
  const indexPath = join(distDir, 'index.html');
  if (!existsSync(indexPath)) return null;
  const indexHtml = readFileSync(indexPath, 'utf8');
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

  return async function serveIndex(): Promise<string> {
    try {
      lastToken = (await clientKey()) ?? '';
    } catch {
      // Database away: keep serving the page with the key seen last.
    }
    return indexHtml.replace(
      /<meta name="ps-client-key" content="[^"]*"\s*\/?>/,
      `<meta name="ps-client-key" content="${escapeAttribute(lastToken)}" />`,
    );
  };
}
