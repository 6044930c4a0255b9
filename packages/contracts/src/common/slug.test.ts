import { describe, expect, it } from 'vitest';
import { isSlug, proposeSlug, romaniseTamil } from './slug.ts';

describe('proposeSlug', () => {
  it('makes an address of an English title', () => {
    expect(proposeSlug('Summer Parking Offers!')).toBe('summer-parking-offers');
    expect(proposeSlug('  Café & Crème: 2026  ')).toBe('cafe-creme-2026');
    expect(proposeSlug('Heathrow T5 — new drop-off')).toBe('heathrow-t5-new-drop-off');
  });

  it('spells a Tamil title in Latin letters', () => {
    expect(proposeSlug('வணக்கம்')).toBe('vanakkam');
    expect(proposeSlug('தமிழ் செய்திகள்')).toBe('thamizh-seythikal');
    expect(proposeSlug('சென்னை விமான நிலையம் 2026')).toBe('sennai-vimaana-nilaiyam-2026');
    expect(proposeSlug('கொழும்பு பயணம்')).toBe('kozhumpu-payanam');
    expect(proposeSlug('௨௦௨௬ ஆண்டு')).toBe('2026-aantu');
  });

  it('falls back to "post" when nothing can be spelled, and cuts a long title at a word', () => {
    expect(proposeSlug('🚗🚗')).toBe('post');
    expect(proposeSlug('')).toBe('post');
    const long = proposeSlug('word '.repeat(40));
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long.endsWith('word')).toBe(true);
  });

  it('always proposes a valid slug', () => {
    for (const title of ['A', 'ஃ', 'x--y', '---', 'ẞtraße', 'ஸ்ரீ லங்கா', 'a'.repeat(300), 'Ελληνικά', '中文']) {
      expect(isSlug(proposeSlug(title)), title).toBe(true);
    }
  });
});

describe('romaniseTamil', () => {
  it('gives a consonant its a unless a vowel sign or the pulli follows; other text stays', () => {
    expect(romaniseTamil('கா கி கு க்')).toBe('kaa ki ku k');
    expect(romaniseTamil('Park ஐ')).toBe('Park ai');
    expect(romaniseTamil('எங்கள் பஞ்சு')).toBe('engal panju');
  });
});
