import type { MyDay, MyDayTrip } from '@ps/contracts/myDay';
import type { KeyValueStore } from './storage';

/** Shapes the unit tests of this folder share: a trip, a day, and local storage as a map. */

export function tripOf(overrides: Partial<MyDayTrip> = {}): MyDayTrip {
  return {
    id: 1,
    type: 'out',
    status: 'assigned',
    scheduled_at: '2026-03-10T18:30:00.000Z',
    booking_id: 10,
    booking_reference: 'PS-1001',
    booking_status: 'parked',
    customer_name: 'Priya Raman',
    customer_phone: '+44 7700 900123',
    passengers: 2,
    vehicle_reg: 'AB12 CDE',
    vehicle_make: 'Volvo',
    vehicle_model: 'XC60',
    vehicle_colour: 'Blue',
    flight: 'EK001',
    flight_status: 'delayed',
    flight_estimated_arrival: '2026-03-10T18:40:00.000Z',
    from: { kind: 'yard', id: 3, name: 'North yard', address: '1 Bath Road, Hounslow', latitude: null, longitude: null },
    to: { kind: 'location', id: 5, name: 'Heathrow T5', address: 'Wallis Road', latitude: 51.47, longitude: -0.4877 },
    car_position_name: 'Bay C3',
    car_place_name: 'North yard',
    car_key_location: 'Box 2 hook 4',
    notes: null,
    ...overrides,
  };
}

export function dayOf(trips: MyDayTrip[], overrides: Partial<MyDay> = {}): MyDay {
  return {
    date: '2026-03-10',
    time_zone: 'Europe/London',
    driver_id: 4,
    driver_name: 'Arun Prakash',
    trips,
    generated_at: '2026-03-10T14:05:00.000Z',
    ...overrides,
  };
}

export function memoryStore(): KeyValueStore & { map: Map<string, string>; clear: () => void } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => {
      map.set(key, value);
    },
    removeItem: (key) => {
      map.delete(key);
    },
    key: (index) => [...map.keys()][index] ?? null,
    clear: () => {
      map.clear();
    },
    get length() {
      return map.size;
    },
  };
}
