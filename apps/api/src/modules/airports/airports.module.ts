import type { ApiModule } from '../../kit/modules.ts';
import { registerAirportRoutes } from './airports.routes.ts';

export const airportsModule: ApiModule = {
  name: 'airports',
  tags: [
    { name: 'airports', description: "A company's airports" },
    { name: 'core airports', description: "The organisation's core airports, which companies pick their airports from" },
  ],
  errors: ['airport_iata_taken', 'airport_in_use'],
  auditEntities: ['airport', 'core_airport'],
  register: registerAirportRoutes,
};
