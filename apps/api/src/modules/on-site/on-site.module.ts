import type { ApiModule } from '../../kit/modules.ts';
import { registerOnSiteRoutes } from './on-site.routes.ts';

export const onSiteModule: ApiModule = {
  name: 'on-site',
  tags: [{ name: 'on-site', description: 'The cars on site: where each car and its key is, and when each is due out' }],
  register: registerOnSiteRoutes,
};
