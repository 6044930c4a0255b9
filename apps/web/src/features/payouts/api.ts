import { type PayoutApproveManyInput, type PayoutCreateInput, payoutEndpoints } from '@ps/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';

/** Payouts on one driver's page, newest period first (monthly payouts: a page is most of a year). */
export const PAYOUTS_PAGE_SIZE = 10;

/**
 * Query keys: everything of a driver under `['payouts', driverId]`, so a change to one of the driver's payouts reads
 * their list, the open payout and their statistics again in one invalidation; the payroll's months under
 * `['payouts', 'payroll']`, read again after any payout changes (a driver's or several at once).
 */
const keys = {
  all: ['payouts'] as const,
  payrollMonths: ['payouts', 'payroll'] as const,
  payroll: (month: string) => ['payouts', 'payroll', month] as const,
  driver: (driverId: number) => ['payouts', driverId] as const,
  list: (driverId: number, page: number) => ['payouts', driverId, 'list', page] as const,
  detail: (driverId: number, id: number) => ['payouts', driverId, 'detail', id] as const,
  statistics: (driverId: number) => ['payouts', driverId, 'statistics'] as const,
};

export function useDriverPayouts(driverId: number, page: number) {
  return useQuery({
    queryKey: keys.list(driverId, page),
    queryFn: async ({ signal }) => {
      const response = await callEndpoint(payoutEndpoints.list, {
        query: { driver_id: driverId, page, page_size: PAYOUTS_PAGE_SIZE, sort: '-period_start' },
        signal,
      });
      return { records: response.data, total: response.pagination?.total ?? response.data.length };
    },
    placeholderData: keepPreviousData,
  });
}

/** A draft's figures and lines are computed at this call (what approving would pay now); an approved one's are stored. */
export function usePayout(driverId: number, id: number | null) {
  return useQuery({
    queryKey: keys.detail(driverId, id ?? 0),
    queryFn: ({ signal }) => callEndpoint(payoutEndpoints.get, { params: { id: id ?? 0 }, signal }).then((r) => r.data),
    enabled: id !== null,
  });
}

export function usePayoutStatistics(driverId: number) {
  return useQuery({
    queryKey: keys.statistics(driverId),
    queryFn: ({ signal }) =>
      callEndpoint(payoutEndpoints.statistics, { query: { driver_id: driverId }, signal }).then((r) => r.data[0] ?? null),
  });
}

function useRefreshDriverPayouts(driverId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: keys.driver(driverId) }),
      queryClient.invalidateQueries({ queryKey: keys.payrollMonths }),
    ]);
}

/** A month's payouts across every driver, with their totals (drafts as approving them would pay now). */
export function usePayroll(month: string) {
  return useQuery({
    queryKey: keys.payroll(month),
    queryFn: ({ signal }) => callEndpoint(payoutEndpoints.payroll, { query: { month }, signal }).then((r) => r.data),
  });
}

/** Approves several payouts, all or none; the screen shows a refusal (409) itself, so the call is silent. */
export function useApproveMany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutApproveManyInput) => callEndpoint(payoutEndpoints.approveMany, { body }).then((r) => r.data),
    // Every driver's payouts and every month may show them: all of it is read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
    meta: { silent: true },
  });
}

/** The form shows the refusal itself (beside the period, or the 409 as it comes), so the call is silent. */
export function useComputePayout(driverId: number) {
  const refresh = useRefreshDriverPayouts(driverId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutCreateInput) => callEndpoint(payoutEndpoints.add, { body }).then((r) => r.data),
    onSuccess: (payout) => {
      queryClient.setQueryData(keys.detail(driverId, payout.id), payout);
      return refresh();
    },
    meta: { silent: true },
  });
}

/** The open payout shows a refused approval (409) beside its figures, so the call is silent. */
export function useApprovePayout(driverId: number) {
  const refresh = useRefreshDriverPayouts(driverId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(payoutEndpoints.approve, { params: { id } }).then((r) => r.data),
    onSuccess: (payout) => {
      queryClient.setQueryData(keys.detail(driverId, payout.id), payout);
      return refresh();
    },
    meta: { silent: true },
  });
}

export function useDeletePayout(driverId: number) {
  const refresh = useRefreshDriverPayouts(driverId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(payoutEndpoints.delete, { params: { id } }),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: keys.detail(driverId, id) });
      return refresh();
    },
    meta: { silent: true },
  });
}
