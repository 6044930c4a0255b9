import { type Language, languages } from '@ps/contracts';
import en from '@ps/contracts/locales/en.json' with { type: 'json' };
import quoteEn from '@ps/contracts/locales/quote.en.json' with { type: 'json' };
import quoteTa from '@ps/contracts/locales/quote.ta.json' with { type: 'json' };
import ta from '@ps/contracts/locales/ta.json' with { type: 'json' };

type Catalogue = Record<string, unknown>;
/**
 * The shared catalogue, plus messages only the API speaks (the quote's explanation sentences): those live in
 * files of their own so the web app, which loads the shared catalogue on its sign-in page, does not carry them.
 */
const catalogues: Record<Language, Catalogue> = { en: { ...en, ...quoteEn }, ta: { ...ta, ...quoteTa } };

/** The first supported language in an Accept-Language header (quality order), else English. */
export function pickLanguage(header: string | undefined): Language {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { lang: tag.toLowerCase().split('-')[0] ?? '', q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    // q=0 means "not acceptable".
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  return (ranked.find((entry) => (languages as readonly string[]).includes(entry.lang))?.lang as Language) ?? 'en';
}

function lookup(catalogue: Catalogue, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Catalogue)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export type Translate = (key: string, vars?: Record<string, string | number>) => string;

const pluralRules: Record<Language, Intl.PluralRules> = {
  en: new Intl.PluralRules('en'),
  ta: new Intl.PluralRules('ta'),
};

/**
 * The text of a key in one catalogue. With a numeric `count`, the plural form comes first, named as i18next
 * names it (`key_one`, `key_other`: the language's CLDR plural category), so the web and the API read the
 * same catalogue the same way: "wait 1 minute", "wait 2 minutes".
 */
function lookupIn(language: Language, key: string, count: unknown): string | undefined {
  const catalogue = catalogues[language];
  if (typeof count === 'number') {
    return (
      lookup(catalogue, `${key}_${pluralRules[language].select(count)}`) ?? lookup(catalogue, `${key}_other`) ?? lookup(catalogue, key)
    );
  }
  return lookup(catalogue, key) ?? lookup(catalogue, `${key}_other`);
}

/** Text of a message key in a language, falling back to English, then to the key itself. */
export function translator(language: Language): Translate {
  return (key, vars = {}) => {
    const text = lookupIn(language, key, vars.count) ?? lookupIn('en', key, vars.count) ?? key;
    return text.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(vars[name] ?? ''));
  };
}
