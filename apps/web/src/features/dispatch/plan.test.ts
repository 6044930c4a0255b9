import type { Driver, Trip } from '@ps/contracts';
import { dayIn } from '@ps/contracts/common/zonedTime';
import { describe, expect, it } from 'vitest';
import { busyWith, dayCounts, driverChoices, filterTrips, groupByHour } from './plan';
import { addDays, clockIn, isDay, timeOnDay } from './time';

const trip = (id: number, at: string, overrides: Partial<Trip> = {}): Trip => ({
  id,
  company_id: 1,
  type: 'out',
  status: 'scheduled',
  scheduled_at: at,
  booking_id: id,
  booking_reference: `PS-${id}`,
  customer_name: 'Ada',
  customer_phone: null,
  vehicle_reg: 'AB12 CDE',
  vehicle_make: null,
  vehicle_model: null,
  vehicle_colour: null,
  flight: null,
  from_location_id: null,
  from_yard_id: 1,
  from_name: 'Yard',
  to_location_id: 2,
  to_yard_id: null,
  to_name: 'T5',
  driver_id: null,
  driver_name: null,
  partner_company_id: null,
  partner_company_name: null,
  driver_fee: 1200,
  notes: null,
  payout_id: null,
  driver_taken_off: null,
  car_request: null,
  created_at: at,
  updated_at: at,
  ...overrides,
});

const driver = (id: number, first: string, eligible = true): Driver => ({
  id,
  company_id: 1,
  user_id: id,
  first_name: first,
  last_name: 'Raj',
  email: null,
  phn_nbr: null,
  country_id: null,
  licence_number: null,
  licence_expiry: null,
  approve_status: 'approved',
  status: 1,
  admin_status: 1,
  price_per_hour: null,
  eligibility: eligible
    ? { eligible: true, reasons: [] }
    : { eligible: false, reasons: [{ code: 'document_missing', document_type_id: 1, document_type_name: 'Insurance', date: null }] },
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});

const warning = {
  driver_id: 7,
  driver_name: 'Kavin Raj',
  reason: 'flight_delayed' as const,
  from_at: '2026-07-01T12:00:00Z',
  to_at: '2026-07-01T14:00:00Z',
  changed_at: '2026-07-01T10:00:00Z',
};

describe('the dispatch day', () => {
  it('groups trips by hour on the company clock, those waiting for a driver first in each hour', () => {
    // 07:50 UTC is 08:50 in London in July: the 08 hour, where the waiting trip comes before the assigned one.
    const trips = [
      trip(1, '2026-07-01T07:10:00Z', { status: 'assigned', driver_id: 3 }),
      trip(2, '2026-07-01T07:50:00Z'),
      trip(3, '2026-07-01T06:59:00Z', { status: 'cancelled' }),
      trip(4, '2026-07-01T09:00:00Z', { status: 'started', driver_id: 3 }),
    ];
    const groups = groupByHour(trips, 'Europe/London');
    expect(groups.map((group) => [group.hour, group.trips.map((item) => item.id)])).toEqual([
      ['07', [3]],
      ['08', [2, 1]],
      ['10', [4]],
    ]);
    expect(groupByHour(trips, 'UTC').map((group) => group.hour)).toEqual(['06', '07', '09']);
  });

  it('counts the trips (cancelled aside), those needing a driver and the warnings, and filters to them', () => {
    const trips = [
      trip(1, '2026-07-01T07:10:00Z', { status: 'assigned', driver_id: 3 }),
      trip(2, '2026-07-01T07:50:00Z', { driver_taken_off: warning }),
      trip(3, '2026-07-01T08:00:00Z'),
      trip(4, '2026-07-01T09:00:00Z', { status: 'cancelled' }),
    ];
    expect(dayCounts(trips)).toEqual({ trips: 3, unassigned: 2, warnings: 1 });
    expect(filterTrips(trips, 'unassigned').map((item) => item.id)).toEqual([2, 3]);
    expect(filterTrips(trips, 'warnings').map((item) => item.id)).toEqual([2]);
    expect(filterTrips(trips, undefined)).toHaveLength(4);
  });

  it('finds a driver busy less than 60 minutes either side, as the API does (exactly 60 is free, cancelled ones do not count)', () => {
    const target = trip(10, '2026-07-01T12:00:00Z');
    const others = [
      trip(11, '2026-07-01T11:00:00Z', { driver_id: 5, status: 'assigned' }),
      trip(12, '2026-07-01T12:59:00Z', { driver_id: 6, status: 'assigned' }),
      trip(13, '2026-07-01T12:30:00Z', { driver_id: 7, status: 'cancelled' }),
    ];
    expect(busyWith(others, target, 5)).toBeUndefined();
    expect(busyWith(others, target, 6)?.id).toBe(12);
    expect(busyWith(others, target, 7)).toBeUndefined();
  });

  it('offers the free drivers first, then the busy ones, then those who cannot take trips; the trip’s own driver is free', () => {
    const target = trip(10, '2026-07-01T12:00:00Z', { status: 'assigned', driver_id: 2 });
    const trips = [target, trip(11, '2026-07-01T12:20:00Z', { driver_id: 3, status: 'assigned' })];
    const choices = driverChoices([driver(1, 'Kavin', false), driver(2, 'Anu'), driver(3, 'Meena'), driver(4, 'Tom')], trips, target);
    expect(choices.map((choice) => [choice.driver.first_name, choice.kind])).toEqual([
      ['Anu', 'free'],
      ['Tom', 'free'],
      ['Meena', 'busy'],
      ['Kavin', 'ineligible'],
    ]);
  });
});

describe('the company clock', () => {
  it('names days and times in the company zone, whatever the browser', () => {
    expect(dayIn('Asia/Colombo', '2026-07-01T20:00:00Z')).toBe('2026-07-02');
    expect(clockIn('Asia/Colombo', '2026-07-01T20:00:00Z')).toBe('01:30');
    expect(timeOnDay('Europe/London', '2026-07-01T20:00:00Z', '2026-07-01')).toBe('21:00');
    expect(timeOnDay('Europe/London', '2026-07-01T23:30:00Z', '2026-07-01')).toBe('2 Jul, 00:30');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('2026-02-28')).toBe(true);
  });
});
