import { describe, expect, it } from 'vitest';
import { createOutbox, type SendOutcome } from './outbox';
import type { QueuedAction, QueuedRequest } from './queue';
import { readQueue } from './storage';
import { memoryStore } from './testing';

const at = '2026-03-10T15:00:00.000Z';
const start = (tripId: number): QueuedRequest => ({ kind: 'tripStatus', tripId, status: 'started' });

/** A sender whose API answers from a script, one answer per call, recording what was sent and how many at once. */
function scripted(answers: SendOutcome[]) {
  const sent: string[] = [];
  let inFlight = 0;
  let mostAtOnce = 0;
  const send = async (action: QueuedAction): Promise<SendOutcome> => {
    inFlight++;
    mostAtOnce = Math.max(mostAtOnce, inFlight);
    sent.push(action.key);
    await new Promise((settle) => setTimeout(settle, 1));
    inFlight--;
    return answers.shift() ?? { result: { status: 0 } };
  };
  return { send, sent, mostAtOnce: () => mostAtOnce };
}

function outboxWith(answers: SendOutcome[]) {
  const store = memoryStore();
  const api = scripted(answers);
  const events: string[] = [];
  const scheduled: (() => void)[] = [];
  const outbox = createOutbox({
    store,
    userId: 1,
    send: api.send,
    onSent: (action) => events.push(`sent ${action.key}`),
    onDrained: () => events.push('drained'),
    schedule: (run) => {
      scheduled.push(run);
      return () => undefined;
    },
  });
  return { store, api, events, scheduled, outbox };
}

const keysOf = (queue: readonly QueuedAction[]) => queue.map((action) => action.key);

describe('sending the queue', () => {
  it('sends every action once, in order, one at a time, and empties the queue', async () => {
    const { outbox, api, events, store } = outboxWith([
      { result: { status: 200 } },
      { result: { status: 200 } },
      { result: { status: 201 } },
    ]);
    outbox.add(start(1), { key: 'a', madeAt: at });
    outbox.add(start(2), { key: 'b', madeAt: at });
    outbox.add(start(3), { key: 'c', madeAt: at });
    await outbox.flush();
    await outbox.flush();
    expect(api.sent).toEqual(['a', 'b', 'c']);
    expect(api.mostAtOnce()).toBe(1);
    expect(outbox.getSnapshot()).toEqual([]);
    expect(readQueue(store, 1)).toEqual([]);
    expect(events).toEqual(['sent a', 'sent b', 'sent c', 'drained']);
  });

  it('leaves the queue as it is when there is no connection, and sends it all when asked again', async () => {
    const { outbox, api, scheduled } = outboxWith([{ result: { status: 0 } }, { result: { status: 200 } }, { result: { status: 200 } }]);
    outbox.add(start(1), { key: 'a', madeAt: at });
    outbox.add(start(2), { key: 'b', madeAt: at });
    await outbox.flush();
    expect(keysOf(outbox.getSnapshot())).toEqual(['a', 'b']);
    expect(outbox.getSnapshot()[0]?.tries).toBe(1);
    expect(scheduled).toHaveLength(1);
    // The connection is back (the `online` event).
    await outbox.flush();
    expect(api.sent).toEqual(['a', 'a', 'b']);
    expect(outbox.getSnapshot()).toEqual([]);
  });

  it('tries again later after a 5xx or the same key still running, with the same key', async () => {
    const { outbox, api } = outboxWith([
      { result: { status: 503 } },
      { result: { status: 409, code: 'idempotency_in_progress' } },
      { result: { status: 200 } },
    ]);
    outbox.add(start(1), { key: 'a', madeAt: at });
    await outbox.flush();
    await outbox.flush();
    expect(keysOf(outbox.getSnapshot())).toEqual(['a']);
    await outbox.flush();
    expect(api.sent).toEqual(['a', 'a', 'a']);
    expect(outbox.getSnapshot()).toEqual([]);
  });

  it('stops at a refusal, sends nothing after it, and goes on once it is discarded', async () => {
    const refusal = { status: 409, code: 'trip_transition_invalid', message: 'The trip was cancelled by the office.' };
    const { outbox, api } = outboxWith([{ result: refusal }, { result: { status: 200 } }]);
    outbox.add(start(1), { key: 'a', madeAt: at });
    outbox.add(start(2), { key: 'b', madeAt: at });
    await outbox.flush();
    await outbox.flush();
    expect(api.sent).toEqual(['a']);
    expect(outbox.getSnapshot()[0]?.failure).toEqual(refusal);
    outbox.discard('a');
    await outbox.flush();
    expect(api.sent).toEqual(['a', 'b']);
    expect(outbox.getSnapshot()).toEqual([]);
  });

  it('tries a refused action again with its own key when asked', async () => {
    const { outbox, api } = outboxWith([{ result: { status: 403, code: 'forbidden', message: 'No' } }, { result: { status: 200 } }]);
    outbox.add(start(1), { key: 'a', madeAt: at });
    await outbox.flush();
    outbox.tryAgain('a');
    await outbox.flush();
    expect(api.sent).toEqual(['a', 'a']);
    expect(outbox.getSnapshot()).toEqual([]);
  });

  it('counts a sender that throws as no answer', async () => {
    const store = memoryStore();
    const outbox = createOutbox({
      store,
      userId: 1,
      send: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    outbox.add(start(1), { key: 'a', madeAt: at });
    await outbox.flush();
    expect(outbox.getSnapshot()[0]).toMatchObject({ key: 'a', tries: 1, failure: null });
  });

  it('gives a queued clock-out the record its clock-in answered', async () => {
    const { outbox, api } = outboxWith([{ result: { status: 201 }, answer: { id: 42 } }, { result: { status: 0 } }]);
    outbox.add({ kind: 'clockIn', day: '2026-03-10', at }, { key: 'in', madeAt: at });
    outbox.add({ kind: 'clockOut', day: '2026-03-10', at, attendanceId: null }, { key: 'out', madeAt: at });
    await outbox.flush();
    expect(api.sent).toEqual(['in', 'out']);
    expect(outbox.getSnapshot()[0]?.request).toEqual({ kind: 'clockOut', day: '2026-03-10', at, attendanceId: 42 });
  });

  it('sees what another tab sent: the stored queue is read again before each send', async () => {
    const { outbox, api, store } = outboxWith([{ result: { status: 200 } }]);
    outbox.add(start(1), { key: 'a', madeAt: at });
    await outbox.flush();
    expect(api.sent).toEqual(['a']);
    // A queue kept by another tab, then emptied there.
    store.setItem(
      'ps:outbox:my-day:1',
      JSON.stringify([{ key: 'x', madeAt: at, request: start(9), subject: null, tries: 0, failure: null }]),
    );
    outbox.reload();
    expect(keysOf(outbox.getSnapshot())).toEqual(['x']);
    store.removeItem('ps:outbox:my-day:1');
    await outbox.flush();
    expect(api.sent).toEqual(['a']);
    expect(outbox.getSnapshot()).toEqual([]);
  });
});
