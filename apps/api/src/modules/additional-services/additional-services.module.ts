import type { ApiModule } from '../../kit/modules.ts';
import { registerAdditionalServiceRoutes } from './additional-services.routes.ts';

export const additionalServicesModule: ApiModule = {
  name: 'additional-services',
  tags: [{ name: 'additional services', description: "A company's optional extras (car wash, EV charging...)" }],
  errors: ['service_in_use'],
  auditEntities: ['additional_service'],
  register: registerAdditionalServiceRoutes,
};
