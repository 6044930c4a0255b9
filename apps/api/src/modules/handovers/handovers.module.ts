import type { ApiModule } from '../../kit/modules.ts';
import { registerHandoverRoutes } from './handovers.routes.ts';

export const handoversModule: ApiModule = {
  name: 'handovers',
  tags: [
    {
      name: 'handovers',
      description: 'Checking cars in and out as a record (mileage, fuel, damage, photos, signature), and where each car and key is',
    },
  ],
  errors: [
    'booking_transition_invalid',
    'handover_image_invalid',
    'handover_signature_invalid',
    'position_taken',
    'handover_undone',
    'handover_undo_not_author',
    'handover_undo_expired',
    'handover_undo_superseded',
    'car_not_on_site',
    'idempotency_key_reused',
  ],
  auditEntities: ['handover', 'car_relocation'],
  register: registerHandoverRoutes,
};
