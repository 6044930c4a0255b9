import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Country names in the user's language from the browser's own data (Intl.DisplayNames), so Tamil screens say
 * "ஐக்கிய இராச்சியம்" rather than "United Kingdom". The name the API sends is the fallback.
 */
export function useCountryName() {
  const { i18n } = useTranslation();
  const displayNames = useMemo(() => {
    try {
      return new Intl.DisplayNames([i18n.language], { type: 'region', fallback: 'none' });
    } catch {
      return undefined;
    }
  }, [i18n.language]);
  return useCallback(
    (isoCode: string, fallbackName: string) => {
      try {
        return displayNames?.of(isoCode) ?? fallbackName;
      } catch {
        return fallbackName;
      }
    },
    [displayNames],
  );
}
