/**
 * Trips' and attendance's value lists, without zod (the screens use them; DOMAIN.md "Drivers and trips").
 */

/** `in`: terminal to yard; `out`: yard to terminal; `shuttle`: a park-and-ride run. */
export const tripTypes = ['in', 'out', 'shuttle'] as const;
export type TripType = (typeof tripTypes)[number];

export const tripStatuses = ['scheduled', 'assigned', 'started', 'completed', 'cancelled'] as const;
export type TripStatus = (typeof tripStatuses)[number];

/**
 * The moves a driver or an admin may make (`trips/status/update`): forward only. `assigned` comes with a
 * driver and `scheduled` again without one (un-assigning). Admins may also correct any status, backwards
 * included, with a reason (`trips/status/update/admin`).
 */
export const tripTransitions: Record<TripStatus, readonly TripStatus[]> = {
  scheduled: ['assigned', 'cancelled'],
  assigned: ['scheduled', 'started', 'cancelled'],
  started: ['completed'],
  completed: [],
  cancelled: [],
};

/**
 * Why a trip changed by itself: its booking's times changed, or its return flight is late or early (the out-trip
 * follows the estimated arrival), or its driver is no longer eligible on its day (the hourly sweep takes them
 * off; the time stays).
 */
export const tripScheduleChangeReasons = ['booking_changed', 'flight_delayed', 'flight_early', 'driver_not_eligible'] as const;
export type TripScheduleChangeReason = (typeof tripScheduleChangeReasons)[number];

export const attendanceStatuses = ['present', 'absent', 'leave'] as const;
export type AttendanceStatus = (typeof attendanceStatuses)[number];

export const paidStatuses = ['unpaid', 'paid'] as const;
export type PaidStatus = (typeof paidStatuses)[number];

/** A payout is computed as a `draft` (a preview that can be deleted) and `approved` once (it then pays its rows). */
export const payoutStatuses = ['draft', 'approved'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

/** A tracked return flight: `delayed` when its estimated arrival is later than scheduled. */
export const flightStatuses = ['scheduled', 'delayed', 'landed', 'cancelled'] as const;
export type FlightStatus = (typeof flightStatuses)[number];
