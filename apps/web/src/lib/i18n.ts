import type { Language } from '@ps/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getLanguage } from './session';

type Messages = { [key: string]: string | Messages };

/** Deep merge, so the web may add keys inside a namespace the contracts also use (e.g. `errors.*`). */
function merge(base: Messages, extra: Messages): Messages {
  const out: Messages = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const current = out[key];
    out[key] = typeof value === 'object' && typeof current === 'object' ? merge(current, value) : value;
  }
  return out;
}

type JsonModule = { default: Messages };

/**
 * Each language's messages (the contracts' API messages and the web's) and, for Tamil, the bundled font: separate chunks of the build, so a visitor downloads only the language they use. A language
 * change reloads the page (spec 2), so one language per page load is all there is.
 */
const languageLoaders: Record<Language, () => Promise<Messages>> = {
  en: async () => {
    const [contracts, web] = await Promise.all([
      import('@ps/contracts/locales/en.json') as Promise<JsonModule>,
      import('../locales/en.json') as Promise<JsonModule>,
    ]);
    return merge(contracts.default, web.default);
  },
  ta: async () => {
    const [contracts, web, font] = await Promise.all([
      import('@ps/contracts/locales/ta.json') as Promise<JsonModule>,
      import('../locales/ta.json') as Promise<JsonModule>,
      import('./tamilFont'),
    ]);
    font.applyBundledTamilFont();
    return merge(contracts.default, web.default);
  },
};

/**
 * Loads the chosen language's messages (from this app's own files, no backend call: spec 7) and starts
 * i18next with them. Only that language is loaded: the key checks keep ta.json's keys equal to en.json's.
 */
export async function initI18n(): Promise<Language> {
  const language = getLanguage();
  const resources: Partial<Record<Language, { translation: Messages }>> = {
    [language]: { translation: await languageLoaders[language]() },
  };
  await i18n.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = language;
  return language;
}

/**
 * A feature's own messages (`features/<feature>/locales/{en,ta}.json`), loaded with the feature's lazy chunk
 * instead of with the sign-in page, whose weight is budgeted: the feature's `index.ts` awaits this before its
 * screens render. They merge into the same keys (the shell keeps only what it shows, such as a nav title).
 */
export async function addFeatureMessages(loaders: Record<Language, () => Promise<JsonModule>>): Promise<void> {
  const language: Language = i18n.language === 'ta' ? 'ta' : 'en';
  const messages = await loaders[language]();
  i18n.addResourceBundle(language, 'translation', messages.default, true, true);
}

/** Translates a zod message key from the contracts; a message that is not a key is shown as it is. */
export function translateMessage(message: string | undefined): string | undefined {
  if (!message) return undefined;
  return i18n.exists(message) ? i18n.t(message) : message;
}

export { i18n };
