import { type LiveEvent, liveEventSchema } from '@ps/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { listenWhileUp } from '../../db/listen.ts';
import { LIVE_CHANNEL } from './live-events.ts';

/**
 * The live board's fan-out in one server process: ONE LISTEN on `LIVE_CHANNEL` (a connection of its own on
 * PostgreSQL, the embedded database itself on PGlite) feeds every open stream of the event's company. An
 * event published by any process on the database (inside the change's transaction, so only once it commits)
 * reaches the streams of every process. The connection is re-made after a loss; events sent meanwhile are
 * missed, which the board covers by refetching when its stream reconnects and by polling (the web's fallback).
 */
export type LiveListener = (event: LiveEvent) => void;

export interface LiveHub {
  /** Hears the events of `companyId` until the returned function is called. */
  subscribe(companyId: number, listener: LiveListener): () => void;
  /** Open streams in this process (for tests and logs). */
  size(): number;
}

function parseEvent(payload: string): LiveEvent | undefined {
  try {
    const parsed = liveEventSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function createLiveHub(app: FastifyInstance, database: Database): LiveHub {
  const listenersByCompany = new Map<number, Set<LiveListener>>();
  const deliver = (payload: string) => {
    const event = parseEvent(payload);
    if (!event) return;
    for (const listener of listenersByCompany.get(event.company_id) ?? []) listener(event);
  };

  listenWhileUp(app, database, {
    channel: LIVE_CHANNEL,
    onMessage: deliver,
    outage: 'live board notifications unavailable; retrying',
  });

  return {
    subscribe(companyId, listener) {
      let listeners = listenersByCompany.get(companyId);
      if (!listeners) {
        listeners = new Set();
        listenersByCompany.set(companyId, listeners);
      }
      listeners.add(listener);
      return () => {
        const current = listenersByCompany.get(companyId);
        current?.delete(listener);
        if (current?.size === 0) listenersByCompany.delete(companyId);
      };
    },
    size() {
      let count = 0;
      for (const listeners of listenersByCompany.values()) count += listeners.size;
      return count;
    },
  };
}
