import type { FastifyInstance } from 'fastify';
import type { Database } from './client.ts';

/** How long a lost or refused LISTEN waits before it is made again. */
const RETRY_MS = 2000;

export interface ListenWhileUpOptions {
  channel: string;
  onMessage: (payload: string) => void;
  /** Told true once listening, false when the connection is lost and when the app closes. */
  onListening?: (listening: boolean) => void;
  /** Logged once per outage (not at every retry): what the process does without the notifications. */
  outage: string;
}

/**
 * Listens on `channel` from the moment the app is ready until it closes, and makes the LISTEN again after a
 * lost connection (every RETRY_MS while the database is away). Never delays or fails the start; notifications
 * sent while it is down are missed, which each caller covers in its own way.
 */
export function listenWhileUp(app: FastifyInstance, database: Database, options: ListenWhileUpOptions): void {
  let stop: (() => Promise<void>) | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;
  let warned = false;

  const scheduleRetry = () => {
    if (closed || retry) return;
    retry = setTimeout(() => void connect(), RETRY_MS);
    retry.unref();
  };
  const connect = async () => {
    retry = undefined;
    try {
      const stopListening = await database.listen(options.channel, options.onMessage, () => {
        options.onListening?.(false);
        stop = undefined;
        scheduleRetry();
      });
      if (closed) {
        await stopListening();
        return;
      }
      stop = stopListening;
      warned = false;
      options.onListening?.(true);
    } catch (error) {
      if (!warned) app.log.warn({ err: error }, options.outage);
      warned = true;
      scheduleRetry();
    }
  };

  app.addHook('onReady', async () => {
    void connect();
  });
  app.addHook('onClose', async () => {
    closed = true;
    if (retry) clearTimeout(retry);
    options.onListening?.(false);
    await stop?.();
  });
}
