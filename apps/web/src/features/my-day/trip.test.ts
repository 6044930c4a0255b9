import { describe, expect, it } from 'vitest';
import { tripOf } from './testing';
import {
  addDays,
  carLine,
  fetchFrom,
  flightNews,
  handoverDue,
  isDay,
  mapLink,
  movementPlaces,
  telLink,
  tripActions,
  tripTask,
} from './trip';

describe('a trip in a driver’s terms', () => {
  it('says what to do and where', () => {
    expect(tripTask(tripOf({ type: 'in', from: tripOf().to }))).toEqual({ key: 'collect', place: 'Heathrow T5' });
    expect(tripTask(tripOf({ type: 'out' }))).toEqual({ key: 'return', place: 'Heathrow T5' });
    expect(tripTask(tripOf({ type: 'shuttle' }))).toEqual({ key: 'shuttle', place: null });
    expect(tripTask(tripOf({ type: 'out', to: null }))).toEqual({ key: 'return', place: null });
  });

  it('links to a map by coordinates, else by address, else not at all', () => {
    expect(mapLink(tripOf().to)).toBe('https://www.google.com/maps/search/?api=1&query=51.47%2C-0.4877');
    expect(mapLink(tripOf().from)).toBe('https://www.google.com/maps/search/?api=1&query=1%20Bath%20Road%2C%20Hounslow');
    expect(mapLink({ address: '  ', latitude: null, longitude: null })).toBeNull();
    expect(mapLink(null)).toBeNull();
  });

  it('dials the number as written, without its spaces', () => {
    expect(telLink('+44 7700 900123')).toBe('tel:+447700900123');
    expect(telLink('07700 900-123')).toBe('tel:07700900123');
    expect(telLink('n/a')).toBeNull();
    expect(telLink(null)).toBeNull();
  });

  it('gives the flight’s news with its time', () => {
    expect(flightNews(tripOf())).toEqual({ key: 'delayed', at: '2026-03-10T18:40:00.000Z' });
    expect(flightNews(tripOf({ flight_status: 'landed' }))).toEqual({ key: 'landed', at: '2026-03-10T18:40:00.000Z' });
    expect(flightNews(tripOf({ flight_status: 'cancelled' }))).toEqual({ key: 'cancelled', at: null });
    expect(flightNews(tripOf({ flight_status: 'scheduled' }))).toEqual({ key: 'expected', at: '2026-03-10T18:40:00.000Z' });
    expect(flightNews(tripOf({ flight_status: 'scheduled', flight_estimated_arrival: null }))).toBeNull();
    expect(flightNews(tripOf({ flight_status: null, flight_estimated_arrival: null }))).toBeNull();
  });

  it('says where to fetch the car and its key', () => {
    expect(fetchFrom(tripOf())).toEqual({ where: 'Bay C3, North yard', key: 'Box 2 hook 4' });
    expect(fetchFrom(tripOf({ car_position_name: null, car_place_name: null }))).toEqual({ where: null, key: 'Box 2 hook 4' });
    expect(fetchFrom(tripOf({ car_position_name: null, car_place_name: null, car_key_location: ' ' }))).toBeNull();
  });

  it('names the car in one line', () => {
    expect(carLine(tripOf())).toBe('AB12 CDE · Blue Volvo XC60');
    expect(carLine(tripOf({ vehicle_colour: null, vehicle_make: null, vehicle_model: null }))).toBe('AB12 CDE');
    expect(carLine(tripOf({ vehicle_reg: null, vehicle_colour: null, vehicle_make: null, vehicle_model: null }))).toBeNull();
  });
});

describe('what the driver may do', () => {
  it('starts an assigned trip, completes a started one, records the car while it is theirs', () => {
    expect(tripActions(tripOf({ status: 'assigned' }))).toEqual({ start: true, complete: false, move: false });
    expect(tripActions(tripOf({ status: 'started' }))).toEqual({ start: false, complete: true, move: true });
    expect(tripActions(tripOf({ status: 'completed' }))).toEqual({ start: false, complete: false, move: true });
    expect(tripActions(tripOf({ status: 'cancelled' }))).toEqual({ start: false, complete: false, move: false });
    expect(tripActions(tripOf({ status: 'started', from: null, to: null })).move).toBe(false);
  });

  it('offers each end of the trip once as where the car is', () => {
    expect(movementPlaces(tripOf()).map((place) => place.name)).toEqual(['North yard', 'Heathrow T5']);
    expect(movementPlaces(tripOf({ to: tripOf().from })).map((place) => place.name)).toEqual(['North yard']);
  });

  it('hands over at the terminal: a collected car is checked in, a car brought back out once the trip is started', () => {
    expect(handoverDue(tripOf({ type: 'in', booking_status: 'confirmed', status: 'assigned' }))).toBe('check_in');
    expect(handoverDue(tripOf({ type: 'out', booking_status: 'parked', status: 'started' }))).toBe('check_out');
    expect(handoverDue(tripOf({ type: 'out', booking_status: 'checked_in', status: 'started' }))).toBe('check_out');
    expect(handoverDue(tripOf({ type: 'out', booking_status: 'parked', status: 'assigned' }))).toBeNull();
    expect(handoverDue(tripOf({ type: 'out', booking_status: 'checked_out', status: 'started' }))).toBeNull();
    expect(handoverDue(tripOf({ type: 'in', booking_status: 'confirmed', status: 'completed' }))).toBeNull();
    expect(handoverDue(tripOf({ type: 'shuttle', booking_id: null, booking_status: null }))).toBeNull();
  });
});

describe('days', () => {
  it('steps over months and years and knows a real day', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('today')).toBe(false);
  });
});
