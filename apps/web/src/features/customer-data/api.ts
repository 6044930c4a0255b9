import { type CustomerSearch, customerDataEndpoints } from '@ps/contracts/customerData';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';

/**
 * The customer data screen's calls. The search (an e-mail address, a phone) is kept in the page's memory and sent as a
 * body, never put in the address bar: it stays out of the browser's history and the server's logs.
 */
const customerDataKeys = {
  all: ['customer-data'] as const,
  bookings: (search: CustomerSearch) => [...customerDataKeys.all, 'bookings', search] as const,
};

/** The customer's bookings of the company, with what an erase would do to each; nothing until a search is made. */
export function useCustomerBookings(search: CustomerSearch | null) {
  return useQuery({
    queryKey: customerDataKeys.bookings(search ?? {}),
    queryFn: async ({ signal }) => (await callEndpoint(customerDataEndpoints.find, { body: search ?? {}, signal })).data,
    enabled: search !== null,
    // Personal data: read afresh on each search, never kept for later.
    staleTime: 0,
    gcTime: 0,
  });
}

/** The export as JSON (the API's answer), for a download. */
export async function fetchCustomerDataJson(search: CustomerSearch) {
  return (await callEndpoint(customerDataEndpoints.exportJson, { body: search })).data;
}

/** The export as the CSV file the API writes. */
export async function fetchCustomerDataCsv(search: CustomerSearch): Promise<Blob> {
  return (await callEndpoint(customerDataEndpoints.exportCsv, { body: search, blob: true })).data;
}

/** Erases what may be erased; the bookings found are read again (the erased ones are no longer the customer's). */
export function useEraseCustomerData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (search: CustomerSearch) => (await callEndpoint(customerDataEndpoints.erase, { body: search })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerDataKeys.all }),
  });
}
