import { describe, expect, it } from 'vitest';
import { loadBand, todayIn } from './dates';

describe('dashboard days', () => {
  it("takes today in the company's time zone, not the browser's", () => {
    const lateUtc = new Date('2026-11-01T23:30:00Z');
    expect(todayIn('Asia/Colombo', lateUtc)).toBe('2026-11-02');
    expect(todayIn('Europe/London', lateUtc)).toBe('2026-11-01');
  });

  it('bands a day by its load, full when the car park says so or is at capacity', () => {
    expect(loadBand(1, 10, false)).toBe('low');
    expect(loadBand(5, 10, false)).toBe('medium');
    expect(loadBand(8, 10, false)).toBe('high');
    expect(loadBand(10, 10, false)).toBe('full');
    expect(loadBand(3, 10, true)).toBe('full');
    expect(loadBand(0, 0, false)).toBe('low');
  });
});
