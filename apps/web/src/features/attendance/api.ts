import type { Attendance, AttendanceCreate, AttendanceStatus, AttendanceUpdate, PaidDetails, PaidStatus } from '@ps/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';

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
      apiRequest<Attendance[]>('/attendance/list', {
        query: { driver_id: driverId, from, to, sort: 'day', page_size: 100 },
        signal,
      }).then((r) => r.data),
  });
}

/** The driver's paid and unpaid hours and amounts of the days from `from` to `to`. */
export function usePaidDetails(driverId: number, from: string, to: string) {
  return useQuery({
    queryKey: keys.paid(driverId, from, to),
    queryFn: ({ signal }) =>
      apiRequest<PaidDetails[]>('/attendance/get/paid_details/list', { query: { driver_id: driverId, from, to }, signal }).then(
        (r) => r.data[0] ?? null,
      ),
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
    mutationFn: (body: AttendanceCreate) => apiRequest<Attendance>('/attendance/add', { method: 'POST', body }).then((r) => r.data),
    onSuccess: refresh,
    meta: { silent: true },
  });
}

export function useUpdateDay() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AttendanceUpdate }) =>
      apiRequest<Attendance>(`/attendance/update/${id}`, { method: 'PATCH', body }).then((r) => r.data),
    onSuccess: refresh,
    meta: { silent: true },
  });
}

/** The status changes and the delete are toasted by the query client when refused (a paid day, say). */
export function useSetAttendanceStatus() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, attendance_status }: { id: number; attendance_status: AttendanceStatus }) =>
      apiRequest<Attendance>(`/attendance/update/attendance_status/${id}`, { method: 'PATCH', body: { attendance_status } }).then(
        (r) => r.data,
      ),
    onSuccess: refresh,
  });
}

export function useSetPaidStatus() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, paid_status }: { id: number; paid_status: PaidStatus }) =>
      apiRequest<Attendance>(`/attendance/update/paid_status/${id}`, { method: 'PATCH', body: { paid_status } }).then((r) => r.data),
    onSuccess: refresh,
  });
}

export function useDeleteDay() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => apiRequest<unknown>(`/attendance/delete/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
