import { describe, expect, it } from 'vitest';
import { shuttleOrderProblems } from './shuttles';

const stay = {
  departure_at: '2027-03-10T08:00:00.000Z',
  shuttle_out_at: '2027-03-10T08:20:00.000Z',
  shuttle_back_at: '2027-03-20T17:40:00.000Z',
  arrival_at: '2027-03-20T18:00:00.000Z',
};

describe('the shuttles of a park-and-ride stay', () => {
  it('accepts shuttles inside the stay, including at its very ends', () => {
    expect(shuttleOrderProblems(stay)).toEqual({});
    expect(shuttleOrderProblems({ ...stay, shuttle_out_at: stay.departure_at, shuttle_back_at: stay.arrival_at })).toEqual({});
  });

  it('says which shuttle is out of order and why', () => {
    expect(shuttleOrderProblems({ ...stay, shuttle_out_at: '2027-03-10T07:59:00.000Z' })).toEqual({
      shuttle_out_at: 'bookings.parkRide.errors.outBeforeDropOff',
    });
    expect(shuttleOrderProblems({ ...stay, shuttle_back_at: stay.shuttle_out_at })).toEqual({
      shuttle_back_at: 'bookings.parkRide.errors.backBeforeOut',
    });
    expect(shuttleOrderProblems({ ...stay, shuttle_back_at: '2027-03-20T18:01:00.000Z' })).toEqual({
      shuttle_back_at: 'bookings.parkRide.errors.backAfterPickUp',
    });
  });

  it('compares instants, not wall-clock text (London 01:30 BST comes before 01:10 GMT on the night the clocks go back)', () => {
    expect(
      shuttleOrderProblems({
        departure_at: '2026-10-25T00:00:00.000Z',
        shuttle_out_at: '2026-10-25T00:30:00.000Z',
        shuttle_back_at: '2026-10-25T01:10:00.000Z',
        arrival_at: '2026-10-25T02:00:00.000Z',
      }),
    ).toEqual({});
  });

  it('leaves a missing time to the required-field check', () => {
    expect(shuttleOrderProblems({ ...stay, shuttle_out_at: null, shuttle_back_at: undefined })).toEqual({});
    expect(shuttleOrderProblems({ ...stay, departure_at: undefined })).toEqual({});
  });
});
