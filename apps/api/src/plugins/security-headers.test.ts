import { createServer } from 'node:http';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers.ts';

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
