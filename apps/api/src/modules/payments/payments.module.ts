import type { ApiModule } from '../../kit/modules.ts';
import { registerPaymentRoutes } from './payments.routes.ts';

export const paymentsModule: ApiModule = {
  name: 'payments',
  tags: [{ name: 'payments', description: "A booking's payments and refunds, and the sums of totals, paid and outstanding" }],
  errors: ['payment_exceeds_outstanding', 'refund_exceeds_paid', 'payment_delete_leaves_negative', 'idempotency_key_reused'],
  auditEntities: ['payment'],
  register: registerPaymentRoutes,
};
