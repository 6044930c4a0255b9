import en from '@ps/contracts/locales/en.json' with { type: 'json' };
import ta from '@ps/contracts/locales/ta.json' with { type: 'json' };
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createCompanyWithAdmin, loginBody, signIn } from './factories.ts';
import { createTestContext, type TestContext } from './harness.ts';

let ctx: TestContext;
let bearer: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  const { admin } = await createCompanyWithAdmin(ctx.db);
  ({ bearer } = await signIn(ctx.app, admin.email ?? '', admin.password));
});
afterAll(() => ctx?.close());

function expectSecurityHeaders(response: LightMyRequestResponse) {
  const csp = String(response.headers['content-security-policy']);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(String(response.headers['strict-transport-security'])).toMatch(/max-age=\d{7,}; includeSubDomains/);
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  expect(response.headers['x-powered-by']).toBeUndefined();
}

/** Nothing of the server's insides in an answer: no stack, no parser or driver text, no file paths. */
function expectNothingLeaked(response: LightMyRequestResponse) {
  expect(response.body).not.toMatch(/stack|SyntaxError|Unexpected|at .+\(|node_modules|\.ts:\d|FST_|Fastify|postgres|drizzle/i);
}

describe('security headers', () => {
  it.each([
    ['a success', { method: 'GET', url: '/api/airport/list' }, 200, true],
    ['a 400', { method: 'GET', url: '/api/airport/list?sort=nope' }, 400, true],
    ['a 401', { method: 'GET', url: '/api/airport/list' }, 401, false],
    ['a 404', { method: 'GET', url: '/api/no/such/route' }, 404, true],
    ['/healthz', { method: 'GET', url: '/healthz' }, 200, false],
    ['/readyz', { method: 'GET', url: '/readyz' }, 200, false],
    [
      'a malformed JSON body',
      { method: 'POST', url: '/api/auth/login', payload: '{"email":', headers: { 'content-type': 'application/json' } },
      400,
      false,
    ],
  ] as const)('are sent on %s', async (_label, request, status, signedIn) => {
    const headers = { ...('headers' in request ? request.headers : {}), ...(signedIn ? bearer : {}) };
    const response = await ctx.app.inject({ ...request, headers });
    expect(response.statusCode).toBe(status);
    expectSecurityHeaders(response);
  });
});

describe('error answers', () => {
  it('answers an unknown /api route with a 404 JSON error body, whatever the method', async () => {
    for (const [method, url] of [
      ['GET', '/api/no/such/route'],
      ['POST', '/api/airport/remove'],
      ['DELETE', '/api/airport/list'],
      ['PUT', '/api/airport/update/1'],
      ['GET', '/api'],
      ['GET', '/api/'],
    ] as const) {
      const response = await ctx.app.inject({ method, url, headers: bearer });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ message: en.errors.not_found, error: 'not_found', code: 'not_found' });
    }
    const tamil = await ctx.app.inject({ method: 'GET', url: '/api/no/such/route', headers: { 'accept-language': 'ta' } });
    expect(tamil.json()).toEqual({ message: ta.errors.not_found, error: 'not_found', code: 'not_found' });
  });

  it('answers a malformed JSON body with a 400 error body and no internals', async () => {
    for (const payload of ['{"email":', '{email: 1}', 'not json', '{"a":1}}']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/airport/add',
        headers: { ...bearer, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({
        message: en.errors.validation_failed,
        error: 'validation_failed',
        code: 'validation_failed',
        details: [{ field: '', code: 'validation.invalidValue', message: en.validation.invalidValue }],
      });
      expectNothingLeaked(response);
    }
    const tamil = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'accept-language': 'ta' },
      payload: '{"email":',
    });
    expect(tamil.statusCode).toBe(400);
    expect(tamil.json()).toMatchObject({
      message: ta.errors.validation_failed,
      details: [{ field: '', message: ta.validation.invalidValue }],
    });
  });

  it('answers a body over the size limit with 413 and an error body', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: en.errors.payload_too_large, error: 'payload_too_large', code: 'payload_too_large' });
    expectSecurityHeaders(response);
  });

  it('answers a value the database refuses (a NUL character) with a 400, never a 500 with internals', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: loginBody('nul\u0000user@example.com', 'Passw0rd!'),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: en.errors.validation_failed,
      error: 'validation_failed',
      code: 'validation_failed',
      details: [{ field: '', code: 'validation.invalidValue', message: en.validation.invalidValue }],
    });
    expectNothingLeaked(response);
  });

  it('answers a body of a content type it does not take with 415 and an error body', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/airport/add',
      headers: { ...bearer, 'content-type': 'application/xml' },
      payload: '<airport/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      message: en.errors.unsupported_media_type,
      error: 'unsupported_media_type',
      code: 'unsupported_media_type',
    });
    expectNothingLeaked(response);
  });
});

describe('languages', () => {
  const unauthorized = (acceptLanguage: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/airport/list', headers: { 'accept-language': acceptLanguage } });

  it.each([
    ['ta', ta],
    ['ta-IN', ta],
    ['fr, ta;q=0.5', ta],
    ['en;q=0.2, ta;q=0.9', ta],
    ['ta;q=0.4, en', en],
    ['en', en],
    ['fr', en],
    ['de-DE, fr;q=0.8', en],
    ['', en],
    ['*', en],
  ])('Accept-Language "%s" picks the right catalogue', async (header, catalogue) => {
    const response = await unauthorized(header);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: catalogue.errors.unauthorized, error: catalogue.errors.unauthorized, code: 'unauthorized' });
  });

  it('uses English without an Accept-Language header', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/airport/list' });
    expect(response.json().error).toBe(en.errors.unauthorized);
  });

  it('translates field details and success messages too', async () => {
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/airport/add',
      headers: { ...bearer, 'accept-language': 'fr, ta;q=0.5' },
      payload: { iata_code: 'L', name: '   ', country_id: 826, time_zone: 'Nowhere/Land' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: ta.errors.validation_failed,
      error: 'validation_failed',
      code: 'validation_failed',
      details: expect.arrayContaining([
        { field: 'iata_code', code: 'validation.iataCode', message: ta.validation.iataCode },
        { field: 'name', code: 'validation.notBlank', message: ta.validation.notBlank },
        { field: 'time_zone', code: 'validation.timeZone', message: ta.validation.timeZone },
      ]),
    });
    const ok = await ctx.app.inject({ method: 'GET', url: '/api/airport/list', headers: { ...bearer, 'accept-language': 'ta' } });
    expect(ok.json().message).toBe(ta.success.list);
  });
});

describe('API reference', () => {
  /** Every call the spec (section 7) and the web app make, as documented paths. */
  const knownRoutes = [
    'POST /api/auth/login',
    'POST /api/auth/refresh',
    'POST /api/auth/verify',
    'POST /api/auth/change-password',
    'POST /api/auth/logout',
    'GET /api/auth/get-details-by-token',
    'PATCH /api/auth/admin/change-password',
    'GET /api/auth/admin/list',
    'DELETE /api/auth/admin/delete/{id}',
    'POST /api/auth/driver/add',
    'POST /api/airport/add',
    'GET /api/airport/list',
    'GET /api/airport/get/{id}',
    'PATCH /api/airport/update/{id}',
    'DELETE /api/airport/delete/{id}',
    'GET /api/core/airport/list',
    'GET /api/country', // spec: country/ (the trailing slash matches too)
    'GET /api/web-config',
  ];
  /** POST calls that take no input at all. */
  const bodiless = new Set([
    'POST /api/auth/totp/setup',
    'POST /api/booking/send-mail/{id}',
    'POST /api/company/client-key/rotate',
    'POST /api/public/booking/cancel',
    'POST /api/mail/outbox/resend/{id}',
    'PATCH /api/driver/payouts/approve/{id}',
    'PATCH /api/handover/undo/{id}',
    'POST /api/user/sessions/end/{id}',
  ]);

  interface Operation {
    requestBody?: { content?: Record<string, { schema?: unknown }> };
    responses?: Record<
      string,
      { content?: Record<string, { schema?: { type?: string; format?: string; properties?: Record<string, unknown> } }> }
    >;
    security?: unknown[];
    parameters?: Array<{ in: string; name: string }>;
  }
  let doc: {
    openapi: string;
    paths: Record<string, Record<string, Operation>>;
    components?: { securitySchemes?: Record<string, unknown> };
  };
  let operations: Array<[string, Operation]>;

  beforeAll(async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    doc = response.json();
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]): [string, Operation] => [`${method.toUpperCase()} ${path}`, operation]),
    );
  });

  it('serves the reference page as HTML', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toMatch(/<html/i);
    expect(response.body).toMatch(/swagger/i);
  });

  it('is an OpenAPI document listing every known call', () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.components?.securitySchemes).toHaveProperty('bearer');
    expect(doc.components?.securitySchemes).toHaveProperty('basic');
    const documented = operations.map(([route]) => route);
    expect(documented).toEqual(expect.arrayContaining(knownRoutes));
    // Nothing documented twice, no Fastify-style :params left.
    expect(new Set(documented).size).toBe(documented.length);
    expect(documented.filter((route) => route.includes('/:'))).toEqual([]);
  });

  it('gives every /api call a success response schema and every POST/PATCH a request body schema', () => {
    const apiOperations = operations.filter(([route]) => route.split(' ')[1]?.startsWith('/api/'));
    expect(apiOperations.length).toBeGreaterThanOrEqual(knownRoutes.length);
    const problems: string[] = [];
    for (const [route, operation] of apiOperations) {
      const success = ['200', '201', '202'].map((status) => operation.responses?.[status]).filter((answer) => answer !== undefined);
      if (success.length === 0) problems.push(`${route}: no 200/201/202 response`);
      for (const answer of success) {
        // Server-sent events (the live board) are a text stream, documented as one.
        if (answer?.content?.['text/event-stream']?.schema?.type === 'string') continue;
        // A CSV export (the audit log) is a text file, documented as one.
        if (answer?.content?.['text/csv']?.schema?.type === 'string') continue;
        // A file download (driver documents) is the file's bytes, documented per type as binary.
        const contents = Object.values(answer?.content ?? {});
        if (contents.length > 0 && contents.every((content) => content?.schema?.format === 'binary')) continue;
        const schema = answer?.content?.['application/json']?.schema;
        if (schema?.type !== 'object' || !schema.properties?.message) problems.push(`${route}: success schema without message`);
      }
      const method = route.split(' ')[0];
      if ((method === 'POST' || method === 'PATCH') && !bodiless.has(route)) {
        // An upload (driver documents) takes a multipart form, documented with its fields and its file.
        const content = operation.requestBody?.content;
        const body = content?.['application/json']?.schema ?? content?.['multipart/form-data']?.schema;
        if (!body) problems.push(`${route}: no request body schema`);
      }
      if (!operation.responses?.['401'] && !['POST /api/auth/login'].includes(route) && route.split(' ')[1] !== '/api/docs') {
        // Every call but sign-in can answer 401; its error body must be documented.
        problems.push(`${route}: no 401 response`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('documents list responses with pagination and the company routes as bearer-protected', () => {
    for (const route of ['GET /api/airport/list', 'GET /api/core/airport/list', 'GET /api/country', 'GET /api/auth/admin/list']) {
      const operation = operations.find(([name]) => name === route)?.[1];
      const schema = operation?.responses?.['200']?.content?.['application/json']?.schema;
      expect(schema?.properties, route).toHaveProperty('pagination');
      expect(schema?.properties, route).toHaveProperty('data');
      expect(operation?.security, route).toEqual([{ bearer: [] }]);
      const query = (operation?.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name);
      expect(query, route).toEqual(expect.arrayContaining(['page', 'page_size', 'sort', 'search', 'time_zone', 'company_id']));
    }
    const webConfig = operations.find(([name]) => name === 'GET /api/web-config')?.[1];
    expect(webConfig?.security).toEqual([{ basic: [] }]);
  });
});

describe('GET /api/web-config', () => {
  const basic = (companyId: number | string, key: string) => ({
    authorization: `Basic ${Buffer.from(`${companyId}:${key}`).toString('base64')}`,
  });

  it("answers the company's web config for its client key", async () => {
    const company = await createCompany(ctx.db);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/web-config?time_zone=Europe%2FLondon',
      headers: basic(company.id, company.client_key),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: en.success.fetched,
      data: {
        company_id: company.id,
        name: company.name,
        login_page_logo: 'data:image/png;base64,AAAA',
        primary_color: '#0095e8',
        background_color: '#f3f4f6',
        first_day_of_week: 1,
      },
    });
    expectSecurityHeaders(response);
  });

  it('refuses a wrong key, another company’s key, a missing or malformed header and an inactive company with 401', async () => {
    const company = await createCompany(ctx.db);
    const other = await createCompany(ctx.db);
    const inactive = await createCompany(ctx.db, { status: 0 });
    const cases: Array<[string, Record<string, string>]> = [
      ['wrong key', basic(company.id, `${company.client_key}x`)],
      ['key of another company', basic(company.id, other.client_key)],
      ['short key', basic(company.id, company.client_key.slice(0, -1))],
      ['unknown company', basic(2_000_000_000, company.client_key)],
      ['inactive company', basic(inactive.id, inactive.client_key)],
      ['no key', basic(company.id, '')],
      ['no separator', { authorization: `Basic ${Buffer.from(String(company.id)).toString('base64')}` }],
      ['not a number', basic('abc', company.client_key)],
      ['bearer instead of basic', { authorization: `Bearer ${company.client_key}` }],
      ['missing header', {}],
    ];
    for (const [label, headers] of cases) {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/web-config', headers });
      expect(response.statusCode, label).toBe(401);
      expect(response.json(), label).toEqual({
        message: en.errors.client_key_invalid,
        error: en.errors.client_key_invalid,
        code: 'client_key_invalid',
      });
      expect(response.body, label).not.toContain(company.name);
    }
    const tamil = await ctx.app.inject({ method: 'GET', url: '/api/web-config', headers: { 'accept-language': 'ta' } });
    expect(tamil.json()).toEqual({
      message: ta.errors.client_key_invalid,
      error: ta.errors.client_key_invalid,
      code: 'client_key_invalid',
    });
  });
});

describe('rate limit', () => {
  it('answers 429 with an error body once a client passes the limit', async () => {
    const limited = await createTestContext({ RATE_LIMIT_PER_MINUTE: 3 });
    try {
      const answers = [];
      // Only API calls count (health checks and the web app's files do not): a public call without its client key.
      for (let i = 0; i < 4; i++) answers.push(await limited.app.inject({ method: 'GET', url: '/api/web-config' }));
      expect(answers.slice(0, 3).map((answer) => answer.statusCode)).toEqual([401, 401, 401]);
      const last = answers[3];
      expect(last?.statusCode).toBe(429);
      expect(last?.json()).toEqual({ message: en.errors.too_many_requests, error: 'too_many_requests', code: 'too_many_requests' });
      expect(last?.headers['retry-after']).toBeDefined();
      if (last) expectSecurityHeaders(last);
      const tamil = await limited.app.inject({ method: 'GET', url: '/api/web-config', headers: { 'accept-language': 'ta' } });
      expect(tamil.json().message).toBe(ta.errors.too_many_requests);
    } finally {
      await limited.close();
    }
  });

  it('counts calls refused for want of a token too: guessing at a guarded route is limited like any call', async () => {
    const limited = await createTestContext({ RATE_LIMIT_PER_MINUTE: 3 });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await limited.app.inject({ method: 'GET', url: '/api/booking/list' })).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('order of checks', () => {
  it('answers 401 before looking at the body of a call the caller may not make', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/airport/add', payload: { nonsense: true } });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('unauthorized');
  });
});

describe('Accept-Language quality zero', () => {
  it('does not pick a language marked not acceptable', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/airport/list', headers: { 'accept-language': 'ta;q=0' } });
    expect(response.json().message).toBe('Please sign in to continue.');
  });
});
