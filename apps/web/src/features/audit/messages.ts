import { addFeatureMessages } from '../../lib/i18n';

/**
 * This feature's messages, in the user's language, loaded with its chunk (lib/i18n.ts, addFeatureMessages): the screen's
 * own, and the names of the kinds of record and actions, which the API's CSV uses too (contracts' audit locales).
 */
export const messagesLoaded = Promise.all([
  addFeatureMessages({
    en: () => import('@ps/contracts/locales/audit.en.json'),
    ta: () => import('@ps/contracts/locales/audit.ta.json'),
  }),
  addFeatureMessages({
    en: () => import('./locales/en.json'),
    ta: () => import('./locales/ta.json'),
  }),
]);
