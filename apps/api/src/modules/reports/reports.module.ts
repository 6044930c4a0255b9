import type { ApiModule } from '../../kit/modules.ts';
import { registerReportRoutes } from './reports.routes.ts';

export const reportsModule: ApiModule = {
  name: 'reports',
  tags: [{ name: 'reports', description: 'Reports a manager reads, their CSV and XLSX downloads, and the report by mail' }],
  auditEntities: ['report_subscription'],
  register: registerReportRoutes,
};
