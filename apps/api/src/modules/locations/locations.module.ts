import type { ApiModule } from '../../kit/modules.ts';
import { registerLocationRoutes } from './locations.routes.ts';

export const locationsModule: ApiModule = {
  name: 'locations',
  tags: [
    { name: 'locations', description: "A company's car parks, terminals and meeting points, and its public list of them" },
    { name: 'core locations', description: "The organisation's core locations, which companies pick their locations from" },
  ],
  errors: ['location_in_use'],
  auditEntities: ['location', 'core_location'],
  register: registerLocationRoutes,
};
