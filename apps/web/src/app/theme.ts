import { type CSSVariablesResolver, createTheme, type MantineThemeOverride } from '@mantine/core';
import {
  brandShades,
  DEFAULT_BACKGROUND_COLOUR,
  DEFAULT_PRIMARY_COLOUR,
  DIMMED_TEXT_COLOUR,
  TEXT_COLOUR,
  TEXT_SHADE,
} from '@ps/contracts/common/colours';

/** The spec colours (section 3); a company's own main colour and background replace `primary` and `background`. */
export const palette = {
  background: DEFAULT_BACKGROUND_COLOUR,
  nav: '#ffffff',
  primary: DEFAULT_PRIMARY_COLOUR,
  text: TEXT_COLOUR,
  bold: '#000000',
  title: '#111111',
  dimmed: DIMMED_TEXT_COLOUR,
};

const baseTheme = createTheme({
  primaryColor: 'brand',
  // Filled buttons and links use shade 7 of the same hue: white on #0095e8 itself is below WCAG AA contrast.
  // The API refuses a company colour whose shade 7 would not reach AA (contracts common/colours.ts).
  primaryShade: TEXT_SHADE as 7,
  colors: { brand: brandShades(DEFAULT_PRIMARY_COLOUR) },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Tamil", "Latha", Helvetica, Arial, sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  // Modals, menus and drawers open without their transitions for people whose system asks for less motion
  // (WCAG 2.3.3); the browser tests run that way too, so a click never lands on a dialog still fading in.
  respectReducedMotion: true,
  // Clicking a select's ticked option must not empty it: a required choice (the arrival location...) was lost
  // that way. Where emptying is allowed the select says so with its clear button (`clearable`). A plain object,
  // not `Select.extend`, so the sign-in bundle does not pull the Select in.
  components: { Select: { defaultProps: { allowDeselect: false } } },
  // Spec 9: 320, 375, 425, 768, 1024, 1440 and 2560 px (Mantine keys xs..xl plus two more).
  breakpoints: {
    xxs: '20em',
    xs: '23.4375em',
    sm: '26.5625em',
    md: '48em',
    lg: '64em',
    xl: '90em',
    xxl: '160em',
  },
});

/** The theme with a company's main colour (the shades around it come from the same function the API checks). */
export function themeFor(primaryColour: string): MantineThemeOverride {
  return primaryColour === DEFAULT_PRIMARY_COLOUR ? baseTheme : { ...baseTheme, colors: { brand: brandShades(primaryColour) } };
}

/** Mantine's CSS variables, with a company's page background. */
export const cssVariablesResolverFor =
  (background: string): CSSVariablesResolver =>
  () => ({
    variables: { '--ps-color-background': background, '--ps-color-nav': palette.nav },
    light: {
      '--mantine-color-text': palette.text,
      '--mantine-color-dimmed': palette.dimmed,
      // Mantine's default error red is below AA contrast on white.
      '--mantine-color-error': '#c92a2a',
      '--ps-color-title': palette.title,
      '--ps-color-bold': palette.bold,
    },
    dark: {},
  });
