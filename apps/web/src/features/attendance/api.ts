import { type AttendanceCreate, type AttendanceStatus, type AttendanceUpdate, attendanceEndpoints, type PaidStatus } from '@ps/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';

/** Query keys: every attendance query starts with `attendance`, so one change refreshes days and sums together. */
const keys = {
  all: ['attendance'] as const,
  month: (driverId: number, from: string, to: string) => ['attendance', 'list', { driverId, from, to }] as const,
  paid: (driverId: number, from: string, to: string) => ['attendance', 'paid', { driverId, from, to }] as const,
};

/** A month holds at most 31 days: one page of the list, oldest first. */
export function useAttendanceDays(driverId: number, from: string, to: string) {
  return useQuery({
    queryKey: keys.month(driverId, from, to),
    queryFn: ({ signal }) =>
      callEndpoint(attendanceEndpoints.list, {
        query: { driver_id: driverId, from, to, sort: 'day', page_size: 100 },
        signal,
      }).then((r) => r.data),
  });
}

/** The driver's paid and unpaid hours and amounts of the days from `from` to `to` (asked only when `enabled`). */
export function usePaidDetails(driverId: number, from: string, to: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.paid(driverId, from, to),
    enabled,
    queryFn: ({ signal }) =>
      callEndpoint(attendanceEndpoints.paidDetails, { query: { driver_id: driverId, from, to }, signal }).then((r) => r.data[0] ?? null),
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: keys.all });
}

/** Adds a day; the form shows a refusal beside its fields, so the call is silent. */
export function useAddDay() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: AttendanceCreate) => callEndpoint(attendanceEndpoints.add, { body }).then((r) => r.data),
    onSuccess: refresh,
    meta: { silent: true },
  });
}

export function useUpdateDay() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AttendanceUpdate }) =>
      callEndpoint(attendanceEndpoints.update, { params: { id }, body }).then((r) => r.data),
    onSuccess: refresh,
    meta: { silent: true },
  });
}

/** The status changes and the delete are toasted by the query client when refused (a paid day, say). */
export function useSetAttendanceStatus() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, attendance_status }: { id: number; attendance_status: AttendanceStatus }) =>
      callEndpoint(attendanceEndpoints.updateAttendanceStatus, { params: { id }, body: { attendance_status } }).then((r) => r.data),
    onSuccess: refresh,
  });
}

export function useSetPaidStatus() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, paid_status }: { id: number; paid_status: PaidStatus }) =>
      callEndpoint(attendanceEndpoints.updatePaidStatus, { params: { id }, body: { paid_status } }).then((r) => r.data),
    onSuccess: refresh,
  });
}

export function useDeleteDay() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(attendanceEndpoints.delete, { params: { id } }),
    onSuccess: refresh,
  });
}
