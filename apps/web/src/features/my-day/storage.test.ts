import { describe, expect, it } from 'vitest';
import { enqueue } from './queue';
import { MAX_DAYS, queueKey, readAttendance, readDay, readQueue, saveAttendance, saveDay, saveQueue } from './storage';
import { dayOf, memoryStore, tripOf } from './testing';

describe('the phone’s copies', () => {
  it('keeps a day per user and per driver, and reads back only its own', () => {
    const store = memoryStore();
    const copy = { day: dayOf([tripOf()]), savedAt: '2026-03-10T14:05:00.000Z', moves: {} };
    saveDay(store, 1, 'me', copy);
    expect(readDay(store, 1, 'me', '2026-03-10')).toEqual(copy);
    expect(readDay(store, 2, 'me', '2026-03-10')).toBeNull();
    expect(readDay(store, 1, '7', '2026-03-10')).toBeNull();
    expect(readDay(store, 1, 'me', '2026-03-11')).toBeNull();
  });

  it(`keeps at most ${MAX_DAYS} days per user, the latest kept`, () => {
    const store = memoryStore();
    for (let day = 1; day <= MAX_DAYS + 2; day++) {
      const date = `2026-03-${String(day).padStart(2, '0')}`;
      saveDay(store, 1, 'me', { day: dayOf([], { date }), savedAt: `2026-03-20T10:${String(day).padStart(2, '0')}:00.000Z`, moves: {} });
    }
    saveDay(store, 2, 'me', { day: dayOf([]), savedAt: '2026-01-01T00:00:00.000Z', moves: {} });
    expect(readDay(store, 1, 'me', '2026-03-01')).toBeNull();
    expect(readDay(store, 1, 'me', '2026-03-02')).toBeNull();
    expect(readDay(store, 1, 'me', '2026-03-03')).not.toBeNull();
    expect(readDay(store, 1, 'me', `2026-03-0${MAX_DAYS + 2}`)).not.toBeNull();
    expect(readDay(store, 2, 'me', '2026-03-10')).not.toBeNull();
  });

  it('drops a damaged or foreign copy', () => {
    const store = memoryStore();
    store.setItem('ps:offline-copy:my-day:1:me:2026-03-10', '{not json');
    expect(readDay(store, 1, 'me', '2026-03-10')).toBeNull();
    store.setItem('ps:offline-copy:my-day:1:me:2026-03-10', JSON.stringify({ day: { date: '2026-03-10' } }));
    expect(readDay(store, 1, 'me', '2026-03-10')).toBeNull();
    store.setItem(queueKey(1), JSON.stringify([{ nonsense: true }]));
    expect(readQueue(store, 1)).toEqual([]);
  });

  it('keeps the day’s attendance', () => {
    const store = memoryStore();
    expect(readAttendance(store, 1)).toBeNull();
    saveAttendance(store, 1, { day: '2026-03-10', record: null, savedAt: '2026-03-10T08:00:00.000Z' });
    expect(readAttendance(store, 1)).toEqual({ day: '2026-03-10', record: null, savedAt: '2026-03-10T08:00:00.000Z' });
  });

  it('keeps the queue under the outbox prefix, and removes it once empty', () => {
    const store = memoryStore();
    const queue = enqueue([], { kind: 'clockIn', day: '2026-03-10', at: '2026-03-10T08:00:00.000Z' }, { key: 'a', madeAt: 'x' });
    expect(saveQueue(store, 1, queue)).toBe(true);
    expect(queueKey(1).startsWith('ps:outbox:')).toBe(true);
    expect(readQueue(store, 1)).toEqual(queue);
    saveQueue(store, 1, []);
    expect(store.map.has(queueKey(1))).toBe(false);
  });

  it('says when the queue could not be kept', () => {
    const store = {
      ...memoryStore(),
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(saveQueue(store, 1, enqueue([], { kind: 'clockIn', day: '2026-03-10', at: 'x' }, { key: 'a', madeAt: 'x' }))).toBe(false);
  });
});
