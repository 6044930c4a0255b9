import { accountEndpoints } from '@ps/contracts/auth';
import { type LiveEvent, liveEndpoints, liveEventSchema } from '@ps/contracts/live';
import { useEffect, useRef, useState } from 'react';
import { API_BASE, callEndpoint, pathOf } from './api';
import { getLanguage, getToken } from './session';

/** Whether the live stream is open: screens poll while it is not. */
export type LiveState = 'connecting' | 'live' | 'down';

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

/** Splits a server-sent-events text into its events' `data` payloads; the unfinished tail is kept. */
export function readServerSentEvents(buffer: string): { payloads: string[]; rest: string } {
  const blocks = buffer.replace(/\r\n/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  const payloads: string[] = [];
  for (const block of blocks) {
    const data = block
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trimStart());
    if (data.length > 0) payloads.push(data.join('\n'));
  }
  return { payloads, rest };
}

/**
 * Reads `GET /api/live/events` with fetch and the Authorization header (a token never goes in a URL). Each
 * try reads the stored token afresh; a refused one (401) goes through the API client once, which refreshes
 * the tokens the usual way. A dropped stream is opened again after 1, 2, 4... up to 30 s. Stops for good when
 * the returned function is called or nobody is signed in any more.
 */
export function openLiveEvents(onEvent: (event: LiveEvent) => void, onState: (state: LiveState) => void): () => void {
  const controller = new AbortController();
  let retryMs = FIRST_RETRY_MS;
  let stopped = false;

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      controller.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });

  const readOnce = async (): Promise<void> => {
    const token = getToken();
    if (!token) {
      stopped = true;
      return;
    }
    // A stream, read as it comes: fetch itself, at the declaration's path.
    const response = await fetch(`${API_BASE}${pathOf(liveEndpoints.events, undefined)}`, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream', 'Accept-Language': getLanguage() },
      signal: controller.signal,
      cache: 'no-store',
    });
    if (response.status === 401) {
      // The API client refreshes an expired token (and reloads the page with the new one).
      await callEndpoint(accountEndpoints.details, { signal: controller.signal }).catch(() => undefined);
      return;
    }
    if (!response.ok || !response.body) return;
    onState('live');
    retryMs = FIRST_RETRY_MS;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      const { payloads, rest } = readServerSentEvents(buffer + value);
      buffer = rest;
      for (const payload of payloads) {
        try {
          const parsed = liveEventSchema.safeParse(JSON.parse(payload));
          if (parsed.success) onEvent(parsed.data);
        } catch {
          // Not JSON: nothing this client knows; the next event still counts.
        }
      }
    }
  };

  void (async () => {
    while (!stopped && !controller.signal.aborted) {
      try {
        await readOnce();
      } catch {
        // A network failure or an abort: the loop decides below.
      }
      if (stopped || controller.signal.aborted) break;
      onState('down');
      await wait(retryMs);
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    }
  })();

  return () => {
    stopped = true;
    controller.abort();
  };
}

/**
 * Listens to the live stream while the screen is shown; `onEvent` may change between renders. Not `enabled` (a
 * user the stream is not for: it needs `bookings.view`), nothing is opened and the state is `down`: the screen polls.
 */
export function useLiveEvents(onEvent: (event: LiveEvent) => void, enabled = true): LiveState {
  const [state, setState] = useState<LiveState>(enabled ? 'connecting' : 'down');
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    if (!enabled) {
      setState('down');
      return;
    }
    return openLiveEvents((event) => handler.current(event), setState);
  }, [enabled]);
  return state;
}
