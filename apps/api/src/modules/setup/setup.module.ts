import type { ApiModule } from '../../kit/modules.ts';
import { registerSetupRoutes } from './setup.routes.ts';

export const setupModule: ApiModule = {
  name: 'setup',
  tags: [{ name: 'setup', description: "A new company's setup checklist: what is set up and what is still to do" }],
  register: registerSetupRoutes,
};
