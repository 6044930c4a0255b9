import { DEFAULT_LANGUAGE, type Language, languages } from '@ps/contracts/common/languages';
import en from './locales/en.json';
import ta from './locales/ta.json';

/** The page's words in both languages (small: both ship with the page, so switching never waits). */
const catalogues: Record<Language, Record<string, unknown>> = { en, ta };
const LANGUAGE_KEY = 'language';

/** The visitor's language: the one they chose here before (shared with the back office's key), else the browser's. */
export function initialLanguage(): Language {
  const kept = localStorage.getItem(LANGUAGE_KEY);
  if (kept && (languages as readonly string[]).includes(kept)) return kept as Language;
  return navigator.languages.some((tag) => tag.toLowerCase().startsWith('ta')) ? 'ta' : DEFAULT_LANGUAGE;
}

export function keepLanguage(language: Language): void {
  localStorage.setItem(LANGUAGE_KEY, language);
  document.documentElement.lang = language;
}

export type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** `t('book.total', { amount })`: the text at the dotted key, `{{name}}` filled in; the key itself when missing (seen in tests). */
export function translator(language: Language): Translate {
  return (key, vars = {}) => {
    const found = key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogues[language]);
    const text = typeof found === 'string' ? found : key;
    return text.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(vars[name] ?? ''));
  };
}
