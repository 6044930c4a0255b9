import { type Language, languages } from '@ps/contracts';
import agenciesEn from '@ps/contracts/locales/agencies.en.json' with { type: 'json' };
import agenciesTa from '@ps/contracts/locales/agencies.ta.json' with { type: 'json' };
import attendanceEn from '@ps/contracts/locales/attendance.en.json' with { type: 'json' };
import attendanceTa from '@ps/contracts/locales/attendance.ta.json' with { type: 'json' };
import auditEn from '@ps/contracts/locales/audit.en.json' with { type: 'json' };
import auditTa from '@ps/contracts/locales/audit.ta.json' with { type: 'json' };
import blogEn from '@ps/contracts/locales/blog.en.json' with { type: 'json' };
import blogTa from '@ps/contracts/locales/blog.ta.json' with { type: 'json' };
import bookingsEn from '@ps/contracts/locales/bookings.en.json' with { type: 'json' };
import bookingsTa from '@ps/contracts/locales/bookings.ta.json' with { type: 'json' };
import customerDataEn from '@ps/contracts/locales/customerData.en.json' with { type: 'json' };
import customerDataTa from '@ps/contracts/locales/customerData.ta.json' with { type: 'json' };
import driversEn from '@ps/contracts/locales/drivers.en.json' with { type: 'json' };
import driversTa from '@ps/contracts/locales/drivers.ta.json' with { type: 'json' };
import en from '@ps/contracts/locales/en.json' with { type: 'json' };
import flightsEn from '@ps/contracts/locales/flights.en.json' with { type: 'json' };
import flightsTa from '@ps/contracts/locales/flights.ta.json' with { type: 'json' };
import handoversEn from '@ps/contracts/locales/handovers.en.json' with { type: 'json' };
import handoversTa from '@ps/contracts/locales/handovers.ta.json' with { type: 'json' };
import mailEn from '@ps/contracts/locales/mail.en.json' with { type: 'json' };
import mailTa from '@ps/contracts/locales/mail.ta.json' with { type: 'json' };
import paymentsEn from '@ps/contracts/locales/payments.en.json' with { type: 'json' };
import paymentsTa from '@ps/contracts/locales/payments.ta.json' with { type: 'json' };
import payoutsEn from '@ps/contracts/locales/payouts.en.json' with { type: 'json' };
import payoutsTa from '@ps/contracts/locales/payouts.ta.json' with { type: 'json' };
import publicBookingEn from '@ps/contracts/locales/publicBooking.en.json' with { type: 'json' };
import publicBookingTa from '@ps/contracts/locales/publicBooking.ta.json' with { type: 'json' };
import quoteEn from '@ps/contracts/locales/quote.en.json' with { type: 'json' };
import quoteTa from '@ps/contracts/locales/quote.ta.json' with { type: 'json' };
import reportsEn from '@ps/contracts/locales/reports.en.json' with { type: 'json' };
import reportsTa from '@ps/contracts/locales/reports.ta.json' with { type: 'json' };
import restoreEn from '@ps/contracts/locales/restore.en.json' with { type: 'json' };
import restoreTa from '@ps/contracts/locales/restore.ta.json' with { type: 'json' };
import rolesEn from '@ps/contracts/locales/roles.en.json' with { type: 'json' };
import rolesTa from '@ps/contracts/locales/roles.ta.json' with { type: 'json' };
import ta from '@ps/contracts/locales/ta.json' with { type: 'json' };
import tripsEn from '@ps/contracts/locales/trips.en.json' with { type: 'json' };
import tripsTa from '@ps/contracts/locales/trips.ta.json' with { type: 'json' };
import webConfigEn from '@ps/contracts/locales/webConfig.en.json' with { type: 'json' };
import webConfigTa from '@ps/contracts/locales/webConfig.ta.json' with { type: 'json' };

type Catalogue = Record<string, unknown>;

/** `extra`'s keys added into `base`, level by level (two files may both have an `errors` section). */
function mergeCatalogues(base: Catalogue, ...extras: Catalogue[]): Catalogue {
  const merged: Catalogue = { ...base };
  for (const extra of extras) {
    for (const [key, value] of Object.entries(extra)) {
      const existing = merged[key];
      merged[key] =
        value && typeof value === 'object' && existing && typeof existing === 'object'
          ? mergeCatalogues(existing as Catalogue, value as Catalogue)
          : value;
    }
  }
  return merged;
}

/**
 * The shared catalogue, plus messages only the API speaks (the quote's explanation sentences, the bookings'
 * errors, labels and mail): those live in files of their own (`locales/<part>.<language>.json`) so the web
 * app, which loads the shared catalogue on its sign-in page, does not carry them. The web shows the API's
 * `message`, already in the caller's language.
 */
const catalogues: Record<Language, Catalogue> = {
  en: mergeCatalogues(
    en,
    quoteEn,
    rolesEn,
    bookingsEn,
    paymentsEn,
    mailEn,
    driversEn,
    payoutsEn,
    flightsEn,
    attendanceEn,
    tripsEn,
    webConfigEn,
    agenciesEn,
    blogEn,
    restoreEn,
    auditEn,
    handoversEn,
    publicBookingEn,
    customerDataEn,
    reportsEn,
  ),
  ta: mergeCatalogues(
    ta,
    quoteTa,
    rolesTa,
    bookingsTa,
    paymentsTa,
    mailTa,
    driversTa,
    payoutsTa,
    flightsTa,
    attendanceTa,
    tripsTa,
    webConfigTa,
    agenciesTa,
    blogTa,
    restoreTa,
    auditTa,
    handoversTa,
    publicBookingTa,
    customerDataTa,
    reportsTa,
  ),
};

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

/** Whether a language's catalogue has a message for the key (in any plural form): the manifests' test asks it. */
export function hasMessage(language: Language, key: string): boolean {
  return lookupIn(language, key, undefined) !== undefined;
}
