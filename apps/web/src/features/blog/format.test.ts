import { describe, expect, it } from 'vitest';
import { fromLocalInput, normaliseLinkInput, postState, toLocalInput } from './format';
import { validateBlogSearch } from './search';

describe('postState', () => {
  const now = Date.parse('2026-05-01T10:00:00Z');
  it('tells a draft, a published post and a scheduled one apart', () => {
    expect(postState({ status: 'draft', published_at: null }, now)).toBe('draft');
    expect(postState({ status: 'published', published_at: '2026-05-01T09:59:00Z' }, now)).toBe('published');
    expect(postState({ status: 'published', published_at: '2026-05-01T10:01:00Z' }, now)).toBe('scheduled');
  });
});

describe('the publication time field', () => {
  it('round-trips a time on the user’s clock to the minute', () => {
    const iso = '2026-05-01T09:30:00.000Z';
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
    expect(toLocalInput(null)).toBe('');
  });

  it('refuses what is not a date and time', () => {
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('2026-05-01')).toBeNull();
    expect(fromLocalInput('tomorrow')).toBeNull();
  });
});

describe('normaliseLinkInput', () => {
  it('keeps a scheme, makes an e-mail address mailto: and a bare address https://', () => {
    expect(normaliseLinkInput(' https://example.com/a ')).toBe('https://example.com/a');
    expect(normaliseLinkInput('desk@example.com')).toBe('mailto:desk@example.com');
    expect(normaliseLinkInput('example.com/chennai')).toBe('https://example.com/chennai');
    expect(normaliseLinkInput('//example.com')).toBe('https://example.com');
    // Left as typed for the API to refuse (it keeps http, https and mailto only).
    expect(normaliseLinkInput('javascript:alert(1)')).toBe('javascript:alert(1)');
    expect(normaliseLinkInput('   ')).toBe('');
  });
});

describe('validateBlogSearch', () => {
  it('keeps known filters and sort fields from the URL and drops anything else', () => {
    expect(validateBlogSearch({ status: 'published', language: 'ta', sort: '-published_at', search: ' x ', page: '2' })).toEqual({
      status: 'published',
      language: 'ta',
      sort: '-published_at',
      search: 'x',
      page: 2,
      page_size: undefined,
    });
    expect(validateBlogSearch({ status: 'archived', language: 'fr', sort: 'body' })).toEqual({
      status: undefined,
      language: undefined,
      sort: undefined,
      search: undefined,
      page: undefined,
      page_size: undefined,
    });
  });
});
