import type { ApiModule } from '../../kit/modules.ts';
import { registerCompanyRoutes } from './companies.routes.ts';

export const companiesModule: ApiModule = {
  name: 'companies',
  tags: [
    {
      name: 'companies',
      description:
        "The organisation's companies, their first admin and partner companies (super admin); a company's own details (its admin)",
    },
  ],
  errors: ['company_in_use', 'partner_invalid', 'booking_slug_taken'],
  auditEntities: ['company'],
  register: registerCompanyRoutes,
};
