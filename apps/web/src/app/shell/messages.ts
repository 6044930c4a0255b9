import { addFeatureMessages, i18n } from '../../lib/i18n';
import { webFeatures } from '../features';

/**
 * The signed-in shell's messages (navigation frame, home, the list kit's words, status labels), loaded with
 * the shell's chunk rather than with the sign-in page, whose weight is budgeted (lib/i18n.ts), and every
 * feature's navigation titles, which its manifest carries (they show before the feature's chunk loads).
 */
export const messagesLoaded = addFeatureMessages({
  en: () => import('./locales/en.json'),
  ta: () => import('./locales/ta.json'),
}).then(() => {
  const language = i18n.language === 'ta' ? 'ta' : 'en';
  for (const feature of webFeatures) {
    if (feature.navTitles) i18n.addResourceBundle(language, 'translation', feature.navTitles[language], true, true);
  }
});
