import { defineFeature } from '../../lib/features';
import navEn from './locales/nav.en.json' with { type: 'json' };
import navTa from './locales/nav.ta.json' with { type: 'json' };

export const positionsFeature = defineFeature({
  name: 'positions',
  load: () => import('./index'),
  screens: [
    { scope: 'company', path: '/positions', page: 'PositionsListPage', permission: 'positions.view' },
    { scope: 'company', path: '/positions/new', page: 'PositionCreatePage', permission: 'positions.create' },
    { scope: 'company', path: '/positions/$positionId/edit', page: 'PositionEditPage', permission: 'positions.update' },
  ],
  nav: [{ scope: 'company', path: '/positions', title: 'nav.positions', icon: 'grid', group: 'places' }],
  navTitles: { en: navEn, ta: navTa },
});
