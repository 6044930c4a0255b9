import { defineFeature } from '../../lib/features';
import navEn from './locales/nav.en.json' with { type: 'json' };
import navTa from './locales/nav.ta.json' with { type: 'json' };

export const outboxFeature = defineFeature({
  name: 'outbox',
  load: () => import('./index'),
  screens: [{ scope: 'company', path: '/outbox', page: 'OutboxPage', permission: 'mail.view' }],
  nav: [{ scope: 'company', path: '/outbox', title: 'nav.outbox', icon: 'mail', group: 'organisation' }],
  navTitles: { en: navEn, ta: navTa },
});
