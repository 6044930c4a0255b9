import type { ApiModule } from '../../kit/modules.ts';
import { registerBandRoutes } from './bands.routes.ts';

export const bandsModule: ApiModule = {
  name: 'bands',
  tags: [{ name: 'bands', description: "A company's bands (length-of-stay brackets), band types and months" }],
  errors: ['band_overlap', 'band_in_use'],
  auditEntities: ['band'],
  register: registerBandRoutes,
};
