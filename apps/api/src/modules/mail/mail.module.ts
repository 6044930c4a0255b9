import type { ApiModule } from '../../kit/modules.ts';
import { registerOutboxMetrics } from './mail.metrics.ts';
import { registerMailRoutes } from './mail.routes.ts';

export const mailModule: ApiModule = {
  name: 'mail',
  tags: [{ name: 'mail', description: 'The booking confirmation mail and the outbox every message goes through' }],
  errors: ['booking_no_email', 'mail_in_progress'],
  auditEntities: ['mail_message'],
  register: (app, deps) => {
    registerMailRoutes(app, deps);
    registerOutboxMetrics(app, deps.db);
  },
};
