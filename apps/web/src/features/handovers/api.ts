import type { Booking } from '@ps/contracts';
import { MAX_PAGE_SIZE } from '@ps/contracts/common/pagination';
import { type HandoverCreateInput, handoverEndpoints, type RelocationCreate } from '@ps/contracts/handovers';
import { positionEndpoints } from '@ps/contracts/positions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';
import { queryKeys } from '../../lib/resource';
import { dataUrlOf } from './photos';

/**
 * The keys this feature reads under. A booking's handovers and moves sit under the booking's own detail key
 * (`['bookings', 'detail', id, ...]`, the bookings feature's shape): whatever refreshes the booking page refreshes
 * them, and recording one refreshes the booking, its history and its trips with a single invalidation.
 */
const bookings = queryKeys('bookings');
const positions = queryKeys('positions');
export const handoverKeys = {
  booking: (bookingId: number) => bookings.detail(bookingId),
  handovers: (bookingId: number) => [...bookings.detail(bookingId), 'handovers'] as const,
  relocations: (bookingId: number) => [...bookings.detail(bookingId), 'relocations'] as const,
  /** Under the positions' lists: adding or changing a position on its screen refreshes the choice here. */
  activePositions: () => [...positions.lists(), 'active-for-handover'] as const,
  file: (fileId: number) => ['handovers', 'file', fileId] as const,
};

/**
 * The booking the screen hands over (the same cache entry the booking page reads), through the handovers' own read: a
 * driver, who cannot read bookings, reaches the bookings of their own trips there.
 */
export function useBooking(bookingId: number) {
  return useQuery({
    queryKey: handoverKeys.booking(bookingId),
    queryFn: async ({ signal }): Promise<Booking> =>
      (await callEndpoint(handoverEndpoints.booking, { params: { id: bookingId }, signal })).data,
    enabled: Number.isInteger(bookingId) && bookingId > 0,
    // Read again on each visit: its status decides which handover the screen records.
    refetchOnMount: 'always',
    // A missing booking is said on the page itself.
    meta: { silent: true },
  });
}

export function useHandovers(bookingId: number, enabled = true) {
  return useQuery({
    queryKey: handoverKeys.handovers(bookingId),
    queryFn: async ({ signal }) => (await callEndpoint(handoverEndpoints.list, { query: { booking_id: bookingId }, signal })).data,
    enabled,
  });
}

export function useRelocations(bookingId: number, enabled = true) {
  return useQuery({
    queryKey: handoverKeys.relocations(bookingId),
    queryFn: async ({ signal }) => (await callEndpoint(handoverEndpoints.relocations, { query: { booking_id: bookingId }, signal })).data,
    enabled,
  });
}

/** The company's active positions, every one (a yard has tens, not thousands), by place and then by name. */
export function useActivePositions(enabled = true) {
  return useQuery({
    queryKey: handoverKeys.activePositions(),
    queryFn: async ({ signal }) =>
      (await callEndpoint(positionEndpoints.list, { query: { status: '1', page_size: MAX_PAGE_SIZE, sort: 'name' }, signal })).data,
    enabled,
  });
}

/**
 * A photo or signature of a handover, read with the session as a Blob (an <img src> cannot carry the token) and shown
 * as a data: URL (photos.ts, dataUrlOf: the Content-Security-Policy allows those, not blob: URLs).
 */
export function useHandoverImage(fileId: number) {
  return useQuery({
    queryKey: handoverKeys.file(fileId),
    queryFn: async ({ signal }) => {
      const { data } = await callEndpoint(handoverEndpoints.file, { params: { id: fileId }, blob: true, signal });
      if (!(data instanceof Blob)) throw new Error('The image did not come as a file');
      return dataUrlOf(data);
    },
    // A stored image never changes.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
  });
}

/** What a handover or a move changes: the booking and all it shows, the lists, the dashboard's boards. */
function useRefreshBooking(bookingId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: handoverKeys.booking(bookingId) }),
      queryClient.invalidateQueries({ queryKey: bookings.lists() }),
      queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    ]);
}

/**
 * POST /api/handover/add with the screen's Idempotency-Key: a double tap, or a retry after a lost answer, records
 * one handover. Silent: the screen puts the API's field errors beside their fields.
 */
export function useAddHandover(bookingId: number) {
  const refresh = useRefreshBooking(bookingId);
  return useMutation({
    mutationFn: async ({ body, idempotencyKey }: { body: HandoverCreateInput; idempotencyKey: string }) =>
      (await callEndpoint(handoverEndpoints.add, { body, headers: { 'Idempotency-Key': idempotencyKey } })).data,
    // Not awaited: the screen goes on to the booking page at once, which reads the booking again anyway.
    onSuccess: () => {
      void refresh();
    },
    meta: { silent: true },
  });
}

/** PATCH /api/handover/undo/{id}: its author, within its window (the API refuses otherwise, and says why). */
export function useUndoHandover(bookingId: number) {
  const refresh = useRefreshBooking(bookingId);
  return useMutation({
    mutationFn: async (handoverId: number) => (await callEndpoint(handoverEndpoints.undo, { params: { id: handoverId } })).data,
    onSettled: () => refresh(),
  });
}

/** The undo as a plain call, for the toast's button (it outlives the screen that made it). */
export async function undoHandover(handoverId: number) {
  return (await callEndpoint(handoverEndpoints.undo, { params: { id: handoverId } })).data;
}

/** POST /api/handover/relocate. Silent: the dialog shows field errors beside their fields. */
export function useRelocate(bookingId: number) {
  const refresh = useRefreshBooking(bookingId);
  return useMutation({
    mutationFn: async (body: Omit<RelocationCreate, 'booking_id'>) =>
      (await callEndpoint(handoverEndpoints.relocate, { body: { booking_id: bookingId, ...body } })).data,
    onSuccess: () => refresh(),
    meta: { silent: true },
  });
}
