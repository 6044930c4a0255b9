import type { MyDayPlace } from '@ps/contracts/myDay';

/**
 * The phone's queue of actions (issue 22, section 3): what a driver did (start, record where the car is, complete, clock
 * in or out) waits here until the API has it. Plain data and plain functions: the sender (outbox.ts) stores the queue
 * and calls the API; the rules of order and retry are here, tested without a browser (queue.test.ts).
 *
 * The rules: actions go strictly in the order they were made, one at a time; the first one blocks the rest. Each keeps
 * the `Idempotency-Key` it was made with, so sending it twice (a lost answer, two tabs) runs it once. An answer that
 * says the action is done (2xx, a replay included) removes it; one that says it cannot be done (a 4xx) stops the queue
 * at it until the driver discards it or tries it again; anything that may pass later (no connection, a 5xx, the same
 * key still running, a session being renewed, a rate limit) leaves it for the next try.
 */

/** What an action asks of the API; each carries what it needs to be sent later exactly as it was made. */
export type QueuedRequest =
  /** `at`: when the driver tapped it (an action sent later keeps its time; older stored actions have none). */
  | { kind: 'tripStatus'; tripId: number; status: 'started' | 'completed'; at?: string }
  | { kind: 'movement'; tripId: number; place: Pick<MyDayPlace, 'kind' | 'id' | 'name'>; movedAt: string }
  | { kind: 'clockIn'; day: string; at: string }
  /** `attendanceId` is null while the day's clock-in is still queued: the clock-in's answer fills it in. */
  | { kind: 'clockOut'; day: string; at: string; attendanceId: number | null };

/** The trip an action is about, as the screen named it when it was made (the queue lists it by these). */
export interface ActionSubject {
  scheduledAt: string;
  reference: string | null;
  type: 'in' | 'out' | 'shuttle';
}

/** Why the API refused an action: its status, error code and message (in the driver's language). */
export interface ActionFailure {
  status: number;
  code: string | null;
  message: string;
}

export interface QueuedAction {
  /** The `Idempotency-Key` too: made once, when the driver tapped. */
  key: string;
  madeAt: string;
  request: QueuedRequest;
  subject: ActionSubject | null;
  /** Tries that ended with "later" (no connection, 5xx): the queue is shown once the first try did not get through. */
  tries: number;
  /** Set when the API refused it: the queue stops here. */
  failure: ActionFailure | null;
}

/** What came of one try. */
export type Attempt = { kind: 'done'; attendanceId?: number } | { kind: 'later' } | { kind: 'refused'; failure: ActionFailure };

/** An API answer or a failed call, as the sender sees it: `status` 0 when there was no answer at all. */
export interface CallResult {
  status: number;
  code?: string | null;
  message?: string;
}

/** Statuses that say "not now" rather than "no": a session being renewed, a timeout, a rate limit. */
const TRY_LATER = new Set([0, 401, 408, 429]);

/** What to do after one call: done, try again later, or stop the queue at it. */
export function judge(result: CallResult): 'done' | 'later' | 'refused' {
  const { status } = result;
  if (status >= 200 && status < 300) return 'done';
  if (TRY_LATER.has(status) || status >= 500) return 'later';
  if (status === 409 && result.code === 'idempotency_in_progress') return 'later';
  return 'refused';
}

/** A new action at the end of the queue. */
export function enqueue(
  queue: readonly QueuedAction[],
  request: QueuedRequest,
  options: { key: string; madeAt: string; subject?: ActionSubject | null },
): QueuedAction[] {
  return [...queue, { key: options.key, madeAt: options.madeAt, request, subject: options.subject ?? null, tries: 0, failure: null }];
}

/** The action to send now: the first one, unless it was refused (then nothing goes until the driver decides). */
export function nextToSend(queue: readonly QueuedAction[]): QueuedAction | null {
  const first = queue[0];
  return first && first.failure === null ? first : null;
}

/** The queue after a try of the action `key`. */
export function afterAttempt(queue: readonly QueuedAction[], key: string, attempt: Attempt): QueuedAction[] {
  const action = queue.find((entry) => entry.key === key);
  if (!action) return [...queue];
  if (attempt.kind === 'later') return queue.map((entry) => (entry.key === key ? { ...entry, tries: entry.tries + 1 } : entry));
  if (attempt.kind === 'refused') return queue.map((entry) => (entry.key === key ? { ...entry, failure: attempt.failure } : entry));
  const rest = queue.filter((entry) => entry.key !== key);
  const request = action.request;
  // A clock-out made before its clock-in reached the API learns the day's record now.
  if (request.kind === 'clockIn' && attempt.attendanceId !== undefined) {
    const id = attempt.attendanceId;
    return rest.map((entry) =>
      entry.request.kind === 'clockOut' && entry.request.day === request.day && entry.request.attendanceId === null
        ? { ...entry, request: { ...entry.request, attendanceId: id } }
        : entry,
    );
  }
  return rest;
}

/** The driver gives up a refused action: it is dropped and the queue goes on. */
export function discard(queue: readonly QueuedAction[], key: string): QueuedAction[] {
  return queue.filter((entry) => entry.key !== key);
}

/** The driver tries a refused action again (same key: if it did run after all, the API answers that). */
export function tryAgain(queue: readonly QueuedAction[], key: string): QueuedAction[] {
  return queue.map((entry) => (entry.key === key ? { ...entry, failure: null, tries: 0 } : entry));
}

/**
 * Whether the queue is worth showing: always offline or when something was refused; online only once an action has
 * waited through a try, so a tap on a good connection does not flash "1 action waiting".
 */
export function queueShown(queue: readonly QueuedAction[], online: boolean): boolean {
  if (queue.length === 0) return false;
  return !online || queue.some((entry) => entry.failure !== null || entry.tries > 0);
}

/** The refused action holding the queue, if any. */
export function stoppedAt(queue: readonly QueuedAction[]): QueuedAction | null {
  const first = queue[0];
  return first?.failure ? first : null;
}

/** Whether a value read back from storage is a queue (a copy from an older version or a damaged one is dropped). */
export function isQueue(value: unknown): value is QueuedAction[] {
  return (
    Array.isArray(value) &&
    value.every(
      (entry) =>
        entry !== null &&
        typeof entry === 'object' &&
        typeof (entry as QueuedAction).key === 'string' &&
        typeof (entry as QueuedAction).madeAt === 'string' &&
        typeof (entry as QueuedAction).tries === 'number' &&
        typeof (entry as QueuedAction).request?.kind === 'string',
    )
  );
}

/** A key no other action has (randomUUID needs a secure origin; a phone on plain HTTP still gets a random key). */
export function newActionKey(): string {
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext) return `my-day-${crypto.randomUUID()}`;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `my-day-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
