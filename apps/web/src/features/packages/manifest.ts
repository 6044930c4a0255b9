import { defineFeature } from '../../lib/features';
import navEn from './locales/nav.en.json' with { type: 'json' };
import navTa from './locales/nav.ta.json' with { type: 'json' };

export const packagesFeature = defineFeature({
  name: 'packages',
  load: () => import('./index'),
  screens: [
    { scope: 'company', path: '/packages', page: 'PackagesListPage', permission: 'packages.view' },
    { scope: 'company', path: '/packages/new', page: 'PackageCreatePage', permission: 'packages.create' },
    { scope: 'company', path: '/packages/$packageId/edit', page: 'PackageEditPage', permission: 'packages.update' },
  ],
  nav: [{ scope: 'company', path: '/packages', title: 'packages.title', icon: 'package', group: 'prices' }],
  navTitles: { en: navEn, ta: navTa },
});
