import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Where the browser's data (CLDR) transliterates a name instead of translating it, the name an operator
 * would say: "ஐக்கிய இராச்சியம்", not "யுனைடெட் கிங்டம்".
 */
const preferredNames: Record<string, Record<string, string>> = {
  ta: {
    GB: 'ஐக்கிய இராச்சியம்',
    HK: 'ஹாங்காங்',
    MO: 'மக்காவ்',
    CZ: 'செக் குடியரசு',
  },
};

/** A country's name in a language: the preferred name, else the browser's (Intl.DisplayNames), else `fallbackName`. */
export function countryNameIn(language: string, isoCode: string, fallbackName: string, displayNames?: Intl.DisplayNames): string {
  const preferred = preferredNames[language]?.[isoCode.toUpperCase()];
  if (preferred) return preferred;
  try {
    const names = displayNames ?? new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
    return names.of(isoCode) ?? fallbackName;
  } catch {
    return fallbackName;
  }
}

/**
 * Country names in the user's language from the browser's own data (Intl.DisplayNames), so Tamil screens name
 * countries in Tamil. The name the API sends is the fallback.
 */
export function useCountryName() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const displayNames = useMemo(() => {
    try {
      return new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
    } catch {
      return undefined;
    }
  }, [language]);
  return useCallback(
    (isoCode: string, fallbackName: string) => countryNameIn(language, isoCode, fallbackName, displayNames),
    [language, displayNames],
  );
}
