import { PassThrough } from 'node:stream';
import { liveEndpoints } from '@ps/contracts';
import type { FastifyInstance } from 'fastify';
import { Gauge } from 'prom-client';
import { z } from 'zod';
import { endpointServer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { callerCompanyId } from '../../plugins/auth.ts';
import { createLiveHub, type LiveHub } from './live-hub.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live board's fan-out of this process (modules/live/live-hub.ts). */
    liveHub: LiveHub;
  }
}

/** A comment line this often keeps proxies from closing a quiet stream. */
export const HEARTBEAT_MS = 20_000;
/** How long the browser's EventSource-style reader waits before reconnecting. */
const RETRY_MS = 5_000;

const description = `Server-sent events (\`text/event-stream\`) of the caller's company only: one \`data:\` line per
booking change, a JSON \`{ company_id, booking_id, action }\` (\`created\`, \`updated\`, \`status\`, \`payment\`, \`mail\`);
never personal data (the board refetches what it shows). The stream opens with \`retry: ${RETRY_MS}\`, sends a comment
line every ${HEARTBEAT_MS / 1000} s, and ends when the client goes or when the caller may no longer read it (signed out,
session ended, \`bookings.view\` taken away, user disabled or company deactivated, in any server process). Read it with \`fetch\` and the Authorization header:
a token never goes in a URL. Events from every server process on the database arrive (PostgreSQL LISTEN/NOTIFY).`;

/** `GET /api/live/events`: the live board's stream (issue 7, section 2). */
export function registerLiveRoutes(app: FastifyInstance, { database }: ModuleDeps): LiveHub {
  const hub = createLiveHub(app, database);
  app.decorate('liveHub', hub);
  // Open streams on /metrics (when it is served).
  if (app.metrics) {
    new Gauge({
      name: 'ps_live_streams_open',
      help: 'Live board streams open in this process',
      registers: [app.metrics],
      collect() {
        this.set(hub.size());
      },
    });
  }
  const open = new Set<PassThrough>();

  // Open streams never hold up a shutdown: they end first, and the clients reconnect to another process.
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end();
  });

  endpointServer(app, 'live')(liveEndpoints.events, {
    summary: 'Live board: a stream of booking changes (server-sent events)',
    description,
    responses: {
      200: {
        description: 'The stream: `retry:`, then `data: {"company_id":1,"booking_id":42,"action":"status"}` lines and heartbeat comments',
        content: { 'text/event-stream': { schema: z.string() } },
      },
    },
    options: { compress: false },
    handler: async (request, reply) => {
      const companyId = callerCompanyId(request);
      const stream = new PassThrough();
      open.add(stream);
      const unsubscribe = hub.subscribe(companyId, (event) => {
        stream.write(`data: ${JSON.stringify(event)}\n\n`);
      });
      const heartbeat = setInterval(() => stream.write(': heartbeat\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      // The stream ends when its caller may no longer read the board: signed out, session revoked, permission
      // taken away, user disabled or company deactivated, whichever process made the change.
      const stopWatching = app.watchAccess(request, 'bookings.view', () => end());
      const end = () => {
        clearInterval(heartbeat);
        unsubscribe();
        stopWatching();
        open.delete(stream);
        if (!stream.writableEnded) stream.end();
      };
      request.raw.on('close', end);
      stream.on('close', end);
      stream.write(`retry: ${RETRY_MS}\n\n`);
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no')
        .send(stream);
    },
  });
  return hub;
}
