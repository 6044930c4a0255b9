import { describe, expect, it } from 'vitest';
import {
  afterAttempt,
  discard,
  enqueue,
  isQueue,
  judge,
  newActionKey,
  nextToSend,
  type QueuedAction,
  queueShown,
  stoppedAt,
  tryAgain,
} from './queue';

const at = '2026-03-10T09:00:00.000Z';
const start = { kind: 'tripStatus', tripId: 7, status: 'started' } as const;
const complete = { kind: 'tripStatus', tripId: 7, status: 'completed' } as const;

function queueOf(...keys: string[]): QueuedAction[] {
  return keys.reduce<QueuedAction[]>((queue, key, index) => enqueue(queue, index % 2 ? complete : start, { key, madeAt: at }), []);
}

describe('the order of the queue', () => {
  it('adds at the end and sends the first action first', () => {
    const queue = queueOf('a', 'b', 'c');
    expect(queue.map((action) => action.key)).toEqual(['a', 'b', 'c']);
    expect(nextToSend(queue)?.key).toBe('a');
    expect(nextToSend([])).toBeNull();
  });

  it('takes a done action off and goes on with the next', () => {
    const queue = afterAttempt(queueOf('a', 'b'), 'a', { kind: 'done' });
    expect(queue.map((action) => action.key)).toEqual(['b']);
    expect(nextToSend(queue)?.key).toBe('b');
  });

  it('keeps an action to be tried later first in line, counting the try', () => {
    const queue = afterAttempt(queueOf('a', 'b'), 'a', { kind: 'later' });
    expect(queue.map((action) => [action.key, action.tries])).toEqual([
      ['a', 1],
      ['b', 0],
    ]);
    expect(nextToSend(queue)?.key).toBe('a');
  });

  it('stops at a refused action: nothing after it goes until it is discarded or tried again', () => {
    const failure = { status: 409, code: 'trip_transition_invalid', message: 'The trip is cancelled.' };
    const stopped = afterAttempt(queueOf('a', 'b'), 'a', { kind: 'refused', failure });
    expect(nextToSend(stopped)).toBeNull();
    expect(stoppedAt(stopped)?.failure).toEqual(failure);

    const discarded = discard(stopped, 'a');
    expect(nextToSend(discarded)?.key).toBe('b');

    const again = tryAgain(stopped, 'a');
    expect(nextToSend(again)?.key).toBe('a');
    expect(again[0]?.failure).toBeNull();
    expect(stoppedAt(again)).toBeNull();
  });

  it('gives a clock-out made before its clock-in was sent the day record the clock-in answered', () => {
    let queue = enqueue([], { kind: 'clockIn', day: '2026-03-10', at }, { key: 'in', madeAt: at });
    queue = enqueue(queue, { kind: 'clockOut', day: '2026-03-10', at, attendanceId: null }, { key: 'out', madeAt: at });
    queue = enqueue(queue, { kind: 'clockOut', day: '2026-03-11', at, attendanceId: null }, { key: 'other', madeAt: at });
    const after = afterAttempt(queue, 'in', { kind: 'done', attendanceId: 42 });
    expect(after.map((action) => action.request)).toEqual([
      { kind: 'clockOut', day: '2026-03-10', at, attendanceId: 42 },
      { kind: 'clockOut', day: '2026-03-11', at, attendanceId: null },
    ]);
  });

  it('changes nothing for an action no longer in the queue (another tab sent it)', () => {
    const queue = queueOf('a');
    expect(afterAttempt(queue, 'gone', { kind: 'done' })).toEqual(queue);
  });
});

describe('what an answer means', () => {
  it('a success or a replayed success is done', () => {
    expect(judge({ status: 200 })).toBe('done');
    expect(judge({ status: 201 })).toBe('done');
  });

  it('no connection, a server error, the same key still running, a session renewing or a rate limit: later', () => {
    expect(judge({ status: 0 })).toBe('later');
    expect(judge({ status: 500 })).toBe('later');
    expect(judge({ status: 503 })).toBe('later');
    expect(judge({ status: 409, code: 'idempotency_in_progress' })).toBe('later');
    expect(judge({ status: 401 })).toBe('later');
    expect(judge({ status: 408 })).toBe('later');
    expect(judge({ status: 429 })).toBe('later');
  });

  it('any other 4xx is a refusal', () => {
    expect(judge({ status: 400, code: 'validation_failed' })).toBe('refused');
    expect(judge({ status: 403, code: 'forbidden' })).toBe('refused');
    expect(judge({ status: 404, code: 'not_found' })).toBe('refused');
    expect(judge({ status: 409, code: 'trip_transition_invalid' })).toBe('refused');
    expect(judge({ status: 409, code: 'idempotency_key_reused' })).toBe('refused');
  });
});

describe('showing the queue', () => {
  it('is hidden when empty, shown offline, and online only once an action waited through a try or was refused', () => {
    expect(queueShown([], false)).toBe(false);
    const queue = queueOf('a');
    expect(queueShown(queue, false)).toBe(true);
    expect(queueShown(queue, true)).toBe(false);
    expect(queueShown(afterAttempt(queue, 'a', { kind: 'later' }), true)).toBe(true);
    expect(queueShown(afterAttempt(queue, 'a', { kind: 'refused', failure: { status: 400, code: null, message: '' } }), true)).toBe(true);
  });
});

describe('a stored queue', () => {
  it('is read back only when it has the shape of one', () => {
    expect(isQueue(queueOf('a', 'b'))).toBe(true);
    expect(isQueue([])).toBe(true);
    expect(isQueue({})).toBe(false);
    expect(isQueue([{ key: 'a' }])).toBe(false);
    expect(isQueue(null)).toBe(false);
  });

  it('has a new key for every action', () => {
    const keys = new Set(Array.from({ length: 50 }, newActionKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^my-day-[\w-]{32,40}$/);
  });
});
