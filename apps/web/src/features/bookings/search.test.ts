import { describe, expect, it } from 'vitest';
import { parseStatuses, validateBookingListSearch, validateBookingPrefill } from './search';

describe('the bookings list URL', () => {
  it('keeps known filters and drops malformed ones instead of failing the page', () => {
    expect(
      validateBookingListSearch({
        status: 'parked,nonsense,confirmed,parked',
        airport_id: '7',
        car_park_id: '-2',
        channel: 'fax',
        date_field: 'arrival',
        from: '2027-03-01',
        to: 'soon',
        sort: '-departure_at',
        search: 123,
      }),
    ).toEqual({
      page: undefined,
      page_size: undefined,
      sort: '-departure_at',
      search: '123',
      // Each status once, in the lifecycle's order.
      status: 'confirmed,parked',
      airport_id: 7,
      car_park_id: undefined,
      channel: undefined,
      date_field: 'arrival',
      from: '2027-03-01',
      to: undefined,
    });
  });

  it('leaves the defaults out of the URL', () => {
    const search = validateBookingListSearch({ status: '', date_field: 'departure', sort: 'password' });
    expect(search.status).toBeUndefined();
    expect(search.date_field).toBeUndefined();
    expect(search.sort).toBeUndefined();
    expect(parseStatuses(undefined)).toEqual([]);
  });
});

describe('a new booking started from a quote', () => {
  it('reads the quote inputs', () => {
    expect(
      validateBookingPrefill({
        airport_id: 3,
        departure_id: '4',
        arrival_id: '4',
        departure_date: '2027-03-10',
        arrival_date: '2027-03-20',
        package_id: '9',
        service_ids: '5, 6,x,5',
        voucher_code: ' spring10 ',
      }),
    ).toEqual({
      airport_id: 3,
      departure_id: 4,
      arrival_id: 4,
      departure_date: '2027-03-10',
      arrival_date: '2027-03-20',
      package_id: 9,
      service_ids: [5, 6],
      voucher_code: 'spring10',
    });
  });

  it('starts empty from nothing or from rubbish', () => {
    expect(validateBookingPrefill({ airport_id: 'LHR', departure_date: '10/03/2027', service_ids: '' })).toEqual({
      airport_id: undefined,
      departure_id: undefined,
      arrival_id: undefined,
      departure_date: undefined,
      arrival_date: undefined,
      package_id: undefined,
      service_ids: undefined,
      voucher_code: undefined,
    });
  });
});
