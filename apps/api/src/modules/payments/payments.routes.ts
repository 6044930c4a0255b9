import { paymentEndpoints } from '@ps/contracts';
import type { FastifyInstance } from 'fastify';
import { endpointServer, listAnswer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { companyActorOf } from '../../kit/routes.ts';
import { createPaymentsService } from './payments.service.ts';

/** Spec section 7: payment/add, list, delete/{id} (no get or update: a payment is never changed) and the sums. */
export function registerPaymentRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  const service = createPaymentsService(db);
  const serve = endpointServer(app, 'payments');

  serve(paymentEndpoints.add, {
    summary: 'Record a payment or a refund',
    description: `\`amount\` in minor units, not 0; negative is a refund, refused with 400 \`refund_exceeds_paid\` (on \`amount\`)
when it would take the booking's paid sum below 0. \`method\`: card, cash, bank_transfer, agency. \`paid_at\` (ISO instant)
defaults to now. Another company's (or an unknown) \`booking_id\`: 400 on \`booking_id\`.

A payment above the booking's outstanding (its total minus the payments not deleted) is 409
\`payment_exceeds_outstanding\` (on \`amount\`, the message names the outstanding), unless \`as_credit: true\` says the
excess is a deposit/credit: it is then recorded, the payment's \`credit\` holds the excess, and the booking shows
\`outstanding\` 0 and \`credit\` (never a negative outstanding). \`as_credit\` on a refund is 400.

With an \`Idempotency-Key\` header (1-100 visible ASCII characters, unique in your company) the payment is recorded once:
the same key with the same body answers the first payment again (201 with \`Idempotent-Replayed: true\`), the same key
with another body is 409 \`idempotency_key_reused\`. Audited; the live board hears of it.`,
    errors: [409],
    handler: async (request, reply) => {
      const { payment, replayed } = await service.create(
        companyActorOf(request),
        request.body,
        request.headers['idempotency-key'],
        request.language,
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      return { message: request.t('success.created'), data: payment };
    },
  });

  serve(paymentEndpoints.list, {
    summary: "Your company's payments",
    description: `Filters \`booking_id\`, \`method\`; \`search\` in the reference; sort \`paid_at\` (default \`-paid_at\`), \`amount\`,
\`created_at\`. Deleted payments are left out unless \`include_deleted=1\` (they carry \`deleted_at\`, \`deleted_by\`,
\`deleted_by_name\` and \`delete_reason\`). \`credit\` is the part of a payment taken as a deposit/credit.`,
    handler: async (request) => {
      return listAnswer(request, await service.list(companyActorOf(request), request.query));
    },
  });

  serve(paymentEndpoints.delete, {
    summary: 'Delete a payment',
    description: `The reason is required: a JSON body \`{ "reason": "..." }\` (1 to 500 characters, trimmed); without it, 400 on
\`reason\`. The row is kept with \`deleted_at\`, \`deleted_by\` and \`delete_reason\` and left out of every sum; the answer
is the deleted payment. The audit trail records the whole payment as it was, with the reason. A deleted or unknown payment
is a 404; a deletion that would leave the booking's paid sum below 0 (its refunds are still there) is 409
\`payment_delete_leaves_negative\`.`,
    errors: [409],
    handler: async (request) => ({
      message: request.t('success.deleted'),
      data: await service.delete(companyActorOf(request), request.params.id, request.body.reason),
    }),
  });

  serve(paymentEndpoints.amountDetails, {
    summary: 'Totals, paid and outstanding of your bookings',
    description: `\`{ bookings, total, paid, outstanding, currency }\` over the bookings that match: \`from\`/\`to\` (YYYY-MM-DD, both
counted) on the departure day in \`time_zone\` (else your company's), \`airport_id\`, \`status\` (comma list). Without
\`status\` every booking but the cancelled ones is counted. \`paid\` leaves deleted payments out. Per booking, \`total - paid\`
counts in \`outstanding\` when above 0 and \`paid - total\` in \`credit\` when above 0 (deposits, overpayments): neither is
ever negative, and \`total - paid = outstanding - credit\`.`,
    handler: async (request) => ({
      message: request.t('success.fetched'),
      data: await service.amountDetails(companyActorOf(request), request.query),
    }),
  });
}
