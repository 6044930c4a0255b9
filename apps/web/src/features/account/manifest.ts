import { defineFeature } from '../../lib/features';

export const accountFeature = defineFeature({
  name: 'account',
  load: () => import('./index'),
  screens: [
    { scope: 'org', path: '/account', page: 'AccountPage', permission: 'session' },
    { scope: 'company', path: '/account', page: 'AccountPage', permission: 'session' },
  ],
});
