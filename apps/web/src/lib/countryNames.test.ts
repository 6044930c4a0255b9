import { describe, expect, it } from 'vitest';
import { countryNameIn } from './countryNames';

describe('country names', () => {
  it('translate the United Kingdom into Tamil instead of transliterating it', () => {
    expect(countryNameIn('ta', 'GB', 'United Kingdom')).toBe('ஐக்கிய இராச்சியம்');
    expect(countryNameIn('ta', 'LK', 'Sri Lanka')).toBe('இலங்கை');
    expect(countryNameIn('en', 'GB', 'United Kingdom')).toBe('United Kingdom');
  });

  it('fall back to the API name for a code the browser does not know', () => {
    expect(countryNameIn('en', 'QM', 'Nowhere')).toBe('Nowhere');
  });
});
