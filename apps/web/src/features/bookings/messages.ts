import { addFeatureMessages } from '../../lib/i18n';

/**
 * This feature's messages, in the user's language, loaded with its chunk (lib/i18n.ts, addFeatureMessages): its own, and
 * the contracts' audit labels, which the booking's trail falls back on for a field it has no word of its own for.
 */
export const messagesLoaded = Promise.all([
  addFeatureMessages({
    en: () => import('./locales/en.json'),
    ta: () => import('./locales/ta.json'),
  }),
  addFeatureMessages({
    en: () => import('@ps/contracts/locales/audit.en.json'),
    ta: () => import('@ps/contracts/locales/audit.ta.json'),
  }),
]);
