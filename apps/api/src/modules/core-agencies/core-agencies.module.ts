import type { ApiModule } from '../../kit/modules.ts';
import { registerCoreAgencyRoutes } from './core-agencies.routes.ts';

export const coreAgenciesModule: ApiModule = {
  name: 'core-agencies',
  tags: [{ name: 'core agencies', description: "The organisation's master list of agencies that companies pick from" }],
  errors: ['core_agency_in_use'],
  auditEntities: ['core_agency'],
  register: registerCoreAgencyRoutes,
};
