import { defineFeature } from '../../lib/features';
import navEn from './locales/nav.en.json' with { type: 'json' };
import navTa from './locales/nav.ta.json' with { type: 'json' };

export const peopleFeature = defineFeature({
  name: 'people',
  load: () => import('./index'),
  screens: [{ scope: 'company', path: '/people', page: 'PeoplePage', permission: 'users.view' }],
  nav: [{ scope: 'company', path: '/people', title: 'nav.people', icon: 'users', group: 'organisation' }],
  navTitles: { en: navEn, ta: navTa },
});
