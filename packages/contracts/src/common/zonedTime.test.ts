import { describe, expect, it } from 'vitest';
import { dayOf, fromZonedLocal, toZonedLocal } from './zonedTime.ts';

describe('airport wall clock <-> UTC', () => {
  it('reads an instant on the airport clock', () => {
    expect(toZonedLocal('2026-07-01T23:30:00Z', 'Asia/Colombo')).toBe('2026-07-02T05:00');
    expect(toZonedLocal('2026-01-15T10:00:00Z', 'Europe/London')).toBe('2026-01-15T10:00');
    expect(toZonedLocal('2026-07-15T10:00:00Z', 'Europe/London')).toBe('2026-07-15T11:00');
  });

  it('turns the airport clock into the UTC instant, summer and winter', () => {
    expect(fromZonedLocal('2026-07-15T11:00', 'Europe/London')).toBe('2026-07-15T10:00:00.000Z');
    expect(fromZonedLocal('2026-01-15T10:00', 'Europe/London')).toBe('2026-01-15T10:00:00.000Z');
    expect(fromZonedLocal('2026-07-02T05:00', 'Asia/Colombo')).toBe('2026-07-01T23:30:00.000Z');
    expect(fromZonedLocal('2026-03-10T08:00', 'America/New_York')).toBe('2026-03-10T12:00:00.000Z');
  });

  it('round-trips across a clock change and refuses what is not a time', () => {
    // 01:30 on 29 March 2026 does not exist in London (clocks jump 01:00 -> 02:00): it becomes 02:30 BST.
    expect(fromZonedLocal('2026-03-29T01:30', 'Europe/London')).toBe('2026-03-29T01:30:00.000Z');
    // 01:30 on 25 October 2026 happens twice: the first (BST) is taken.
    expect(fromZonedLocal('2026-10-25T01:30', 'Europe/London')).toBe('2026-10-25T00:30:00.000Z');
    expect(fromZonedLocal('tomorrow', 'Europe/London')).toBeUndefined();
    expect(dayOf('2026-07-02T05:00')).toBe('2026-07-02');
    expect(dayOf('')).toBeUndefined();
  });
});
