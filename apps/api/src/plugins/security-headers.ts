import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet sets for these options, worked out once (helmet's middleware run on a recording response). */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Helmet's security headers (CSP, HSTS, X-Frame-Options ...) on every answer. @fastify/helmet builds helmet's
 * middleware again on every request (7 % of the API's CPU in the bench profile); these options never change
 * per request, so the headers are computed once and copied onto each reply. A route that needs its own
 * (the API reference page's CSP) still sets it later, as before.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** An origin as a CSP source: scheme, host and port only (nothing that could end the directive or add another). */
const CSP_ORIGIN = /^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?$/;

/**
 * Lets this one answer be framed by this site and the given origins (the hosted booking page inside a company's own
 * site): the CSP set by the hook above keeps every directive but `frame-ancestors`, which becomes `'self'` and the
 * origins, and X-Frame-Options goes (it can only deny or allow the same origin, and a browser that knows both obeys
 * the CSP anyway). Called from the route's handler, after the hook: who may frame the page is the company's data, read
 * there, so no route option could say it beforehand. An origin that is not one (a stray `;` in a hand-edited row) is
 * left out rather than written into the header.
 */
export function allowFramingBy(reply: FastifyReply, origins: readonly string[]): void {
  const ancestors = ["'self'", ...origins.filter((origin) => CSP_ORIGIN.test(origin))].join(' ');
  const policy = String(reply.getHeader('content-security-policy') ?? '');
  const directives = policy
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive !== '' && !directive.startsWith('frame-ancestors'));
  reply.header('content-security-policy', [...directives, `frame-ancestors ${ancestors}`].join(';'));
  reply.removeHeader('x-frame-options');
}
