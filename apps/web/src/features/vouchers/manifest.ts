import { defineFeature } from '../../lib/features';
import navEn from './locales/nav.en.json' with { type: 'json' };
import navTa from './locales/nav.ta.json' with { type: 'json' };

export const vouchersFeature = defineFeature({
  name: 'vouchers',
  load: () => import('./index'),
  screens: [
    { scope: 'company', path: '/vouchers', page: 'VouchersListPage', permission: 'vouchers.view' },
    { scope: 'company', path: '/vouchers/new', page: 'VoucherCreatePage', permission: 'vouchers.create' },
    { scope: 'company', path: '/vouchers/$voucherId/edit', page: 'VoucherEditPage', permission: 'vouchers.update' },
  ],
  nav: [{ scope: 'company', path: '/vouchers', title: 'vouchers.title', icon: 'ticket', group: 'prices' }],
  navTitles: { en: navEn, ta: navTa },
});
