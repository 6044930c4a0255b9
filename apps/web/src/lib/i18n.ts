import dayjs from 'dayjs';
import 'dayjs/locale/ta';
import type { Language } from '@ps/contracts';
import contractsEn from '@ps/contracts/locales/en.json';
import contractsTa from '@ps/contracts/locales/ta.json';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import webEn from '../locales/en.json';
import webTa from '../locales/ta.json';
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

export const resources = {
  en: { translation: merge(contractsEn, webEn) },
  ta: { translation: merge(contractsTa, webTa) },
};

dayjs.extend(localizedFormat);

/** Initialises i18next synchronously: the messages are bundled, no backend call (spec 7). */
export function initI18n(): Language {
  const language = getLanguage();
  void i18n.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  dayjs.locale(language);
  document.documentElement.lang = language;
  return language;
}

/** Translates a zod message key from the contracts; a message that is not a key is shown as it is. */
export function translateMessage(message: string | undefined): string | undefined {
  if (!message) return undefined;
  return i18n.exists(message) ? i18n.t(message) : message;
}

export function formatNumber(value: number): string {
  return new Intl.NumberFormat(i18n.language).format(value);
}

export function formatDateTime(iso: string): string {
  return dayjs(iso).locale(i18n.language).format('ll LT');
}

export { i18n };
