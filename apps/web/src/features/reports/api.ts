import { peopleEndpoints } from '@ps/contracts';
import {
  type ReportExportQuery,
  type ReportQuery,
  type ReportSubscriptionCreateInput,
  reportEndpoints,
  reportSubscriptionEndpoints,
} from '@ps/contracts/reports';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';

export const reportKeys = {
  all: ['reports'] as const,
  view: (query: ReportQuery) => ['reports', 'view', query] as const,
  subscriptions: ['reports', 'subscriptions'] as const,
  recipients: ['reports', 'recipients'] as const,
};

/** Every report of the period (`GET /api/reports/view`). */
export function useReport(query: ReportQuery) {
  return useQuery({
    queryKey: reportKeys.view(query),
    queryFn: async ({ signal }) => (await callEndpoint(reportEndpoints.view, { query, signal })).data,
    placeholderData: keepPreviousData,
  });
}

/** A report as CSV, or the reports as XLSX, made by the API (`GET /api/reports/export`). */
export async function fetchReportFile(query: ReportExportQuery): Promise<Blob> {
  return (await callEndpoint(reportEndpoints.export, { query, blob: true })).data;
}

export function useSubscriptions(enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.subscriptions,
    queryFn: async ({ signal }) =>
      (await callEndpoint(reportSubscriptionEndpoints.list, { query: { page_size: 100, sort: 'created_at' }, signal })).data,
    enabled,
  });
}

/** The company's office users, who may receive the report. */
export function useRecipients(enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.recipients,
    queryFn: async ({ signal }) =>
      (await callEndpoint(peopleEndpoints.list, { query: { page_size: 1000, sort: 'name', role: 'admin' }, signal })).data,
    enabled,
  });
}

function useRefreshSubscriptions() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: reportKeys.subscriptions });
}

export function useSubscribe() {
  const refresh = useRefreshSubscriptions();
  return useMutation({
    mutationFn: async (body: ReportSubscriptionCreateInput) => (await callEndpoint(reportSubscriptionEndpoints.add, { body })).data,
    onSuccess: refresh,
    meta: { silent: true },
  });
}

export function useUnsubscribe() {
  const refresh = useRefreshSubscriptions();
  return useMutation({
    mutationFn: async (id: number) => callEndpoint(reportSubscriptionEndpoints.delete, { params: { id } }),
    onSuccess: refresh,
  });
}
