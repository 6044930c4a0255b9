// Park and ride's shuttles: out to the terminal at or after the car is dropped off, back after that and no later
// than the car is picked up. The contract checks the same order but says it with the generic "end before start";
// the form says which shuttle is wrong and why.

/** The stay's instants as the API takes them (ISO 8601); a missing or unreadable one is not checked. */
export interface ShuttleStay {
  departure_at?: unknown;
  arrival_at?: unknown;
  shuttle_out_at?: unknown;
  shuttle_back_at?: unknown;
}

/** What is wrong with each shuttle, as a message key of this feature. */
export interface ShuttleProblems {
  shuttle_out_at?: string;
  shuttle_back_at?: string;
}

const instant = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : Number.NaN);

/** Compared as instants, so a clock change between two wall-clock times cannot fool it. */
export function shuttleOrderProblems(stay: ShuttleStay): ShuttleProblems {
  const dropOff = instant(stay.departure_at);
  const out = instant(stay.shuttle_out_at);
  const back = instant(stay.shuttle_back_at);
  const pickUp = instant(stay.arrival_at);
  const problems: ShuttleProblems = {};
  if (out < dropOff) problems.shuttle_out_at = 'bookings.parkRide.errors.outBeforeDropOff';
  if (back <= out) problems.shuttle_back_at = 'bookings.parkRide.errors.backBeforeOut';
  else if (back > pickUp) problems.shuttle_back_at = 'bookings.parkRide.errors.backAfterPickUp';
  return problems;
}
