import type { ApiModule } from '../../kit/modules.ts';
import { registerWebConfigRoutes } from './web-config.routes.ts';

export const webConfigModule: ApiModule = {
  name: 'web-config',
  tags: [{ name: 'web-config', description: "Your company's name, logo and colours: the sign-in page and the app's theme" }],
  errors: [
    'client_key_invalid',
    'primary_color_contrast',
    'background_color_contrast',
    'logo_type_not_allowed',
    'logo_too_large',
    'logo_empty',
  ],
  auditEntities: ['web_config'],
  register: registerWebConfigRoutes,
};
