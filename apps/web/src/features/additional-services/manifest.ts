import { defineFeature } from '../../lib/features';
import navEn from './locales/nav.en.json' with { type: 'json' };
import navTa from './locales/nav.ta.json' with { type: 'json' };

export const additionalServicesFeature = defineFeature({
  name: 'additional-services',
  load: () => import('./index'),
  screens: [
    { scope: 'company', path: '/additional-services', page: 'AdditionalServicesListPage', permission: 'additional_services.view' },
    { scope: 'company', path: '/additional-services/new', page: 'AdditionalServiceCreatePage', permission: 'additional_services.create' },
    {
      scope: 'company',
      path: '/additional-services/$serviceId/edit',
      page: 'AdditionalServiceEditPage',
      permission: 'additional_services.update',
    },
  ],
  nav: [{ scope: 'company', path: '/additional-services', title: 'services.title', icon: 'sparkles', group: 'prices' }],
  navTitles: { en: navEn, ta: navTa },
});
