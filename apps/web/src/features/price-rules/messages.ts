import { addFeatureMessages } from '../../lib/i18n';

/** This feature's messages, in the user's language, loaded with its chunk (lib/i18n.ts, addFeatureMessages). */
export const messagesLoaded = addFeatureMessages({
  en: () => import('./locales/en.json'),
  ta: () => import('./locales/ta.json'),
});
