import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

/** Shades of the spec's primary colour #0095e8 (index 5). */
const brand: MantineColorsTuple = [
  '#e3f4fd',
  '#c7e8fb',
  '#94d2f7',
  '#5cbaf3',
  '#2ea6ee',
  '#0095e8',
  '#0084cf',
  '#0072b3',
  '#005f95',
  '#004c78',
];

/** Spec colours (section 3). */
export const palette = {
  background: '#f3f4f6',
  nav: '#ffffff',
  primary: brand[5],
  text: '#4b5563',
  bold: '#000000',
  title: '#111111',
  dimmed: '#5c6370',
};

export const theme = createTheme({
  primaryColor: 'brand',
  // Filled buttons and links use shade 7 of the same hue: white on #0095e8 itself is below WCAG AA contrast.
  primaryShade: 7,
  colors: { brand },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Tamil", "Latha", Helvetica, Arial, sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
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

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: { '--ps-color-background': palette.background, '--ps-color-nav': palette.nav },
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
