import { defineFeature } from '../../lib/features';
import navEn from './locales/nav.en.json' with { type: 'json' };
import navTa from './locales/nav.ta.json' with { type: 'json' };

export const bandsFeature = defineFeature({
  name: 'bands',
  load: () => import('./index'),
  screens: [
    { scope: 'company', path: '/bands', page: 'BandsListPage', permission: 'bands.view' },
    { scope: 'company', path: '/bands/new', page: 'BandCreatePage', permission: 'bands.create' },
    { scope: 'company', path: '/bands/$bandId/edit', page: 'BandEditPage', permission: 'bands.update' },
  ],
  nav: [{ scope: 'company', path: '/bands', title: 'bands.title', icon: 'calendarTime', group: 'prices' }],
  navTitles: { en: navEn, ta: navTa },
});
