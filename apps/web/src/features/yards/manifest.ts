import { defineFeature } from '../../lib/features';
import navEn from './locales/nav.en.json' with { type: 'json' };
import navTa from './locales/nav.ta.json' with { type: 'json' };

export const yardsFeature = defineFeature({
  name: 'yards',
  load: () => import('./index'),
  screens: [
    { scope: 'company', path: '/yards', page: 'YardsListPage', permission: 'yards.view' },
    { scope: 'company', path: '/yards/new', page: 'YardCreatePage', permission: 'yards.create' },
    { scope: 'company', path: '/yards/$yardId/edit', page: 'YardEditPage', permission: 'yards.update' },
  ],
  nav: [{ scope: 'company', path: '/yards', title: 'yards.title', icon: 'warehouse', group: 'places' }],
  navTitles: { en: navEn, ta: navTa },
});
