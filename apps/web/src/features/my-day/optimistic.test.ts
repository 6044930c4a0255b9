import type { Attendance } from '@ps/contracts';
import { describe, expect, it } from 'vitest';
import { clockAction, clockView, dayView, type StoredDay, withFresh, withSent } from './optimistic';
import { enqueue, type QueuedAction, type QueuedRequest } from './queue';
import { dayOf, tripOf } from './testing';

const at = '2026-03-10T15:00:00.000Z';
const stored = (trips = [tripOf({ id: 1, status: 'assigned' }), tripOf({ id: 2, status: 'started' })]): StoredDay => ({
  day: dayOf(trips),
  savedAt: at,
  moves: {},
});
const queueOf = (...requests: QueuedRequest[]): QueuedAction[] =>
  requests.reduce<QueuedAction[]>((queue, request, index) => enqueue(queue, request, { key: `k${index}`, madeAt: at }), []);

describe('the day with the queue applied', () => {
  it('shows a queued start and complete at once, marked as waiting', () => {
    const view = dayView(
      stored(),
      queueOf({ kind: 'tripStatus', tripId: 1, status: 'started' }, { kind: 'tripStatus', tripId: 1, status: 'completed' }),
    );
    expect(view.trips.map((trip) => [trip.id, trip.status, trip.pending])).toEqual([
      [1, 'completed', true],
      [2, 'started', false],
    ]);
  });

  it('keeps the order of the day and leaves the stored copy as it was', () => {
    const copy = stored();
    const before = JSON.stringify(copy);
    const view = dayView(copy, queueOf({ kind: 'tripStatus', tripId: 2, status: 'completed' }));
    expect(view.trips.map((trip) => trip.id)).toEqual([1, 2]);
    expect(JSON.stringify(copy)).toBe(before);
  });

  it('applies a status only along the transitions: a complete after a refused start is not shown', () => {
    const queue = queueOf({ kind: 'tripStatus', tripId: 1, status: 'started' }, { kind: 'tripStatus', tripId: 1, status: 'completed' });
    const refused: QueuedAction[] = [
      { ...(queue[0] as QueuedAction), failure: { status: 409, code: null, message: 'No' } },
      ...queue.slice(1),
    ];
    expect(dayView(stored(), refused).trips[0]?.status).toBe('assigned');
  });

  it('does not start a trip the office cancelled meanwhile', () => {
    const view = dayView(stored([tripOf({ id: 1, status: 'cancelled' })]), queueOf({ kind: 'tripStatus', tripId: 1, status: 'started' }));
    expect(view.trips[0]?.status).toBe('cancelled');
    expect(view.trips[0]?.pending).toBe(false);
  });

  it('shows where the car was recorded, waiting, over the last move the phone kept', () => {
    const copy = { ...stored(), moves: { '2': { placeName: 'North yard', movedAt: '2026-03-10T14:00:00.000Z' } } };
    const before = dayView(copy, []);
    expect(before.trips[1]?.lastMove).toEqual({ placeName: 'North yard', movedAt: '2026-03-10T14:00:00.000Z', pending: false });
    const after = dayView(
      copy,
      queueOf({ kind: 'movement', tripId: 2, place: { kind: 'location', id: 5, name: 'Heathrow T5' }, movedAt: at }),
    );
    expect(after.trips[1]?.lastMove).toEqual({ placeName: 'Heathrow T5', movedAt: at, pending: true });
  });

  it('ignores actions of trips not in the day and the clock', () => {
    const view = dayView(
      stored(),
      queueOf({ kind: 'tripStatus', tripId: 99, status: 'started' }, { kind: 'clockIn', day: '2026-03-10', at }),
    );
    expect(view.trips.every((trip) => !trip.pending)).toBe(true);
  });
});

describe('the stored copy', () => {
  it('takes a fresh answer and keeps the moves of the trips still in it', () => {
    const previous = { ...stored(), moves: { '1': { placeName: 'A', movedAt: at }, '9': { placeName: 'B', movedAt: at } } };
    const fresh = withFresh(previous, dayOf([tripOf({ id: 1 })]), '2026-03-10T16:00:00.000Z');
    expect(fresh.moves).toEqual({ '1': { placeName: 'A', movedAt: at } });
    expect(fresh.savedAt).toBe('2026-03-10T16:00:00.000Z');
    expect(withFresh(null, dayOf([]), at).moves).toEqual({});
  });

  it('writes in what the API answered to a sent action', () => {
    const started = withSent(stored(), { kind: 'tripStatus', tripId: 1, status: 'started' }, { status: 'started' });
    expect(started.day.trips[0]?.status).toBe('started');
    const moved = withSent(
      stored(),
      { kind: 'movement', tripId: 2, place: { kind: 'yard', id: 3, name: 'North' }, movedAt: at },
      { place_name: 'North yard', moved_at: at },
    );
    expect(moved.moves).toEqual({ '2': { placeName: 'North yard', movedAt: at } });
    const elsewhere = withSent(stored(), { kind: 'movement', tripId: 99, place: { kind: 'yard', id: 3, name: 'North' }, movedAt: at }, {});
    expect(elsewhere.moves).toEqual({});
  });
});

describe('the clock', () => {
  const record = (overrides: Partial<Attendance> = {}): Attendance => ({
    id: 42,
    driver_id: 4,
    driver_name: 'Arun Prakash',
    day: '2026-03-10',
    start_at: '2026-03-10T07:58:00.000Z',
    end_at: null,
    worked_minutes: 0,
    hours: 0,
    attendance_status: 'present',
    paid_status: 'unpaid',
    payout_id: null,
    notes: null,
    created_at: at,
    updated_at: at,
    ...overrides,
  });

  it('offers clock in on a day without a record, and shows a queued clock-in at once', () => {
    const empty = clockView(null, '2026-03-10', []);
    expect(clockAction(empty)).toBe('clockIn');
    const queued = clockView(null, '2026-03-10', queueOf({ kind: 'clockIn', day: '2026-03-10', at }));
    expect(queued).toMatchObject({ startAt: at, endAt: null, pending: true });
    expect(clockAction(queued)).toBe('clockOut');
  });

  it('applies a queued clock-out over the stored clock-in, and then offers nothing', () => {
    const view = clockView(
      { day: '2026-03-10', record: record(), savedAt: at },
      '2026-03-10',
      queueOf({ kind: 'clockOut', day: '2026-03-10', at, attendanceId: 42 }),
    );
    expect(view).toMatchObject({ id: 42, startAt: '2026-03-10T07:58:00.000Z', endAt: at, pending: true });
    expect(clockAction(view)).toBeNull();
  });

  it('reads another day’s copy as no record, and offers nothing on a day of leave', () => {
    expect(clockView({ day: '2026-03-09', record: record(), savedAt: at }, '2026-03-10', []).startAt).toBeNull();
    const leave = clockView(
      { day: '2026-03-10', record: record({ attendance_status: 'leave', start_at: null }), savedAt: at },
      '2026-03-10',
      [...queueOf({ kind: 'clockIn', day: '2026-03-10', at })],
    );
    expect(leave.startAt).toBeNull();
    expect(clockAction(leave)).toBeNull();
  });
});
