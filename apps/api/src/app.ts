import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { guardRoutes } from './kit/routes.ts';
import { AppError } from './lib/errors.ts';
import { createUploadStore, type UploadStore, uploadDirectoryOf } from './lib/uploads.ts';
import { apiModules } from './modules/index.ts';
import { setMailSiteUrl } from './modules/mail/mail.links.ts';
import { defaultBasicToken } from './modules/web-config/web-config.service.ts';
import { registerCompression } from './plugins/compress.ts';
import { errorBody, registerErrorHandling } from './plugins/errors.ts';
import { registerI18n } from './plugins/i18n.ts';
import { registerIdempotency } from './plugins/idempotency.ts';
import { registerJsonBodyParser } from './plugins/json-body.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerPreflight, registerPublicOrigins } from './plugins/public-origins.ts';
import { createRateLimitCounter, sharedRateLimitStore } from './plugins/rate-limit-store.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { serializerCompiler } from './plugins/serializer.ts';
import { registerWebApp } from './plugins/web-app.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Token-signing secret (from config or the database, see bootstrap.ts). */
  secret: string;
  /** Where log lines go (default stdout); tests read them to prove no secret is logged. */
  logStream?: DestinationStream;
  /**
   * The upload store (default: one on UPLOAD_DIR, made here): the server passes the one its retention job deletes
   * expired handover images from, so both see the same folder (a temporary one, with an in-memory database).
   */
  uploads?: UploadStore;
}

/** Builds the whole API (tests call this with app.inject); server.ts listens with it. No database work here. */
export async function buildApp({ config, database, secret, logStream, uploads: givenUploads }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      // Tokens and passwords never reach the logs.
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.refresh_token', '*.access_token', '*.step_token'],
        censor: '[redacted]',
      },
      ...(logStream ? { stream: logStream } : {}),
    },
    trustProxy: config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Links in customers' mails point here (manage my booking).
  setMailSiteUrl(config.PUBLIC_URL);
  registerI18n(app);
  registerErrorHandling(app);
  // Performance and the API reference (compression before any route, so every route gets its hook).
  registerJsonBodyParser(app);
  await registerCompression(app);

  // Helmet's headers, computed once (plugins/security-headers.ts).
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    // Same rule as frame-ancestors 'none', for browsers that only know X-Frame-Options.
    xFrameOptions: { action: 'deny' },
  });
  // Only API calls count (the web app's files and health checks do not). With PostgreSQL the counts are shared
  // by every server process on the database (plugins/rate-limit-store.ts); PGlite has one process, kept in memory.
  const sharedCounter =
    database.kind === 'postgres'
      ? createRateLimitCounter(database.db, {
          syncMs: config.RATE_LIMIT_SYNC_MS,
          onError: (error) => app.log.warn({ err: error }, 'rate-limit counts not shared this time'),
        })
      : undefined;
  if (sharedCounter) app.addHook('onClose', () => sharedCounter.stop());
  await app.register(fastifyRateLimit, {
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    // The matched route, not the raw URL: `//api/...` reaches the same route and must count the same.
    allowList: (request) => !request.routeOptions.url?.startsWith('/api'),
    ...(sharedCounter ? { store: sharedRateLimitStore(sharedCounter) } : {}),
    errorResponseBuilder: () => new AppError(429, 'too_many_requests'),
  });

  await registerOpenApi(
    app,
    apiModules.flatMap((module) => module.tags),
  );

  // Uploaded files (lib/uploads.ts): the folder is made on first use; a temporary one (in-memory database) goes at close.
  const uploads = givenUploads ?? createUploadStore(uploadDirectoryOf(config));
  app.addHook('onClose', () => uploads.close());

  // Routes served with `idempotent: true` keep their answers by Idempotency-Key (a phone's retried offline actions).
  registerIdempotency(app, database.db);
  // Every /api route registered from here on declares its permission or why it is public (kit/routes.ts); a client-key
  // route called from another site's page is checked against its company's origins.
  registerPublicOrigins(app, database.db);
  guardRoutes(app);
  // Prometheus metrics at /metrics with METRICS_TOKEN (before the modules, which add their gauges to its registry).
  registerMetrics(app, { config, database });
  registerPreflight(app, database.db);
  // Every feature's routes, from its manifest, in the list's order (modules/index.ts): sign-in first.
  const deps = { config, database, db: database.db, uploads, secret };
  for (const module of apiModules) module.register(app, deps);

  // The sign-in page's client key in index.html: the configured company's, else the first active company's.
  const serveIndex = await registerWebApp(app, config.WEB_DIST_DIR, () => defaultBasicToken(database.db, config.DEFAULT_COMPANY_ID));
  app.setNotFoundHandler(async (request, reply) => {
    const isPage = request.method === 'GET' && !request.url.startsWith('/api') && serveIndex;
    if (!isPage) return reply.code(404).send(errorBody(request.t, 404, 'not_found'));
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await serveIndex(request.url));
  });

  return app;
}
