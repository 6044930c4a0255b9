import { AppError } from '../../lib/errors.ts';
import type { AuthRepository } from './auth.repository.ts';

export interface ThrottleSettings {
  maxPerIdentifier: number;
  maxPerAddress: number;
  windowSeconds: number;
}

/** A lock in force: which counters are at their limit and how long until the last of them lifts. */
export interface Lock {
  seconds: number;
  counters: string[];
}

/**
 * Failed attempts, counted per key in `login_throttle` over a window: wrong passwords per account (`account:<id>`) or
 * unknown identifier (`identifier:<type>:<value>`) and per address (`address:<ip>`), wrong two-factor codes per
 * account (`totp:<id>`). A key at its limit is locked until the window that its failures started in has passed.
 */
export interface LoginThrottle {
  readonly settings: ThrottleSettings;
  /** The lock in force over these counters (key, limit), if any. */
  lockOf(counters: Array<[key: string, max: number]>): Promise<Lock | undefined>;
  recordFailures(keys: string[]): Promise<void>;
  clear(key: string): Promise<void>;
}

export function createLoginThrottle(users: AuthRepository, settings: ThrottleSettings): LoginThrottle {
  return {
    settings,
    async lockOf(counters) {
      const states = await Promise.all(counters.map(([key]) => users.failuresFor(key, settings.windowSeconds)));
      const locked = counters
        .map(([key, max], index) => ({ key, started: (states[index]?.failures ?? 0) >= max ? states[index]?.windowStartedAt : null }))
        .filter((entry): entry is { key: string; started: Date } => entry.started instanceof Date);
      if (locked.length === 0) return undefined;
      const until = Math.max(...locked.map(({ started }) => started.getTime() + settings.windowSeconds * 1000));
      return {
        seconds: Math.max(1, Math.ceil((until - Date.now()) / 1000)),
        counters: locked.map(({ key }) => key.slice(0, key.indexOf(':'))),
      };
    },
    async recordFailures(keys) {
      await Promise.all(keys.map((key) => users.recordFailure(key, settings.windowSeconds)));
    },
    async clear(key) {
      await users.clearFailures(key);
    },
  };
}

/** The 429 of a lock, with `Retry-After` and the minutes to wait in its message. */
export function tooManyAttempts(code: 'too_many_attempts' | 'too_many_code_attempts', seconds: number): AppError {
  return new AppError(429, code, { vars: { count: Math.ceil(seconds / 60) }, headers: { 'retry-after': String(seconds) } });
}
