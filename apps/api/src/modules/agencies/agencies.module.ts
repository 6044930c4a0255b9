import type { ApiModule } from '../../kit/modules.ts';
import { registerAgencyRoutes } from './agencies.routes.ts';

export const agenciesModule: ApiModule = {
  name: 'agencies',
  tags: [{ name: 'agencies', description: "A company's agencies (who sells its bookings, for what commission) and their statements" }],
  errors: ['agency_name_taken', 'agency_in_use'],
  auditEntities: ['agency'],
  register: registerAgencyRoutes,
};
