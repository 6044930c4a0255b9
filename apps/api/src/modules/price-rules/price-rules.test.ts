import { priceRuleSortFields } from '@ps/contracts/priceRules';
import { describeCrudResource } from '../../../test/crud-suite.ts';
import { uniqueTag } from '../../../test/factories/catalogue.ts';

// The kit's behaviour, proved for this resource: create, read, update and delete with their audit entries, paging,
// sorting, search, field errors in both languages, unknown fields refused, and a second company's admin kept out.
describeCrudResource('price-rules', {
  base: '/api/price-rule',
  entity: 'price_rule',
  createBody: () => ({
    name: `Price rule ${uniqueTag()}`,
    notes: 'By the north gate',
    position: 1,
    valid_from: '2026-06-01',
    valid_to: '2026-08-31',
    kind: 'days',
    config: { weekdays: [6], percent: 10 },
  }),
  update: { body: { notes: 'By the south gate' }, expect: { notes: 'By the south gate' } },
  invalid: { body: { name: '' }, fields: ['name'] },
  sortFields: priceRuleSortFields,
  searchTermOf: (record) => String(record.name),
});
