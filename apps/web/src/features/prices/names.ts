import type { LocationPrice } from '@ps/contracts';

/** "Long Stay" for a car park's own route, "Terminal 5 → Long Stay" otherwise. */
export const routeName = (price: Pick<LocationPrice, 'departure_id' | 'arrival_id' | 'departure_name' | 'arrival_name'>) =>
  price.departure_id === price.arrival_id ? price.departure_name : `${price.departure_name} → ${price.arrival_name}`;
