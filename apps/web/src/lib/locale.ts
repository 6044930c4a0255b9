/**
 * The Intl locale of a UI language: Tamil as written in India, English as in Britain, so every date on every screen
 * reads the same way ("24 Nov 2026, 06:05", not "Nov 24, 2026, 6:05 AM" beside it).
 */
export function intlLocale(language: string): 'ta-IN' | 'en-GB' {
  return language === 'ta' ? 'ta-IN' : 'en-GB';
}
