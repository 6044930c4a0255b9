import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 21, section 2: dates, times, durations, numbers and money are written by one module
 * (packages/contracts/src/common/format.ts, bound to the page's language in lib/format.ts); this test reads the
 * web's, the booking page's, the API's and the contracts' sources. A file
 * that formats with Intl's formatters, `toLocale*String` or a date library itself writes its own dialect: this
 * test names it. Intl's other services (Segmenter, PluralRules, DisplayNames, supportedValuesOf, Collator) do
 * not write dates or numbers and stay free to use.
 */
const root = join(import.meta.dirname, '../../../..');
const sourceDirectories = ['apps/web/src', 'apps/api/src', 'packages/contracts/src', 'apps/book/src'];

/** Files that may use Intl's date formatter, and why: they compute a wall clock's parts or name a zone, never write a date. */
const clockArithmetic: Record<string, string> = {
  'packages/contracts/src/common/format.ts': 'the formatters themselves',
  'packages/contracts/src/common/zonedTime.ts': "a zone's wall clock as YYYY-MM-DDTHH:mm parts (datetime-local inputs, grouping)",
  'apps/api/src/lib/dates.ts': 'the calendar day of an instant in a zone (YYYY-MM-DD parts)',
  'apps/web/src/lib/timeZones.ts': 'a time zone\'s own name ("British Time", "GMT+1") for the zone picker, not a date',
  'packages/contracts/src/common/timeZones.ts': 'whether the runtime knows a zone (a RangeError says it does not)',
};

const FORBIDDEN = [
  /\bIntl\.(DateTimeFormat|NumberFormat|RelativeTimeFormat|DurationFormat|ListFormat)\b/,
  /\.toLocale(Date|Time)?String\(/,
  /\bfrom ['"](dayjs|date-fns|moment|luxon)/,
];

function sourceFiles(directory: string): string[] {
  return readdirSync(join(root, directory), { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('one way to write a date, a number and money', () => {
  const files = sourceDirectories.flatMap(sourceFiles);

  it('finds the sources it checks', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(files).toContain('apps/web/src/lib/format.ts');
  });

  it('no file formats dates, numbers or money with Intl, toLocale* or a date library itself', () => {
    const offenders = files.flatMap((file) => {
      if (clockArithmetic[file]) return [];
      const lines = readFileSync(join(root, file), 'utf8').split('\n');
      return lines.flatMap((line, index) =>
        FORBIDDEN.some((pattern) => pattern.test(line)) && !line.trim().startsWith('*') && !line.trim().startsWith('//')
          ? [`${relative('.', file)}:${index + 1}: ${line.trim()}`]
          : [],
      );
    });
    expect(offenders).toEqual([]);
  });

  it('the clock-arithmetic files keep to fixed parts, never a reader language', () => {
    for (const file of ['packages/contracts/src/common/zonedTime.ts', 'apps/api/src/lib/dates.ts']) {
      const text = readFileSync(join(root, file), 'utf8');
      expect(text, file).not.toMatch(/intlLocale|dateStyle|timeStyle|\.toLocale/);
    }
  });
});
