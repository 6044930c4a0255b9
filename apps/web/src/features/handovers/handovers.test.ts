import type { Handover, Relocation } from '@ps/contracts/handovers';
import { describe, expect, it } from 'vitest';
import { areaBoxes, areaStyle, markPoint, OUTLINE, pointOnArea } from './marks';
import { fitWithin, PHOTO_ATTEMPTS, PHOTO_MAX_SIDE, stripDataUrl } from './photos';
import { currentCheckIn, handoverKindFor, mayUndo, newIdempotencyKey, parseKind, whereNow } from './rules';

describe('photo sizing', () => {
  it('brings the longest side down to 1600 px, keeping the shape', () => {
    expect(fitWithin(4032, 3024, PHOTO_MAX_SIDE)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3024, 4032, PHOTO_MAX_SIDE)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(4000, 1000, PHOTO_MAX_SIDE)).toEqual({ width: 1600, height: 400 });
  });

  it('never enlarges a small picture, and keeps a sliver at least one pixel', () => {
    expect(fitWithin(800, 600, PHOTO_MAX_SIDE)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(10_000, 2, PHOTO_MAX_SIDE)).toEqual({ width: 1600, height: 1 });
    expect(fitWithin(0, 600, PHOTO_MAX_SIDE)).toEqual({ width: 0, height: 0 });
  });

  it('tries smaller and plainer in turn, starting at 1600 px and quality 0.8', () => {
    expect(PHOTO_ATTEMPTS[0]).toEqual({ maxSide: 1600, quality: 0.8 });
    for (let index = 1; index < PHOTO_ATTEMPTS.length; index++) {
      const previous = PHOTO_ATTEMPTS[index - 1];
      const attempt = PHOTO_ATTEMPTS[index];
      expect(attempt && previous && attempt.maxSide * attempt.quality < previous.maxSide * previous.quality).toBe(true);
    }
  });

  it('sends base64 without the data: prefix the API refuses', () => {
    expect(stripDataUrl('data:image/jpeg;base64,/9j/4AAQ')).toBe('/9j/4AAQ');
    expect(stripDataUrl('/9j/4AAQ')).toBe('/9j/4AAQ');
  });
});

describe('damage marks on the outline', () => {
  const rect = { left: 100, top: 50, width: 200, height: 80 };

  it('places a tap from 0 to 1 across and down its area, clamped to the area', () => {
    expect(pointOnArea(rect, { clientX: 150, clientY: 70 })).toEqual({ x: 0.25, y: 0.25 });
    expect(pointOnArea(rect, { clientX: 300, clientY: 130 })).toEqual({ x: 1, y: 1 });
    expect(pointOnArea(rect, { clientX: 90, clientY: 140 })).toEqual({ x: 0, y: 1 });
    expect(pointOnArea(rect, { clientX: 133.3333, clientY: 50 })).toEqual({ x: 0.167, y: 0 });
  });

  it('puts a mark made from the keyboard at the area’s centre', () => {
    expect(pointOnArea(rect, null)).toEqual({ x: 0.5, y: 0.5 });
    expect(pointOnArea({ left: 0, top: 0, width: 0, height: 0 }, { clientX: 5, clientY: 5 })).toEqual({ x: 0.5, y: 0.5 });
  });

  it('draws a mark where it was tapped, in its own area', () => {
    const left = areaBoxes.left;
    expect(markPoint({ area: 'left', x: 0, y: 0 })).toEqual({ cx: left.x, cy: left.y });
    expect(markPoint({ area: 'left', x: 1, y: 0.5 })).toEqual({ cx: left.x + left.width, cy: left.y + left.height / 2 });
    const rear = areaBoxes.rear;
    expect(markPoint({ area: 'rear', x: 0.5, y: 1 })).toEqual({ cx: rear.x + rear.width / 2, cy: rear.y + rear.height });
  });

  it('lays the areas out inside the outline without overlapping, with their buttons at the same place', () => {
    const boxes = Object.values(areaBoxes);
    for (const box of boxes) {
      expect(box.x + box.width).toBeLessThanOrEqual(OUTLINE.width);
      expect(box.y + box.height).toBeLessThanOrEqual(OUTLINE.height);
      for (const other of boxes) {
        if (other === box) continue;
        const apart =
          box.x + box.width <= other.x ||
          other.x + other.width <= box.x ||
          box.y + box.height <= other.y ||
          other.y + other.height <= box.y;
        expect(apart).toBe(true);
      }
    }
    expect(areaStyle('roof')).toEqual({ left: '30%', top: `${(76 / 440) * 100}%`, width: '40%', height: `${(288 / 440) * 100}%` });
  });
});

const handover = (overrides: Partial<Handover>): Handover => ({
  id: 1,
  booking_id: 7,
  kind: 'check_in',
  recorded_at: '2026-11-24T08:00:00.000Z',
  recorded_by: 3,
  recorded_by_name: 'Demo Admin',
  mileage: 42_180,
  fuel_eighths: 5,
  position_id: 11,
  position_name: 'A1',
  place_name: 'North yard',
  key_location: 'Box 1',
  marks: [],
  signed_name: null,
  note: null,
  photos: [],
  signature: null,
  booking_status_before: 'confirmed',
  undone_at: null,
  undone_by_name: null,
  undo_until: '2026-11-24T08:10:00.000Z',
  created_at: '2026-11-24T08:00:00.000Z',
  ...overrides,
});

const move = (overrides: Partial<Relocation>): Relocation => ({
  id: 1,
  booking_id: 7,
  from_position_name: 'A1',
  to_position_name: 'B2',
  from_key_location: 'Box 1',
  to_key_location: 'Box 1',
  note: null,
  moved_at: '2026-11-24T09:00:00.000Z',
  moved_by_name: 'Demo Admin',
  ...overrides,
});

describe('the handover rules the screens follow', () => {
  it('checks a confirmed car in and a checked-in or parked one out; nothing else', () => {
    expect(handoverKindFor('confirmed')).toBe('check_in');
    expect(handoverKindFor('checked_in')).toBe('check_out');
    expect(handoverKindFor('parked')).toBe('check_out');
    for (const status of ['pending', 'checked_out', 'completed', 'cancelled', 'no_show'] as const)
      expect(handoverKindFor(status)).toBeNull();
    expect(parseKind('check_out')).toBe('check_out');
    expect(parseKind('checkout')).toBeNull();
    expect(parseKind(undefined)).toBeNull();
  });

  it('compares with the latest check-in not undone', () => {
    const first = handover({ id: 1, undone_at: '2026-11-24T08:05:00.000Z' });
    const second = handover({ id: 2 });
    const out = handover({ id: 3, kind: 'check_out' });
    expect(currentCheckIn([first, second, out])?.id).toBe(2);
    expect(currentCheckIn([first])).toBeNull();
  });

  it('finds the car where it was put, or where it was moved to since', () => {
    const checkIn = handover({});
    expect(whereNow(checkIn, [])).toEqual({ position: 'A1', place: 'North yard', key: 'Box 1' });
    expect(
      whereNow(checkIn, [
        move({}),
        move({ id: 2, to_position_name: 'C3', to_key_location: 'Hook 9', moved_at: '2026-11-24T10:00:00.000Z' }),
      ]),
    ).toEqual({
      position: 'C3',
      place: null,
      key: 'Hook 9',
    });
    // A move before this check-in (an earlier stay, undone) is not where the car is now.
    expect(whereNow(checkIn, [move({ moved_at: '2026-11-23T09:00:00.000Z' })])).toEqual({
      position: 'A1',
      place: 'North yard',
      key: 'Box 1',
    });
    expect(whereNow(checkIn, [move({ to_position_name: 'A1', to_key_location: 'Box 4' })])).toEqual({
      position: 'A1',
      place: 'North yard',
      key: 'Box 4',
    });
    expect(whereNow(null, [])).toBeNull();
  });

  it('offers the undo to its author only, while its window is open', () => {
    const now = Date.parse('2026-11-24T08:05:00.000Z');
    expect(mayUndo(handover({}), 3, now)).toBe(true);
    expect(mayUndo(handover({}), 4, now)).toBe(false);
    expect(mayUndo(handover({}), undefined, now)).toBe(false);
    expect(mayUndo(handover({}), 3, Date.parse('2026-11-24T08:10:00.000Z'))).toBe(false);
    expect(mayUndo(handover({ undone_at: '2026-11-24T08:01:00.000Z', undo_until: null }), 3, now)).toBe(false);
  });

  it('makes a new key each time, in the characters the API takes', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[\x21-\x7E]{1,100}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });
});
