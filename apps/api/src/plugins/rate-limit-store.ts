import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * The API rate limit's store shared by every server process on one PostgreSQL database, without a database
 * round trip per request.
 *
 * Windows are fixed and aligned to the clock (`floor(now / window) * window`), so every process agrees on them.
 * A request is counted in memory at once: its count is the shared count last heard for its key and window plus
 * this process's increments since. Every `syncMs` (250 ms), while any key of this process is in a current
 * window (up to one window after its last request), ONE statement adds the increments of every key into `rate_limit_hits` and returns the shared count of
 * every key active in the current window, which replaces the local one. Tolerance: a key can exceed the limit
 * by the requests the OTHER processes accepted for it within about one sync interval (their increments not yet
 * sent, or not yet read back here); a failed sync (database away) keeps its increments for the next one and
 * meanwhile the process limits on what it knows. Rows of past windows are overwritten on the
 * key's next use and swept once a minute.
 */

interface Entry {
  windowStart: number;
  timeWindow: number;
  /** The shared count (all processes) as last returned by the database, for this window. */
  shared: number;
  /** This process's increments not yet sent. */
  pending: number;
  /** Increments sent in the sync under way. */
  sending: number;
}

export interface RateLimitCounter {
  incr(key: string, timeWindow: number): { current: number; ttl: number };
  read(key: string, timeWindow: number): { current: number; ttl: number };
  /** Sends the pending increments now (tests). */
  sync(): Promise<void>;
  stop(): Promise<void>;
}

const SWEEP_EVERY_MS = 60_000;

export function createRateLimitCounter(db: Db, options: { syncMs: number; onError?: (error: unknown) => void }): RateLimitCounter {
  const entries = new Map<string, Entry>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let lastSweep = Date.now();
  let stopped = false;

  const windowOf = (now: number, timeWindow: number) => Math.floor(now / timeWindow) * timeWindow;

  function entryFor(key: string, windowStart: number, timeWindow: number): Entry {
    let entry = entries.get(key);
    if (!entry || entry.windowStart !== windowStart) {
      // A new window: what was not sent of the old one no longer matters.
      entry = { windowStart, timeWindow, shared: 0, pending: 0, sending: 0 };
      entries.set(key, entry);
    }
    return entry;
  }

  async function syncOnce(): Promise<void> {
    const batch: { key: string; entry: Entry; hits: number }[] = [];
    const now = Date.now();
    for (const [key, entry] of entries) {
      if (entry.windowStart + entry.timeWindow > now) {
        // Every key of a current window: its increments, and (with 0) a fresh look at the others' counts.
        batch.push({ key, entry, hits: entry.pending });
        entry.sending += entry.pending;
        entry.pending = 0;
      } else if (entry.sending === 0) {
        entries.delete(key);
      }
    }
    if (batch.length > 0) {
      try {
        const increments = JSON.stringify(
          batch.map((item) => ({ key: item.key, window_start: new Date(item.entry.windowStart).toISOString(), hits: item.hits })),
        );
        // One statement: adds the increments (a row of an older window starts again) and answers every
        // key's shared count; keys with nothing to add are only read, never rewritten.
        const result = await db.execute(sql`
          with increments as (
            select key, window_start, hits from jsonb_to_recordset(${increments}::jsonb) as x(key text, window_start timestamptz, hits int)
          ),
          added as (
            insert into rate_limit_hits (key, window_start, hits)
            select key, window_start, hits from increments where hits > 0
            on conflict (key) do update set
              hits = case
                when rate_limit_hits.window_start = excluded.window_start then rate_limit_hits.hits + excluded.hits
                when rate_limit_hits.window_start < excluded.window_start then excluded.hits
                else rate_limit_hits.hits
              end,
              window_start = greatest(rate_limit_hits.window_start, excluded.window_start)
            returning key, window_start, hits
          )
          select key, (extract(epoch from window_start) * 1000)::float8 as window_ms, hits from added
          union all
          select r.key, (extract(epoch from r.window_start) * 1000)::float8, r.hits
          from rate_limit_hits r join increments i on i.key = r.key and i.hits = 0`);
        const shared = new Map(
          (result as unknown as { rows: { key: string; window_ms: number; hits: number }[] }).rows.map((row) => [
            row.key,
            { windowStart: Number(row.window_ms), hits: Number(row.hits) },
          ]),
        );
        for (const item of batch) {
          item.entry.sending -= item.hits;
          const answer = shared.get(item.key);
          // A row of another window (older, or already a later one): this process's own count stands.
          if (answer && answer.windowStart === item.entry.windowStart)
            item.entry.shared = Math.max(answer.hits, item.entry.shared + item.hits);
          else item.entry.shared += item.hits;
        }
      } catch (error) {
        // Kept for the next sync; meanwhile the count is what this process knows.
        for (const item of batch) {
          item.entry.sending -= item.hits;
          item.entry.pending += item.hits;
        }
        options.onError?.(error);
      }
    }
    if (now - lastSweep >= SWEEP_EVERY_MS) {
      lastSweep = now;
      await db.execute(sql`delete from rate_limit_hits where window_start < now() - interval '1 hour'`).catch(options.onError);
    }
  }

  const sync = async () => {
    while (running) await running;
    running = syncOnce().finally(() => {
      running = undefined;
    });
    await running;
  };

  const ensureTimer = () => {
    if (timer || stopped) return;
    timer = setInterval(() => {
      if (!running) void sync();
    }, options.syncMs);
    timer.unref();
  };

  return {
    incr(key, timeWindow) {
      const now = Date.now();
      const entry = entryFor(key, windowOf(now, timeWindow), timeWindow);
      entry.pending++;
      ensureTimer();
      return { current: entry.shared + entry.sending + entry.pending, ttl: entry.windowStart + timeWindow - now };
    },
    read(key, timeWindow) {
      const now = Date.now();
      const entry = entries.get(key);
      if (!entry || entry.windowStart !== windowOf(now, timeWindow)) return { current: 0, ttl: 0 };
      return { current: entry.shared + entry.sending + entry.pending, ttl: entry.windowStart + timeWindow - now };
    },
    sync,
    // No last sync at shutdown: a departing process's last interval of counts is within the tolerance, and a
    // shutdown must not open a connection to a database that may be the reason for it.
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}

type Callback = (error: Error | null, result: { current: number; ttl: number }) => void;

/**
 * The store class `@fastify/rate-limit` instantiates (`store` option), over one counter. A route with its own
 * rate-limit settings gets a child whose keys carry the route, so its counts stay apart.
 */
export function sharedRateLimitStore(counter: RateLimitCounter) {
  return class SharedRateLimitStore {
    readonly prefix: string;
    constructor(_options?: unknown, prefix = '') {
      this.prefix = prefix;
    }
    incr(key: string, callback: Callback, timeWindow: number) {
      callback(null, counter.incr(this.prefix + key, timeWindow));
    }
    read(key: string, callback: Callback, timeWindow: number) {
      callback(null, counter.read(this.prefix + key, timeWindow));
    }
    // The plugin passes the route's merged settings with `routeInfo` (its typings say RouteOptions).
    child(routeOptions: object) {
      const route = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      return new SharedRateLimitStore(undefined, `${String(route?.method ?? '')} ${route?.url ?? ''}:`);
    }
  };
}
