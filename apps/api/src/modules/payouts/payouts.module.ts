import type { ApiModule } from '../../kit/modules.ts';
import { registerPayoutRoutes } from './payouts.routes.ts';

export const payoutsModule: ApiModule = {
  name: 'payouts',
  tags: [
    { name: 'driver-payouts', description: 'What a driver is owed for a period, computed, approved once, and the figures per driver' },
  ],
  errors: [
    'payout_period_too_long',
    'payout_overlaps',
    'payout_rate_missing',
    'payout_approved',
    'payout_nothing_to_pay',
    'payout_changed',
    'payouts_not_approvable',
    'payouts_total_changed',
  ],
  auditEntities: ['payout'],
  register: registerPayoutRoutes,
};
