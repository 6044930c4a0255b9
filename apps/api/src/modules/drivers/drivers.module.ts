import type { ApiModule } from '../../kit/modules.ts';
import { registerDriverRoutes } from './drivers.routes.ts';

export const driversModule: ApiModule = {
  name: 'drivers',
  tags: [
    { name: 'drivers', description: "A company's drivers (profile, approval, sign-in account) and its admins and drivers in one list" },
  ],
  errors: ['expiry_in_past', 'licence_expiry_from_document'],
  auditEntities: ['driver'],
  register: registerDriverRoutes,
};
