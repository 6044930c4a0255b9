// Times are typed and shown on a place's wall clock (an airport's, the company's), while the API
// keeps UTC instants. The browser's Intl knows every zone's offsets: no date library needed.

const partsFormats = new Map<string, Intl.DateTimeFormat>();
function partsFormat(zone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    partsFormats.set(zone, format);
  }
  return format;
}

/** The wall clock of `instant` in `zone` as `YYYY-MM-DDTHH:mm` (the value of an `<input type="datetime-local">`). */
export function toZonedLocal(instant: string | Date, zone: string): string {
  const parts = Object.fromEntries(
    partsFormat(zone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** The zone's offset from UTC (ms) at `instant`. */
function offsetAt(instantMs: number, zone: string): number {
  const local = toZonedLocal(new Date(instantMs), zone);
  return Date.parse(`${local}:00Z`) - Math.floor(instantMs / 60_000) * 60_000;
}

/**
 * The UTC instant (ISO 8601) of wall-clock `local` (`YYYY-MM-DDTHH:mm`) in `zone`. A time that a clock change
 * skips is taken as the same minutes after the change; a repeated one as its first occurrence.
 */
export function fromZonedLocal(local: string, zone: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return undefined;
  const asUtc = Date.parse(`${local}:00Z`);
  if (Number.isNaN(asUtc)) return undefined;
  // The offsets a day either side bound the answer; a clock change lies between them at most.
  const day = 86_400_000;
  const candidates = [asUtc - offsetAt(asUtc - day, zone), asUtc - offsetAt(asUtc + day, zone)].sort((x, y) => x - y);
  const exact = candidates.find((instant) => toZonedLocal(new Date(instant), zone) === local);
  // A skipped time: the offset before the change (01:30 in a 01:00 -> 02:00 jump is 02:30 after it).
  return new Date(exact ?? asUtc - offsetAt(asUtc - day, zone)).toISOString();
}

/** The calendar day (`YYYY-MM-DD`) of a wall-clock value: what the quote takes. */
export function dayOf(local: string | undefined): string | undefined {
  return local && /^\d{4}-\d{2}-\d{2}/.test(local) ? local.slice(0, 10) : undefined;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** The calendar day (`YYYY-MM-DD`) of an instant in a time zone (the browser's when none is given). */
export function dayIn(zone: string | undefined, instant: Date | string = new Date()): string {
  const key = zone ?? '';
  let format = dayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(key, format);
  }
  return format.format(new Date(instant));
}

/** Today in the browser's time zone, as `YYYY-MM-DD` (the value of a date input). */
export const todayInBrowser = (): string => dayIn(undefined);

/** The browser's own time zone (an IANA name); UTC where the runtime cannot say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}
