import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema/index.ts';
import { runJob } from '../src/lib/job-runs.ts';
import { createUploadStore } from '../src/lib/uploads.ts';
import { createReportScheduler } from '../src/modules/reports/reports.mail.ts';
import { createRetentionJob } from '../src/modules/retention/retention.ts';
import { bearerMatches } from '../src/plugins/metrics.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { createTenant, type Tenant } from './kit.ts';

const TOKEN = 'scrape-token-0123456789abcdef';

/** The value of the sample `name{labels}` in a scrape (labels in prom-client's order), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (.+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(/,(?=[a-zA-Z_]+=")/).filter(Boolean);
    if (wanted.every((label) => present.includes(label))) return Number(match[3]);
  }
  return undefined;
}

/** Every label value in a scrape. */
function labelValues(text: string): string[] {
  return [...text.matchAll(/[a-zA-Z_]+="((?:[^"\\]|\\.)*)"/g)].map((match) => match[1] ?? '');
}

describe('/metrics without METRICS_TOKEN', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('is not there (404), whatever the caller sends, and nothing is measured', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }, { authorization: 'Bearer ' }]) {
      const response = await ctx.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('process_resident_memory_bytes');
    }
    expect(ctx.app.metrics).toBeUndefined();
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  let ctx: TestContext;
  let tenant: Tenant & { company: { id: number; name: string } };
  const scrape = () => ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });

  beforeAll(async () => {
    ctx = await createTestContext({ METRICS_TOKEN: TOKEN });
    tenant = await createTenant(ctx);
  });
  afterAll(() => ctx.close());

  it('answers 401 to a caller without the token, with a wrong one, or with it in another scheme', async () => {
    const refused = [
      {},
      { authorization: 'Bearer wrong-token-0123456789abcdef' },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Basic ${TOKEN}` },
      { authorization: TOKEN },
      // A user's own access token is not the scraper's.
      tenant.headers,
    ];
    for (const headers of refused) {
      const response = await ctx.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.body).not.toContain('process_resident_memory_bytes');
    }
  });

  it('compares the bearer in full', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(false);
  });

  it('serves the Prometheus text format to the token, not listed in the API reference', async () => {
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.headers['content-type']).toContain('version=0.0.4');
    expect(response.body).toContain('# TYPE http_request_duration_seconds histogram');
    const reference = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(reference.statusCode).toBe(200);
    expect(Object.keys((reference.json() as { paths: Record<string, unknown> }).paths)).not.toContain('/metrics');
  });

  it('counts requests per route pattern and status, errors by status, jobs, the outbox, live streams and the process', async () => {
    const before = await scrape();
    const countBefore =
      sample(before.body, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/booking/get/:id', status_class: '4xx' }) ??
      0;
    for (const id of [2147483001, 2147483002, 2147483003]) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/booking/get/${id}`, headers: tenant.headers });
      expect(response.statusCode).toBe(404);
    }
    const listed = await ctx.app.inject({ method: 'GET', url: '/api/airport/list', headers: tenant.headers });
    expect(listed.statusCode).toBe(200);
    await ctx.db.insert(mailOutbox).values({
      company_id: tenant.company.id,
      kind: 'booking_confirmation',
      language: 'en',
      to_address: 'queued.customer@example.com',
      subject: 'Your booking',
      text_body: 'text',
      html_body: '<p>html</p>',
      created_at: new Date(Date.now() - 120_000),
    });
    await runJob('test_job', async () => {});
    // A real job's round: the retention job (no archive policy; the handover images' step runs).
    const quiet = { info: () => {}, error: () => {} };
    const retention = createRetentionJob(
      ctx.database,
      null,
      createUploadStore({ dir: mkdtempSync(join(tmpdir(), 'ps-metrics-')), ephemeral: true }),
      quiet,
    );
    const retentionBefore = sample(before.body, 'ps_job_runs_total', { task: 'retention', outcome: 'ok' }) ?? 0;
    retention.start();
    await retention.stop();
    // And the report schedule's round (nothing due: it still counts as a run).
    const scheduleBefore = sample(before.body, 'ps_job_runs_total', { task: 'report_schedule', outcome: 'ok' }) ?? 0;
    await createReportScheduler(ctx.database.db, { warn: () => {} }).runOnce();
    await expect(
      runJob('test_job', async () => {
        throw new Error('it broke');
      }),
    ).rejects.toThrow('it broke');

    const text = (await scrape()).body;
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/booking/get/:id', status_class: '4xx' })).toBe(
      countBefore + 3,
    );
    expect(sample(text, 'http_errors_total', { method: 'GET', route: '/api/booking/get/:id', status: '404' })).toBeGreaterThanOrEqual(3);
    expect(
      sample(text, 'http_request_duration_seconds_bucket', { method: 'GET', route: '/api/airport/list', status_class: '2xx', le: '+Inf' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'http_request_duration_seconds_sum', { method: 'GET', route: '/api/airport/list', status_class: '2xx' }),
    ).toBeGreaterThan(0);
    // The scrape itself is a route like any other.
    expect(
      sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/metrics', status_class: '2xx' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'ps_mail_outbox_messages', { state: 'queued' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'ps_mail_outbox_oldest_unsent_seconds')).toBeGreaterThanOrEqual(110);
    expect(sample(text, 'ps_live_streams_open')).toBe(0);
    expect(sample(text, 'ps_job_runs_total', { task: 'test_job', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'ps_job_runs_total', { task: 'test_job', outcome: 'failed' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'ps_job_last_success_timestamp_seconds', { task: 'test_job' })).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(sample(text, 'ps_job_runs_total', { task: 'retention', outcome: 'ok' })).toBe(retentionBefore + 1);
    expect(sample(text, 'ps_job_duration_seconds_count', { task: 'retention' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'ps_job_runs_total', { task: 'report_schedule', outcome: 'ok' })).toBe(scheduleBefore + 1);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(1_000_000);
    expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
    if (ctx.database.kind === 'postgres') {
      expect(sample(text, 'ps_db_pool_connections', { state: 'max' })).toBe(10);
      expect(sample(text, 'ps_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'ps_db_pool_waiting')).toBe(0);
      expect(sample(text, 'ps_db_pool_wait_seconds_count')).toBeGreaterThan(0);
    } else {
      // PGlite is one connection inside the process: there is no pool to report.
      expect(text).not.toContain('ps_db_pool_');
    }
  });

  it('never carries personal data: no ids, addresses, registrations, company names or raw paths', async () => {
    const email = 'jane.doe.private@example.com';
    const registration = 'PR1VAT3';
    const bookingId = 2147480123;
    const calls = [
      ctx.app.inject({ method: 'GET', url: `/api/booking/get/${bookingId}`, headers: tenant.headers }),
      ctx.app.inject({ method: 'GET', url: `/api/search?q=${registration}`, headers: tenant.headers }),
      ctx.app.inject({ method: 'POST', url: '/api/customer-data/find', headers: tenant.headers, payload: { email } }),
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'not-the-password', type: 'email', org_instance_id: 1 },
      }),
      // No route at all: a path made of the data itself.
      ctx.app.inject({ method: 'GET', url: `/api/${encodeURIComponent(email)}/${registration}` }),
      ctx.app.inject({ method: 'GET', url: `/${registration}/${bookingId}` }),
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/booking/update/${bookingId}`,
        headers: tenant.headers,
        payload: { vehicle_reg: registration },
      }),
    ];
    const answers = await Promise.all(calls);
    expect(answers.map((answer) => answer.statusCode).every((status) => status > 0)).toBe(true);
    await ctx.db.insert(mailOutbox).values({
      company_id: tenant.company.id,
      kind: 'booking_confirmation',
      language: 'en',
      to_address: email,
      subject: `Booking for ${registration}`,
      text_body: registration,
      html_body: registration,
    });

    const text = (await scrape()).body;
    for (const secret of [
      email,
      'jane.doe',
      registration,
      String(bookingId),
      tenant.company.name,
      tenant.user.email ?? tenant.company.name,
    ]) {
      expect(text, secret).not.toContain(secret);
      expect(text.toLowerCase(), secret).not.toContain(secret.toLowerCase());
    }
    // Every route label is a pattern the app declares for that method (or `unmatched`), never a URL as it was sent.
    const pairs = [...text.matchAll(/method="([A-Z]+)",route="([^"]*)"/g)].map((match) => ({
      method: match[1] ?? '',
      url: match[2] ?? '',
    }));
    expect(pairs.length).toBeGreaterThan(5);
    for (const { method, url } of pairs) {
      expect(url === 'unmatched' || ctx.app.hasRoute({ method: method as 'GET', url }), `${method} ${url}`).toBe(true);
    }
    expect(pairs.map((pair) => pair.url)).toContain('unmatched');
    expect(pairs.map((pair) => pair.url)).toContain('/api/booking/update/:id');
    // No label value anywhere holds a run of digits that could be a record's id (bucket bounds and versions aside).
    for (const value of labelValues(text)) {
      if (/^[+\-0-9.e]+$|^\+Inf$|^v?\d+\.\d+\.\d+/.test(value)) continue;
      expect(value, value).not.toMatch(/\d{4,}/);
      expect(value, value).not.toContain('@');
    }
  });
});
