import { describe, expect, it } from 'vitest';
import {
  brandContrast,
  brandShades,
  contrastRatio,
  DEFAULT_BACKGROUND_COLOUR,
  DEFAULT_PRIMARY_COLOUR,
  MIN_TEXT_CONTRAST,
} from './colours.ts';

describe('brand colours', () => {
  it('measures contrast as WCAG does, rounded down', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#ffffff', '#000000')).toBe(21);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
    // #767676 on white is the well-known lightest AA grey (4.54:1); #777777 just misses (4.47:1).
    expect(contrastRatio('#767676', '#ffffff')).toBe(4.54);
    expect(contrastRatio('#777777', '#ffffff')).toBe(4.47);
  });

  it('derives ten shades around the colour, lightest first, the colour itself at 5', () => {
    const shades = brandShades('#0095E8');
    expect(shades).toHaveLength(10);
    expect(shades[5]).toBe('#0095e8');
    expect(shades[0]).toBe('#e6f4fd');
    expect(shades[9]).toBe('#004d79');
  });

  it('the default colours pass the rule the API checks; a light orange and a dark background do not', () => {
    const defaults = brandContrast(DEFAULT_PRIMARY_COLOUR, DEFAULT_BACKGROUND_COLOUR);
    expect(defaults.primary).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(defaults.background).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(brandContrast('#f59f00', DEFAULT_BACKGROUND_COLOUR).primary).toBeLessThan(MIN_TEXT_CONTRAST);
    expect(brandContrast(DEFAULT_PRIMARY_COLOUR, '#343a40').background).toBeLessThan(MIN_TEXT_CONTRAST);
  });
});
