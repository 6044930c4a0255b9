import { bookingServiceEndpoints } from '@ps/contracts/bookings.endpoints';
import { MAX_PAGE_SIZE } from '@ps/contracts/common/pagination';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';
import { bookingKeys } from './keys';

// The booking's additional services: its lines, each change re-reads the booking's totals.

export function useBookingServices(bookingId: number) {
  return useQuery({
    queryKey: bookingKeys.services(bookingId),
    queryFn: async ({ signal }) =>
      (
        await callEndpoint(bookingServiceEndpoints.list, {
          query: { booking_id: bookingId, page_size: MAX_PAGE_SIZE, sort: 'name' },
          signal,
        })
      ).data,
  });
}

/** Adding, changing or removing a service changes the booking's totals: both are fetched again. */
function useServiceMutation<Input>(bookingId: number, call: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: bookingKeys.lists() });
      return queryClient.invalidateQueries({ queryKey: bookingKeys.detail(bookingId) });
    },
  });
}

export function useAddService(bookingId: number) {
  return useServiceMutation(bookingId, (additionalServiceId: number) =>
    callEndpoint(bookingServiceEndpoints.add, {
      body: { booking_id: bookingId, additional_service_id: additionalServiceId, quantity: 1 },
    }),
  );
}

export function useSetServiceQuantity(bookingId: number) {
  return useServiceMutation(bookingId, ({ id, quantity }: { id: number; quantity: number }) =>
    callEndpoint(bookingServiceEndpoints.update, { params: { id }, body: { quantity } }),
  );
}

export function useRemoveService(bookingId: number) {
  return useServiceMutation(bookingId, (id: number) => callEndpoint(bookingServiceEndpoints.delete, { params: { id } }));
}
