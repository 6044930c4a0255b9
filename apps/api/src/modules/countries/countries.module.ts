import type { ApiModule } from '../../kit/modules.ts';
import { registerCountryRoutes } from './countries.routes.ts';

export const countriesModule: ApiModule = {
  name: 'countries',
  tags: [{ name: 'reference', description: 'Reference data and the public web config of the sign-in page' }],
  register: registerCountryRoutes,
};
