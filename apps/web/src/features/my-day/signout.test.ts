import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, clearStorageAfterFailedRefresh } from '../../lib/session';
import { enqueue } from './queue';
import { attendanceKey, dayKey, queueKey, saveDay, saveQueue } from './storage';
import { dayOf, memoryStore } from './testing';

/** The copies hold customers' names and numbers: they go with the session. The unsent actions stay, per user. */
describe('signing out', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function phoneWithCopies() {
    const store = memoryStore();
    vi.stubGlobal('localStorage', store);
    store.setItem('token', 't');
    store.setItem('language', 'ta');
    saveDay(store, 1, 'me', { day: dayOf([]), savedAt: '2026-03-10T14:05:00.000Z', moves: {} });
    store.setItem(attendanceKey(1), '{}');
    saveQueue(store, 1, enqueue([], { kind: 'clockIn', day: '2026-03-10', at: '2026-03-10T08:00:00.000Z' }, { key: 'a', madeAt: 'x' }));
    return store;
  }

  it('removes the day’s copies and keeps the queue', () => {
    const store = phoneWithCopies();
    clearSession();
    expect(store.map.has(dayKey(1, 'me', '2026-03-10'))).toBe(false);
    expect(store.map.has(attendanceKey(1))).toBe(false);
    expect(store.map.has('token')).toBe(false);
    expect(store.map.has(queueKey(1))).toBe(true);
  });

  it('a failed refresh clears the copies too, and keeps the queue and the language', () => {
    const store = phoneWithCopies();
    clearStorageAfterFailedRefresh();
    expect(store.map.has(dayKey(1, 'me', '2026-03-10'))).toBe(false);
    expect(store.map.get('language')).toBe('ta');
    expect(store.map.has(queueKey(1))).toBe(true);
  });
});
