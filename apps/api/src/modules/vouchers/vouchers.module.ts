import type { ApiModule } from '../../kit/modules.ts';
import { registerVoucherRoutes } from './vouchers.routes.ts';

export const vouchersModule: ApiModule = {
  name: 'vouchers',
  tags: [{ name: 'vouchers', description: "A company's discount codes" }],
  errors: ['voucher_code_taken', 'voucher_in_use'],
  auditEntities: ['voucher'],
  register: registerVoucherRoutes,
};
