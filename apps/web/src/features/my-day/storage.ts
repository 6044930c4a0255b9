import { OFFLINE_COPY_PREFIX, OUTBOX_PREFIX } from '../../lib/session';
import type { StoredAttendance, StoredDay } from './optimistic';
import { isQueue, type QueuedAction } from './queue';

/**
 * Where the phone keeps a driver's day and queue: local storage, per user. Small on purpose (a day is a dozen trips,
 * a few kilobytes): the last answer of each day opened, at most `MAX_DAYS` of them, and the queue. The day's copies
 * carry customers' names and numbers and go at sign-out (lib/session.ts `OFFLINE_COPY_PREFIX`); the queue stays, per
 * user, until sent (`OUTBOX_PREFIX`). Every read is checked, since a copy may come from an older version of the app.
 */

/** The part of `Storage` used here (tests pass a map). */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/** Copies of days kept per user: yesterday, today and tomorrow, and a couple more the driver looked at. */
export const MAX_DAYS = 5;

const dayPrefix = (userId: number) => `${OFFLINE_COPY_PREFIX}my-day:${userId}:`;
/** `whose` is the driver whose day it is: `me`, or the id of the driver an office user reads. */
export const dayKey = (userId: number, whose: string, date: string) => `${dayPrefix(userId)}${whose}:${date}`;
export const attendanceKey = (userId: number) => `${OFFLINE_COPY_PREFIX}my-attendance:${userId}`;
export const queueKey = (userId: number) => `${OUTBOX_PREFIX}my-day:${userId}`;

function readJson(store: KeyValueStore, key: string): unknown {
  try {
    const text = store.getItem(key);
    return text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

/** Writes, and says whether it could (storage full or refused in a private window: the screen goes on without a copy). */
function writeJson(store: KeyValueStore, key: string, value: unknown): boolean {
  try {
    store.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

function keysOf(store: KeyValueStore): string[] {
  return Array.from({ length: store.length }, (_, index) => store.key(index)).filter((key): key is string => key !== null);
}

const isStoredDay = (value: unknown): value is StoredDay => {
  const stored = value as StoredDay | null;
  return (
    stored !== null &&
    typeof stored === 'object' &&
    typeof stored.savedAt === 'string' &&
    typeof stored.moves === 'object' &&
    stored.moves !== null &&
    typeof stored.day?.date === 'string' &&
    Array.isArray(stored.day.trips)
  );
};

export function readDay(store: KeyValueStore, userId: number, whose: string, date: string): StoredDay | null {
  const value = readJson(store, dayKey(userId, whose, date));
  return isStoredDay(value) ? value : null;
}

/** Keeps a day's copy, and drops the user's oldest copies beyond `MAX_DAYS` (by when they were kept). */
export function saveDay(store: KeyValueStore, userId: number, whose: string, stored: StoredDay): void {
  writeJson(store, dayKey(userId, whose, stored.day.date), stored);
  const copies = keysOf(store)
    .filter((key) => key.startsWith(dayPrefix(userId)))
    .map((key) => {
      const value = readJson(store, key);
      return { key, savedAt: isStoredDay(value) ? value.savedAt : '' };
    })
    .sort((a, b) => b.savedAt.localeCompare(a.savedAt));
  for (const old of copies.slice(MAX_DAYS)) store.removeItem(old.key);
}

export function readAttendance(store: KeyValueStore, userId: number): StoredAttendance | null {
  const value = readJson(store, attendanceKey(userId)) as StoredAttendance | null;
  return value && typeof value === 'object' && typeof value.day === 'string' && typeof value.savedAt === 'string' ? value : null;
}

export function saveAttendance(store: KeyValueStore, userId: number, stored: StoredAttendance): void {
  writeJson(store, attendanceKey(userId), stored);
}

export function readQueue(store: KeyValueStore, userId: number): QueuedAction[] {
  const value = readJson(store, queueKey(userId));
  return isQueue(value) ? value : [];
}

/** Stores the queue; false when it could not be kept (the action is then not taken: better than losing it later). */
export function saveQueue(store: KeyValueStore, userId: number, queue: readonly QueuedAction[]): boolean {
  if (queue.length === 0) {
    store.removeItem(queueKey(userId));
    return true;
  }
  return writeJson(store, queueKey(userId), queue);
}
