import { getAllTimezones } from 'countries-and-timezones';

export interface TimeZoneOption {
  value: string;
  label: string;
}

/** The city part of an IANA name: `America/Argentina/Buenos_Aires` → `Buenos Aires`. */
export function cityOf(zone: string): string {
  const last = zone.split('/').pop() ?? zone;
  return last.replace(/_/g, ' ');
}

/** The zones of each country (ISO 3166-1 alpha-2) and every current zone, from the tz database's zone.tab. */
const tz = (() => {
  const byCountry = new Map<string, string[]>();
  const all: string[] = [];
  for (const zone of Object.values(getAllTimezones())) {
    if (zone.aliasOf) continue;
    all.push(zone.name);
    for (const country of zone.countries) byCountry.set(country, [...(byCountry.get(country) ?? []), zone.name]);
  }
  if (!all.includes('UTC')) all.push('UTC');
  return { byCountry, all };
})();

export function zonesOfCountry(isoCode: string | undefined): string[] {
  return isoCode ? (tz.byCountry.get(isoCode.toUpperCase()) ?? []) : [];
}

/**
 * `Kolkata — இந்திய நிலையான நேரம் (GMT+5:30)`: the city as IANA names it (what people search for), then the
 * zone's name and offset in the user's language from the browser's own data.
 */
export function timeZoneLabel(zone: string, language: string): string {
  const part = (style: 'longGeneric' | 'shortOffset') => {
    try {
      return new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: style })
        .formatToParts(new Date())
        .find((p) => p.type === 'timeZoneName')?.value;
    } catch {
      return undefined;
    }
  };
  const name = part('longGeneric');
  const offset = part('shortOffset');
  const city = zone === 'UTC' ? 'UTC' : cityOf(zone);
  return [city, name && name !== city ? ` — ${name}` : '', offset && offset !== name ? ` (${offset})` : ''].join('');
}

/**
 * The picker's options: the chosen country's zones first, then every other zone, each labelled in the user's
 * language. A stored name that is not a current one (an alias such as `Asia/Calcutta`) is kept on top.
 */
export function timeZoneOptions(language: string, countryIso: string | undefined, current: string | undefined) {
  const own = zonesOfCountry(countryIso);
  const ownSet = new Set(own);
  const option = (zone: string): TimeZoneOption => ({ value: zone, label: `${timeZoneLabel(zone, language)} · ${zone}` });
  const byLabel = (a: TimeZoneOption, b: TimeZoneOption) => a.label.localeCompare(b.label, language);
  const first = own.map(option).sort(byLabel);
  if (current && !ownSet.has(current) && !tz.all.includes(current)) first.unshift(option(current));
  const rest = tz.all
    .filter((zone) => !ownSet.has(zone))
    .map(option)
    .sort(byLabel);
  return { first, rest };
}
