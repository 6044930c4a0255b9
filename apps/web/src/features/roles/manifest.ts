import { defineFeature } from '../../lib/features';
import navEn from './locales/nav.en.json' with { type: 'json' };
import navTa from './locales/nav.ta.json' with { type: 'json' };

export const rolesFeature = defineFeature({
  name: 'roles',
  load: () => import('./index'),
  screens: [
    { scope: 'company', path: '/roles', page: 'RolesPage', permission: 'roles.view' },
    { scope: 'company', path: '/roles/new', page: 'RoleCreatePage', permission: 'roles.create' },
    { scope: 'company', path: '/roles/$roleId', page: 'RoleEditPage', permission: 'roles.view' },
  ],
  nav: [{ scope: 'company', path: '/roles', title: 'nav.roles', icon: 'shieldLock', group: 'organisation' }],
  navTitles: { en: navEn, ta: navTa },
});
