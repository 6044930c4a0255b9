import { bookingEndpoints } from '@ps/contracts/bookings.endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';
import { bookingKeys } from './keys';

// Versions of the booking and their restore.

/** GET /api/booking/versions/{id}: the booking after each audited change, newest first. */
export function useBookingVersions(bookingId: number) {
  return useQuery({
    queryKey: bookingKeys.versions(bookingId),
    queryFn: async ({ signal }) => (await callEndpoint(bookingEndpoints.versions, { params: { id: bookingId }, signal })).data,
  });
}

/** GET /api/booking/restore/preview/{id}: each field now and restored, the price before and after (the dialog shows its error). */
export function useRestorePreview(bookingId: number, auditId: number | null) {
  return useQuery({
    queryKey: [...bookingKeys.versions(bookingId), 'preview', auditId],
    enabled: auditId !== null,
    retry: false,
    staleTime: 0,
    gcTime: 0,
    queryFn: async ({ signal }) =>
      (await callEndpoint(bookingEndpoints.restorePreview, { params: { id: bookingId }, query: { audit_id: auditId }, signal })).data,
    meta: { silent: true },
  });
}

/** POST /api/booking/restore/{id}: the version's fields through the edit; the page reads the booking again. */
export function useRestoreVersion(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (auditId: number) =>
      (await callEndpoint(bookingEndpoints.restore, { params: { id: bookingId }, body: { audit_id: auditId } })).data,
    onSuccess: (row) => {
      queryClient.setQueryData(bookingKeys.detail(bookingId), row);
      void queryClient.invalidateQueries(bookingKeys.belongingTo(bookingId));
      return queryClient.invalidateQueries({ queryKey: bookingKeys.lists() });
    },
    meta: { silent: true },
  });
}
