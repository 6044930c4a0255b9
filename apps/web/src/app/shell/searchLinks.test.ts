import { describe, expect, it } from 'vitest';
import { searchHrefs } from './searchLinks';

describe('a search result opens its record', () => {
  it('a booking its page, a driver theirs, an agency its form or (for a reader) its statement', () => {
    expect(searchHrefs.booking(3, 42)).toBe('/3/bookings/42');
    expect(searchHrefs.driver(3, 7)).toBe('/3/drivers/7');
    expect(searchHrefs.agency(3, 5, true)).toBe('/3/agencies/5/edit');
    expect(searchHrefs.agency(3, 5, false)).toBe('/3/agencies/5/statement');
  });
});
