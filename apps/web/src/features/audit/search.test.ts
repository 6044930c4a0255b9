import { describe, expect, it } from 'vitest';
import { auditFilterQuery, hasAuditFilter, parseAuditSearch } from './search';

describe('the Audit screen’s URL', () => {
  it('keeps every filter it knows, with a record id as text', () => {
    const search = parseAuditSearch({
      page: '2',
      page_size: '50',
      user_id: '7',
      entity: 'booking',
      entity_id: 12,
      action: 'update',
      from: '2026-03-01',
      to: '2026-03-31',
    });
    expect(search).toEqual({
      page: 2,
      page_size: 50,
      user_id: 7,
      entity: 'booking',
      entity_id: '12',
      action: 'update',
      from: '2026-03-01',
      to: '2026-03-31',
    });
    expect(auditFilterQuery(search)).toEqual({
      user_id: 7,
      entity: 'booking',
      entity_id: '12',
      action: 'update',
      from: '2026-03-01',
      to: '2026-03-31',
    });
    expect(hasAuditFilter(search)).toBe(true);
  });

  it('drops what is malformed or unknown instead of failing the page', () => {
    const search = parseAuditSearch({
      user_id: 'x',
      entity: 'spaceship',
      action: 'rename',
      from: '1 March',
      entity_id: '  ',
      page_size: '1000',
    });
    expect(search).toEqual({
      page: undefined,
      page_size: undefined,
      user_id: undefined,
      entity: undefined,
      entity_id: undefined,
      action: undefined,
      from: undefined,
      to: undefined,
    });
    expect(hasAuditFilter(search)).toBe(false);
  });
});
