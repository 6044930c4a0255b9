import { mailEndpoints, type PaymentMethod, paymentEndpoints } from '@ps/contracts';
import { bookingEndpoints } from '@ps/contracts/bookings.endpoints';
import { MAX_PAGE_SIZE } from '@ps/contracts/common/pagination';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';
import { bookingKeys } from './keys';

// One booking's payments, its mail and its audit trail.

/** The booking's payments and refunds, deleted ones included (struck through on the page), newest first. */
export function useBookingPayments(bookingId: number) {
  return useQuery({
    queryKey: bookingKeys.payments(bookingId),
    queryFn: async ({ signal }) =>
      (
        await callEndpoint(paymentEndpoints.list, {
          query: { booking_id: bookingId, include_deleted: '1', page_size: MAX_PAGE_SIZE, sort: '-paid_at' },
          signal,
        })
      ).data,
  });
}

/** What a payment changes: the booking's paid and outstanding, its payments, its trail and the lists' sums. */
function useLedgerMutation<Input, Output>(bookingId: number, call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: bookingKeys.lists() });
      return queryClient.invalidateQueries({ queryKey: bookingKeys.detail(bookingId) });
    },
  });
}

export interface PaymentInput {
  amount: number;
  method: PaymentMethod;
  reference: string | null;
  /** Set when the amount is above the outstanding: the excess is a deposit/credit (else the API answers 409). */
  as_credit?: true;
  /** The same key on a retry of the same payment: the API records it once. */
  idempotencyKey: string;
}

/** POST /api/payment/add with an `Idempotency-Key`, so a retried click or a lost answer never pays twice. */
export function useRecordPayment(bookingId: number) {
  return useLedgerMutation(bookingId, ({ idempotencyKey, ...payment }: PaymentInput) =>
    callEndpoint(paymentEndpoints.add, {
      body: { booking_id: bookingId, ...payment },
      headers: { 'Idempotency-Key': idempotencyKey },
    }).then((r) => r.data),
  );
}

/** DELETE /api/payment/delete/{id} with the reason the ledger shows beside the struck-through payment. */
export function useDeletePayment(bookingId: number) {
  return useLedgerMutation(bookingId, ({ id, reason }: { id: number; reason: string }) =>
    callEndpoint(paymentEndpoints.delete, { params: { id }, body: { reason } }).then((r) => r.data),
  );
}

/** The booking's messages in the outbox, newest first, with their delivery state. */
export function useBookingMail(bookingId: number) {
  return useQuery({
    queryKey: bookingKeys.mail(bookingId),
    queryFn: async ({ signal }) => {
      // The list's envelope has `smtp_configured` beside the page.
      const answer = await callEndpoint(mailEndpoints.outboxList, {
        query: { booking_id: bookingId, page_size: 100, sort: '-created_at' },
        signal,
      });
      return { messages: answer.data, smtpConfigured: answer.extra.smtp_configured !== false };
    },
    // A queued message is sent within seconds: look again while one waits.
    refetchInterval: (query) =>
      query.state.data?.messages.some((message) => message.state === 'queued' || message.state === 'sending') ? 5000 : false,
  });
}

/** POST /api/booking/send-mail/{id}: the confirmation goes into the outbox (202), in the booking's language. */
export function useSendConfirmation(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await callEndpoint(mailEndpoints.sendBookingMail, { params: { id: bookingId } })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.detail(bookingId) }),
  });
}

export function useBookingAudit(bookingId: number) {
  return useQuery({
    queryKey: bookingKeys.audit(bookingId),
    queryFn: async ({ signal }) => (await callEndpoint(bookingEndpoints.auditTrail, { params: { id: bookingId }, signal })).data,
  });
}
