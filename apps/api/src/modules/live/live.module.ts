import type { ApiModule } from '../../kit/modules.ts';
import { registerLiveRoutes } from './live.routes.ts';

export const liveModule: ApiModule = {
  name: 'live',
  tags: [{ name: 'live', description: 'Server-sent events of booking changes for the live board' }],
  register: registerLiveRoutes,
};
