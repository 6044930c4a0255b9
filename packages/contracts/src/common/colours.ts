/**
 * A company's brand colours and the contrast rules they must keep (WCAG 2 AA, 4.5:1 for text). The web
 * theme derives its shades with `brandShades`, and the API refuses a colour by `brandContrast`, so the rule
 * checked is the one the screens use.
 */

/** `#rrggbb`. */
export const HEX_COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/** WCAG AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

/** The app's own text colours (body text and secondary text), which must stay readable on the background. */
export const TEXT_COLOUR = '#4b5563';
export const DIMMED_TEXT_COLOUR = '#5c6370';
const WHITE = '#ffffff';

export const DEFAULT_PRIMARY_COLOUR = '#0095e8';
export const DEFAULT_BACKGROUND_COLOUR = '#f3f4f6';

/** The shade (of `brandShades`) that carries text: filled buttons with white text, links, the active menu entry. */
export const TEXT_SHADE = 7;

function channels(hex: string): [number, number, number] {
  return [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16)) as [number, number, number];
}

function toHex(values: number[]): string {
  return `#${values.map((value) => Math.round(value).toString(16).padStart(2, '0')).join('')}`;
}

/** `hex` moved towards `target` (0 to 255 on each channel) by `amount` (0 to 1). */
function mix(hex: string, target: number, amount: number): string {
  return toHex(channels(hex).map((value) => value * (1 - amount) + target * amount));
}

/** Ten shades, lightest first, with the colour itself at index 5 (Mantine's colour tuple). */
export function brandShades(hex: string): [string, string, string, string, string, string, string, string, string, string] {
  const colour = hex.toLowerCase();
  return [
    mix(colour, 255, 0.9),
    mix(colour, 255, 0.78),
    mix(colour, 255, 0.58),
    mix(colour, 255, 0.36),
    mix(colour, 255, 0.16),
    colour,
    mix(colour, 0, 0.12),
    mix(colour, 0, 0.24),
    mix(colour, 0, 0.36),
    mix(colour, 0, 0.48),
  ];
}

function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((value) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours, rounded down to two decimals (4.499 is not 4.5). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return Math.floor(((light + 0.05) / (dark + 0.05)) * 100) / 100;
}

export interface BrandContrast {
  /** The brand's text shade against white (white text on a filled button, a link on a white card). */
  primary: number;
  /** The weakest of body text, secondary text and links against the page background. */
  background: number;
}

export function brandContrast(primary: string, background: string): BrandContrast {
  const textShade = brandShades(primary)[TEXT_SHADE];
  return {
    primary: contrastRatio(textShade, WHITE),
    background: Math.min(
      contrastRatio(TEXT_COLOUR, background),
      contrastRatio(DIMMED_TEXT_COLOUR, background),
      contrastRatio(textShade, background),
    ),
  };
}
