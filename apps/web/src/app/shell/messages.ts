import { addFeatureMessages } from '../../lib/i18n';

/**
 * The signed-in shell's messages (navigation frame, home, the list kit's words, status labels), loaded with
 * the shell's chunk rather than with the sign-in page, whose weight is budgeted (lib/i18n.ts).
 */
export const messagesLoaded = addFeatureMessages({
  en: () => import('./locales/en.json'),
  ta: () => import('./locales/ta.json'),
});
