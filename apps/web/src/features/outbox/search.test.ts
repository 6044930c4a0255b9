import { describe, expect, it } from 'vitest';
import { parseOutboxSearch } from './search';

describe('parseOutboxSearch', () => {
  it('keeps a known state, paging and sort', () => {
    expect(parseOutboxSearch({ state: 'failed', page: '2', sort: '-sent_at' })).toEqual({
      state: 'failed',
      page: 2,
      page_size: undefined,
      sort: '-sent_at',
    });
  });

  it('drops an unknown state or sort instead of failing', () => {
    expect(parseOutboxSearch({ state: 'lost', sort: 'subject' })).toEqual({
      state: undefined,
      page: undefined,
      page_size: undefined,
      sort: undefined,
    });
  });
});
