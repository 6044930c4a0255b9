import { defineFeature } from '../../lib/features';
import navEn from './locales/nav.en.json' with { type: 'json' };
import navTa from './locales/nav.ta.json' with { type: 'json' };

export const priceRulesFeature = defineFeature({
  name: 'price-rules',
  load: () => import('./index'),
  screens: [
    { scope: 'company', path: '/price-rules', page: 'PriceRulesListPage', permission: 'price_rules.view' },
    { scope: 'company', path: '/price-rules/new', page: 'PriceRuleCreatePage', permission: 'price_rules.create' },
    { scope: 'company', path: '/price-rules/simulate', page: 'PriceRuleSimulationPage', permission: 'price_rules.view', finance: true },
    { scope: 'company', path: '/price-rules/$priceRuleId/edit', page: 'PriceRuleEditPage', permission: 'price_rules.update' },
  ],
  nav: [{ scope: 'company', path: '/price-rules', title: 'nav.priceRules', icon: 'calculator', group: 'prices' }],
  navTitles: { en: navEn, ta: navTa },
});
