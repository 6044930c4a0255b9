import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/glossary.md is the source of truth: the test reads its tables, so the doc and the check cannot drift.
const repoRoot = new URL('../../../../', import.meta.url).pathname;
const glossaryText = readFileSync(join(repoRoot, 'docs/glossary.md'), 'utf8');

type Tree = { [key: string]: string | Tree };

type Term = { english: string[]; tamil: string; stems: string[]; rejected: string[] };
type Exception = { catalogue: string; key: string; term: string; reason: string };
type Message = { catalogue: string; key: string; english: string; tamil: string };

function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim());
}

/** The body rows of the first table after the `## <heading>` line. */
function tableRows(markdown: string, heading: string): string[][] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.trim() === `## ${heading}`);
  if (start < 0) throw new Error(`docs/glossary.md has no "## ${heading}" section`);
  const rows: string[][] = [];
  let inTable = false;
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('## ')) break;
    if (line.trim().startsWith('|')) {
      inTable = true;
      rows.push(cells(line));
    } else if (inTable) break;
  }
  // The first row is the header, the second the --- separator.
  return rows.slice(2);
}

function codeSpans(cell: string): string[] {
  return [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');
}

function parseTerms(markdown: string): Term[] {
  return tableRows(markdown, 'Terms').map(([english = '', tamil = '', stems = '', rejected = '']) => ({
    english: english
      .split(',')
      .map((variant) => variant.trim())
      .filter(Boolean),
    tamil,
    stems: codeSpans(stems),
    rejected: codeSpans(rejected),
  }));
}

function parseExceptions(markdown: string): Exception[] {
  return tableRows(markdown, 'Exceptions').map(([catalogue = '', key = '', term = '', reason = '']) => ({
    catalogue: codeSpans(catalogue)[0] ?? catalogue,
    key: codeSpans(key)[0] ?? key,
    term,
    reason,
  }));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whole words, any case; a space in the term also matches a hyphen ("check in" finds "check-in"). */
function termPattern(variant: string): RegExp {
  const words = variant
    .split(/[\s-]+/)
    .map(escapeRegExp)
    .join('[\\s-]+');
  return new RegExp(`(?<![\\p{L}\\p{N}])${words}(?![\\p{L}\\p{N}])`, 'iu');
}

const withoutPlaceholders = (text: string): string => text.replace(/\{\{\w+\}\}/g, ' ');

function flatten(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : flatten(value, `${prefix}${key}.`),
  );
}

/** Every catalogue pair: en.json or <name>.en.json beside its ta.json or <name>.ta.json. */
function cataloguePairs(): { english: string; tamil: string }[] {
  const featuresDir = join(repoRoot, 'apps/web/src/features');
  const localeDirs = [
    join(repoRoot, 'packages/contracts/src/locales'),
    join(repoRoot, 'apps/web/src/locales'),
    join(repoRoot, 'apps/web/src/app/shell/locales'),
    // The hosted booking page's own words (apps/book).
    join(repoRoot, 'apps/book/src/locales'),
    ...readdirSync(featuresDir)
      .map((feature) => join(featuresDir, feature, 'locales'))
      .filter((dir) => existsSync(dir)),
  ];
  return localeDirs.flatMap((dir) =>
    readdirSync(dir)
      .filter((name) => /(^|\.)en\.json$/.test(name))
      .map((name) => ({ english: join(dir, name), tamil: join(dir, name.replace(/en\.json$/, 'ta.json')) })),
  );
}

function messages(): Message[] {
  return cataloguePairs().flatMap((pair) => {
    const tamilByKey = new Map(flatten(JSON.parse(readFileSync(pair.tamil, 'utf8')) as Tree));
    const catalogue = relative(repoRoot, pair.tamil);
    return flatten(JSON.parse(readFileSync(pair.english, 'utf8')) as Tree).map(([key, english]) => ({
      catalogue,
      key,
      english,
      tamil: tamilByKey.get(key) ?? '',
    }));
  });
}

const terms = parseTerms(glossaryText);
const patternsByTerm = new Map(terms.map((term) => [term, term.english.map(termPattern)]));
const exceptions = parseExceptions(glossaryText);
const allMessages = messages();

/** The glossary terms a message's English uses whose Tamil stem is missing from its Tamil. */
function missingTerms(message: Message): Term[] {
  const english = withoutPlaceholders(message.english);
  // File names join words with hyphens (விமான-நிலையங்கள்): read them as spaces.
  const tamil = withoutPlaceholders(message.tamil).replaceAll('-', ' ');
  return terms.filter(
    (term) => (patternsByTerm.get(term) ?? []).some((pattern) => pattern.test(english)) && !term.stems.some((stem) => tamil.includes(stem)),
  );
}

function isExcepted(message: Message, term: Term): boolean {
  return exceptions.some(
    (exception) => exception.catalogue === message.catalogue && exception.key === message.key && term.english.includes(exception.term),
  );
}

describe('glossary (docs/glossary.md)', () => {
  it('lists the product terms, each with a Tamil stem', () => {
    expect(terms.length).toBeGreaterThanOrEqual(40);
    for (const term of terms) {
      expect(term.english.length, term.tamil).toBeGreaterThan(0);
      expect(term.stems.length, term.english[0]).toBeGreaterThan(0);
    }
    const listed = terms.flatMap((term) => term.english);
    for (const required of ['booking', 'check in', 'check out', 'sign in', 'yard', 'outbox', 'slug', 'organisation', 'registration']) {
      expect(listed, required).toContain(required);
    }
  });

  it('finds every catalogue pair', () => {
    const catalogues = new Set(allMessages.map((message) => message.catalogue));
    expect(catalogues).toContain('packages/contracts/src/locales/ta.json');
    expect(catalogues).toContain('packages/contracts/src/locales/audit.ta.json');
    expect(catalogues).toContain('apps/web/src/locales/ta.json');
    expect(catalogues).toContain('apps/web/src/app/shell/locales/ta.json');
    expect(catalogues).toContain('apps/web/src/features/yards/locales/nav.ta.json');
    expect(allMessages.length).toBeGreaterThan(2000);
  });

  it('each Tamil text carries the glossary term of its English', () => {
    const misses = allMessages.flatMap((message) =>
      missingTerms(message)
        .filter((term) => !isExcepted(message, term))
        .map((term) => `${message.catalogue} ${message.key}: "${term.english[0]}" needs ${term.stems.join(' or ')} in "${message.tamil}"`),
    );
    expect(misses).toEqual([]);
  });

  it('no Tamil text uses a rejected variant', () => {
    const rejectedUses = allMessages.flatMap((message) =>
      terms
        .flatMap((term) => term.rejected)
        .filter((rejected) => withoutPlaceholders(message.tamil).includes(rejected))
        .map((rejected) => `${message.catalogue} ${message.key}: "${rejected}" in "${message.tamil}"`),
    );
    expect(rejectedUses).toEqual([]);
  });

  it('every exception is still needed and gives a reason', () => {
    for (const exception of exceptions) {
      const label = `${exception.catalogue} ${exception.key} (${exception.term})`;
      expect(exception.reason, label).not.toBe('');
      const message = allMessages.find((candidate) => candidate.catalogue === exception.catalogue && candidate.key === exception.key);
      expect(message, label).toBeDefined();
      const term = terms.find((candidate) => candidate.english.includes(exception.term));
      expect(term, label).toBeDefined();
      if (message && term) expect(missingTerms(message), label).toContain(term);
    }
  });

  it('reads a term row and matches whole words only', () => {
    const [row] = parseTerms(
      '## Terms\n\n| English | Tamil | Stems | Rejected | Note |\n| --- | --- | --- | --- | --- |\n| yard, yards | கிடங்கு | `கிடங்க` | `முற்ற` `யார்ட` | n |\n',
    );
    expect(row).toEqual({ english: ['yard', 'yards'], tamil: 'கிடங்கு', stems: ['கிடங்க'], rejected: ['முற்ற', 'யார்ட'] });
    expect(termPattern('check in').test('Check-in done')).toBe(true);
    expect(termPattern('yard').test('Backyard')).toBe(false);
    expect(termPattern('active').test('inactive')).toBe(false);
  });
});
