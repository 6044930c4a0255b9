import type { ApiModule } from '../../kit/modules.ts';
import { registerCustomerDataRoutes } from './customer-data.routes.ts';

export const customerDataModule: ApiModule = {
  name: 'customer-data',
  tags: [
    {
      name: 'customer-data',
      description: "A customer's own data: their bookings found by e-mail or phone, exported (JSON, CSV) and erased past the retention",
    },
  ],
  errors: ['customer_bookings_not_found'],
  auditEntities: ['customer_data_export'],
  register: registerCustomerDataRoutes,
};
