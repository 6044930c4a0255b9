import type { ApiModule } from '../../kit/modules.ts';
import { registerPackageRoutes } from './packages.routes.ts';

export const packagesModule: ApiModule = {
  name: 'packages',
  tags: [{ name: 'packages', description: "A company's packages: products sold with a stay" }],
  errors: ['package_in_use'],
  auditEntities: ['package'],
  register: registerPackageRoutes,
};
