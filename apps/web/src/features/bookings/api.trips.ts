import { driverEndpoints, type EndpointBodyInput, yardEndpoints } from '@ps/contracts';
import { MAX_PAGE_SIZE } from '@ps/contracts/common/pagination';
import { tripEndpoints } from '@ps/contracts/trips.endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';
import { bookingKeys } from './keys';

// The booking's trips and its car's path.

/** The booking's trips, earliest first, with their places' and driver's names (`GET /api/trips/list?booking_id=`). */
export function useBookingTrips(bookingId: number, enabled: boolean) {
  return useQuery({
    queryKey: bookingKeys.trips(bookingId),
    enabled,
    queryFn: async ({ signal }) =>
      (await callEndpoint(tripEndpoints.list, { query: { booking_id: bookingId, page_size: MAX_PAGE_SIZE, sort: 'scheduled_at' }, signal }))
        .data,
  });
}

/** One trip with its schedule changes (old and new time, why, a driver taken off) and its history. */
export function useTripDetail(bookingId: number, tripId: number) {
  return useQuery({
    queryKey: [...bookingKeys.trips(bookingId), tripId],
    queryFn: async ({ signal }) => (await callEndpoint(tripEndpoints.get, { params: { id: tripId }, signal })).data,
  });
}

/** Where the booking's car has been, in the order it moved (`GET /api/trips/movement/list?booking_id=`). */
export function useCarPath(bookingId: number, enabled: boolean) {
  return useQuery({
    queryKey: bookingKeys.path(bookingId),
    enabled,
    queryFn: async ({ signal }) => (await callEndpoint(tripEndpoints.movements, { query: { booking_id: bookingId }, signal })).data,
  });
}

/** POST /api/trips/movement; its refusals are the form's to show (silent here). The path, trips and trail follow. */
export function useRecordMovement(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBodyInput<typeof tripEndpoints.addMovement>) =>
      callEndpoint(tripEndpoints.addMovement, { body }).then((r) => r.data),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: bookingKeys.trips(bookingId) });
      void queryClient.invalidateQueries({ queryKey: bookingKeys.audit(bookingId) });
      return queryClient.invalidateQueries({ queryKey: bookingKeys.path(bookingId) });
    },
    meta: { silent: true },
  });
}

/** The company's yards, inactive ones too (the trail names them); the form offers the active ones. */
export function useYards(enabled: boolean) {
  return useQuery({
    queryKey: bookingKeys.choice('yards'),
    enabled,
    queryFn: async ({ signal }) =>
      (await callEndpoint(yardEndpoints.list, { query: { page_size: MAX_PAGE_SIZE, sort: 'name' }, signal })).data,
  });
}

/** Drivers' names by id, for the trail's trip entries (only read when one names a driver the trips do not). */
export function useDriverNames(enabled: boolean) {
  return useQuery({
    queryKey: bookingKeys.choice('drivers'),
    enabled,
    meta: { silent: true },
    queryFn: async ({ signal }) => {
      const drivers = (await callEndpoint(driverEndpoints.list, { query: { page_size: MAX_PAGE_SIZE }, signal })).data;
      return new Map(drivers.map((driver) => [driver.id, `${driver.first_name} ${driver.last_name}`]));
    },
  });
}
