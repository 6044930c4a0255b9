import { createServer } from 'node:http';
import Fastify from 'fastify';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { allowFramingBy, registerSecurityHeaders, securityHeaders } from './security-headers.ts';

const options = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"], upgradeInsecureRequests: null } },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  xFrameOptions: { action: 'deny' as const },
};

describe('security headers computed once', () => {
  it('are exactly the headers helmet sets on a real response', async () => {
    const middleware = helmet(options);
    const server = createServer((request, response) => {
      middleware(request, response, () => response.end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const response = await fetch(`http://127.0.0.1:${address.port}/`);
    await response.arrayBuffer();
    server.close();

    const fromHelmet: Record<string, string> = {};
    for (const name of Object.keys(securityHeaders(options))) fromHelmet[name] = response.headers.get(name) ?? '(missing)';
    expect(securityHeaders(options)).toEqual(fromHelmet);
    expect(Object.keys(securityHeaders(options))).toEqual(
      expect.arrayContaining([
        'content-security-policy',
        'strict-transport-security',
        'x-frame-options',
        'x-content-type-options',
        'referrer-policy',
      ]),
    );
  });
});

describe('a page framed by the listed sites (the hosted booking page)', () => {
  it("keeps the app's policy but frame-ancestors, drops X-Frame-Options, and writes no origin that is not one", async () => {
    const app = Fastify();
    registerSecurityHeaders(app, options);
    app.get('/framed', async (_request, reply) => {
      allowFramingBy(reply, ['https://www.harbour.example', 'http://localhost:8080', "https://evil.example; script-src 'unsafe-inline'"]);
      return 'framed';
    });
    app.get('/plain', async () => 'plain');
    const plain = await app.inject({ method: 'GET', url: '/plain' });
    expect(plain.headers['x-frame-options']).toBe('DENY');
    const policy = String(plain.headers['content-security-policy']);
    expect(policy).toContain("frame-ancestors 'none'");
    const framed = await app.inject({ method: 'GET', url: '/framed' });
    expect(framed.headers['x-frame-options']).toBeUndefined();
    const withoutAncestors = policy
      .split(';')
      .filter((directive) => !directive.startsWith('frame-ancestors'))
      .join(';');
    expect(framed.headers['content-security-policy']).toBe(
      `${withoutAncestors};frame-ancestors 'self' https://www.harbour.example http://localhost:8080`,
    );
    await app.close();
  });
});
