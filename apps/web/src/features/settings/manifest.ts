import { defineFeature } from '../../lib/features';
import navEn from './locales/nav.en.json' with { type: 'json' };
import navTa from './locales/nav.ta.json' with { type: 'json' };

export const settingsFeature = defineFeature({
  name: 'settings',
  load: () => import('./index'),
  screens: [{ scope: 'company', path: '/settings', page: 'CompanySettingsPage', permission: 'web_config.update' }],
  nav: [{ scope: 'company', path: '/settings', title: 'nav.settings', icon: 'settings', group: 'settings' }],
  navTitles: { en: navEn, ta: navTa },
});
