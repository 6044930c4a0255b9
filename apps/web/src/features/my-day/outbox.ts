import {
  type ActionSubject,
  afterAttempt,
  type CallResult,
  discard,
  enqueue,
  judge,
  nextToSend,
  type QueuedAction,
  type QueuedRequest,
  tryAgain,
} from './queue';
import { type KeyValueStore, readQueue, saveQueue } from './storage';

/**
 * The sender of one user's queue (queue.ts holds its rules): it keeps the queue in storage, sends the first action, and
 * goes on to the next only once the API has taken it. One sender per user in the page, whatever asks it to send (a tap,
 * the `online` event, the screen opening, the retry timer): a second call while it sends waits for the same run, so no
 * two actions are ever in flight. Another tab of the same user shares the stored queue and may send the same action:
 * its key makes the API answer it once.
 */

/** What came back from the API for one action: the call's status and, when it was taken, its answer. */
export interface SendOutcome {
  result: CallResult;
  answer?: unknown;
}

export interface OutboxDeps {
  store: KeyValueStore;
  userId: number;
  send: (action: QueuedAction) => Promise<SendOutcome>;
  /** The API took an action (its answer, to write into the copy the screen shows). */
  onSent?: (action: QueuedAction, answer: unknown) => void;
  /** A run ended after sending at least one action: time to read the day again. */
  onDrained?: () => void;
  /** Waits before trying again after "not now" (a 5xx, the same key still running); none in tests. */
  schedule?: (run: () => void, ms: number) => () => void;
  retryMs?: number;
}

export interface Outbox {
  getSnapshot: () => readonly QueuedAction[];
  subscribe: (listener: () => void) => () => void;
  /** Adds an action and starts sending; false when it could not be stored (the screen says so, nothing is queued). */
  add: (request: QueuedRequest, options: { key: string; madeAt: string; subject?: ActionSubject | null }) => boolean;
  discard: (key: string) => void;
  tryAgain: (key: string) => void;
  /** Sends what waits, in order; resolves when this run stops (empty, refused, or to be tried later). */
  flush: () => Promise<void>;
  /** Reads the stored queue again (another tab changed it). */
  reload: () => void;
}

const RETRY_MS = 15_000;

export function createOutbox(deps: OutboxDeps): Outbox {
  const { store, userId } = deps;
  let snapshot: readonly QueuedAction[] = readQueue(store, userId);
  const listeners = new Set<() => void>();
  let running: Promise<void> | null = null;
  let cancelRetry: (() => void) | null = null;

  const publish = (queue: readonly QueuedAction[]) => {
    snapshot = queue;
    for (const listener of listeners) listener();
  };
  const write = (queue: QueuedAction[]) => {
    const kept = saveQueue(store, userId, queue);
    publish(queue);
    return kept;
  };
  const reload = () => {
    const stored = readQueue(store, userId);
    if (JSON.stringify(stored) !== JSON.stringify(snapshot)) publish(stored);
  };

  const retryLater = () => {
    if (!deps.schedule || cancelRetry) return;
    cancelRetry = deps.schedule(() => {
      cancelRetry = null;
      void flush();
    }, deps.retryMs ?? RETRY_MS);
  };

  async function run(): Promise<void> {
    let sent = false;
    for (;;) {
      // Read from storage each time: another tab may have sent or discarded meanwhile.
      const action = nextToSend(readQueue(store, userId));
      if (!action) {
        reload();
        break;
      }
      let outcome: SendOutcome;
      try {
        outcome = await deps.send(action);
      } catch {
        outcome = { result: { status: 0 } };
      }
      const verdict = judge(outcome.result);
      const queue = readQueue(store, userId);
      if (verdict === 'done') {
        const answer = outcome.answer as { id?: unknown } | undefined;
        const attendanceId = action.request.kind === 'clockIn' && typeof answer?.id === 'number' ? answer.id : undefined;
        deps.onSent?.(action, outcome.answer);
        write(afterAttempt(queue, action.key, { kind: 'done', ...(attendanceId === undefined ? {} : { attendanceId }) }));
        sent = true;
        continue;
      }
      if (verdict === 'later') {
        write(afterAttempt(queue, action.key, { kind: 'later' }));
        retryLater();
        break;
      }
      const failure = { status: outcome.result.status, code: outcome.result.code ?? null, message: outcome.result.message ?? '' };
      write(afterAttempt(queue, action.key, { kind: 'refused', failure }));
      break;
    }
    if (sent) deps.onDrained?.();
  }

  function flush(): Promise<void> {
    running ??= run().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    add(request, options) {
      if (!write(enqueue(readQueue(store, userId), request, options))) {
        reload();
        return false;
      }
      void flush();
      return true;
    },
    discard(key) {
      write(discard(readQueue(store, userId), key));
      void flush();
    },
    tryAgain(key) {
      write(tryAgain(readQueue(store, userId), key));
      void flush();
    },
    flush,
    reload,
  };
}
