import type { ApiModule } from '../../kit/modules.ts';
import { registerAuditRoutes } from './audit.routes.ts';

export const auditModule: ApiModule = {
  name: 'audit',
  tags: [
    { name: 'audit', description: "Your company's audit log: who changed which record, when, and each field before and after; read only" },
  ],
  register: registerAuditRoutes,
};
