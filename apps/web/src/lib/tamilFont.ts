import regular from '@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-400-normal.woff2?url';
import medium from '@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-500-normal.woff2?url';
import semiBold from '@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-600-normal.woff2?url';
import bold from '@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-700-normal.woff2?url';

/** Our own family name, so the bundled font is used even where the machine has another "Noto Sans Tamil". */
export const TAMIL_FONT_FAMILY = 'Parking Solutions Tamil';

/** Tamil letters and signs only (as @fontsource's tamil subset): Latin text keeps the theme's fonts. */
const TAMIL_UNICODE_RANGE = 'U+0964-0965, U+0B82-0BFA, U+200C-200D, U+20B9, U+25CC';

const faces = [
  ['400', regular],
  ['500', medium],
  ['600', semiBold],
  ['700', bold],
] as const;

/** The theme's stack (app/theme.ts) after the bundled face: Latin letters and digits still come from it. */
const FALLBACK_STACK = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", Helvetica, Arial, sans-serif';

/** The font stack for Tamil text: the bundled face first. */
export const TAMIL_FONT_STACK = `"${TAMIL_FONT_FAMILY}", ${FALLBACK_STACK}`;

let registered = false;
/** Adds the bundled faces to the page once; the browser fetches a weight only when Tamil text uses it. */
export function registerTamilFontFaces(): void {
  if (registered) return;
  registered = true;
  for (const [weight, url] of faces) {
    document.fonts.add(
      new FontFace(TAMIL_FONT_FAMILY, `url(${url}) format('woff2')`, { weight, unicodeRange: TAMIL_UNICODE_RANGE, display: 'swap' }),
    );
  }
}

/**
 * Registers Noto Sans Tamil (woff2, Tamil subset, bundled with the app) and puts it first in Mantine's font
 * stacks while the page is in Tamil (`<html lang="ta">`). Called only when Tamil is the chosen language, so
 * English visitors download nothing; the browser fetches only the weights a screen actually uses. (A Tamil blog
 * post on an English page registers the faces for its own text only: features/blog/tamilFont.ts.)
 */
export function applyBundledTamilFont(): void {
  registerTamilFontFaces();
  const style = document.createElement('style');
  style.dataset.psFont = 'tamil';
  // `:root:lang(ta)` outranks Mantine's own `:root` variables whatever the order of the style elements.
  style.textContent = `:root:lang(ta) { --mantine-font-family: ${TAMIL_FONT_STACK}; --mantine-font-family-headings: ${TAMIL_FONT_STACK}; }`;
  document.head.append(style);
}
