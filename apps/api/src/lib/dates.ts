// One Intl formatter per time zone, kept: each formatter holds ICU memory outside the JS heap that is freed
// only when V8 collects it, so making one per request grew the server's memory under load (bench/README.md).
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) of an instant in a time zone (an IANA name the runtime knows). */
export function dayAt(instant: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(instant);
}
