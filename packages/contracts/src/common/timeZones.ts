/**
 * IANA time zone names as the API accepts them: every name of the tz database, canonical or alias
 * (`Asia/Kolkata` and the older `Asia/Calcutta`, `Europe/Kyiv` and `Europe/Kiev`, `UTC`). The runtime's own
 * time zone data decides (Intl), so no list has to be kept here. Offsets such as `+05:30` are not names and
 * are refused, so a stored airport always names a place.
 */
const NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;
const MAX_LENGTH = 64;

const checked = new Map<string, boolean>();

export function isKnownTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > MAX_LENGTH || !NAME_PATTERN.test(value)) return false;
  const known = checked.get(value);
  if (known !== undefined) return known;
  let ok: boolean;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    ok = true;
  } catch {
    ok = false;
  }
  if (checked.size < 2_000) checked.set(value, ok);
  return ok;
}

/** The canonical IANA names this runtime lists, plus UTC (absent from some engines' list). */
export function knownTimeZones(): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}
