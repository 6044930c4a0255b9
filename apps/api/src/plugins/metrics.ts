import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { jobMetrics } from '../lib/job-runs.ts';
import { errorBody } from './errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The registry `/metrics` serves, when METRICS_TOKEN is set (else undefined: nothing is measured per request). A
     * module adds its own gauges to it (the outbox, the live streams). Labels are never data: no id, name, address or
     * raw path, only route patterns, status codes and names written in the code.
     */
    metrics: Registry | undefined;
  }
}

/** The methods a label may name; anything else is `other` (a label's values stay a short, fixed list). */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

const digest = (value: string) => createHash('sha256').update(value).digest();

/** True when the Authorization header is `Bearer <token>`, compared in constant time (of the digests). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  return timingSafeEqual(digest(given), digest(token));
}

interface RouteMetrics {
  duration: ReturnType<Histogram<'method' | 'route' | 'status_class'>['labels']>;
  errors: ReturnType<Counter<'method' | 'route' | 'status'>['labels']> | undefined;
}

/**
 * Prometheus metrics (prom-client) at `GET /metrics`, only when METRICS_TOKEN is set and only to
 * `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise; 404 when it is unset, as if there were no such page). Measured
 * here: each request's time and status per route pattern (`/api/booking/get/:id`, never the URL itself), errors by
 * status, the PostgreSQL pool (in use, idle, waiting, the wait for a connection), the process (memory, CPU, event-loop
 * lag: prom-client's default metrics) and the background jobs (lib/job-runs.ts). Outside the API's rate limit (not
 * under /api) and left out of the API reference.
 */
export function registerMetrics(app: FastifyInstance, { config, database }: { config: Config; database: Database }): void {
  const token = config.METRICS_TOKEN;
  const registry = token ? createRegistry(app, database) : undefined;
  app.decorate('metrics', registry);

  app.get('/metrics', {
    schema: { hide: true },
    config: { public: 'metrics' },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      if (!token || !registry) return reply.code(404).send(errorBody(request.t, 404, 'not_found'));
      if (!bearerMatches(request.headers.authorization, token)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer')
          .send(errorBody(request.t, 401, 'unauthorized'));
      }
      const body = await registry.metrics();
      return reply.type(registry.contentType).header('cache-control', 'no-store').send(body);
    },
  });
}

function createRegistry(app: FastifyInstance, database: Database): Registry {
  const registry = new Registry();
  // Memory, CPU, handles, GC and the event loop's lag (nodejs_eventloop_lag_*), sampled by prom-client.
  collectDefaultMetrics({ register: registry });
  for (const metric of jobMetrics) registry.registerMetric(metric);

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status class (its _count is the request rate)',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const errors = new Counter({
    name: 'http_errors_total',
    help: 'Answers with a 4xx or 5xx status, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  // The labelled children by method, route and status: one Map lookup per request once a combination was seen.
  const children = new Map<string, RouteMetrics>();
  app.addHook('onResponse', (request, reply, done) => {
    const method = METHODS.has(request.method) ? request.method : 'other';
    // The route's pattern; a request no route matched (404 of the not-found handler) is `unmatched`, never its URL.
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    const key = `${method} ${status} ${route}`;
    let metrics = children.get(key);
    if (!metrics) {
      metrics = {
        duration: duration.labels(method, route, `${Math.floor(status / 100)}xx`),
        errors: status >= 400 ? errors.labels(method, route, String(status)) : undefined,
      };
      children.set(key, metrics);
    }
    metrics.duration.observe(reply.elapsedTime / 1000);
    metrics.errors?.inc();
    done();
  });

  const pool = database.pool;
  if (pool) {
    new Gauge({
      name: 'ps_db_pool_connections',
      help: 'PostgreSQL pool connections by state (in_use, idle) and the pool size (max)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const { total, idle } = pool.counts();
        this.set({ state: 'in_use' }, total - idle);
        this.set({ state: 'idle' }, idle);
        this.set({ state: 'max' }, pool.max);
      },
    });
    new Gauge({
      name: 'ps_db_pool_waiting',
      help: 'Queries waiting for a PostgreSQL pool connection now',
      registers: [registry],
      collect() {
        this.set(pool.counts().waiting);
      },
    });
    const wait = new Histogram({
      name: 'ps_db_pool_wait_seconds',
      help: 'How long a query or transaction waited for a PostgreSQL pool connection',
      buckets: [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 3],
      registers: [registry],
    });
    const stop = pool.onWait((seconds) => wait.observe(seconds));
    app.addHook('onClose', async () => {
      stop();
    });
  }
  return registry;
}
