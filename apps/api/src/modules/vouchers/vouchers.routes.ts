import { voucherEndpoints } from '@ps/contracts';
import type { FastifyInstance } from 'fastify';
import { endpointServer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { registerCrudRoutes } from '../../kit/routes.ts';
import { createVouchersService } from './vouchers.service.ts';

/** Spec section 7: voucher/add, list, get/{id}, update/{id}, delete/{id}. */
export function registerVoucherRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  registerCrudRoutes(endpointServer(app, 'vouchers'), {
    endpoints: voucherEndpoints,
    scope: 'company',
    service: createVouchersService(db),
    docs: {
      add: {
        summary: 'Add a voucher',
        description:
          '`code` (3-30 letters, digits, `-`, `_`) is unique in your company whatever its case (409 `voucher_code_taken`). `discount_type` `percent` (whole 1-100) or `fixed` (minor units); `valid_from` <= `valid_to` (`YYYY-MM-DD`); `usage_limit` null for unlimited. `times_used` is read-only.',
      },
      list: {
        summary: "Your company's vouchers",
        description: 'Paging, sort, search by code, filters `status`, `discount_type` and `valid_on=YYYY-MM-DD` (vouchers valid that day).',
      },
      update: {
        summary: 'Change a voucher',
        description: 'Any subset of the fields, checked on the voucher as it will be; `usage_limit` cannot go below `times_used` (400).',
      },
      delete: {
        summary: 'Delete a voucher',
        description: 'Refused with 409 `voucher_in_use` once it has been used (`times_used` > 0): deactivate it instead.',
      },
    },
  });
}
