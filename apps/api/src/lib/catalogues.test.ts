import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The API-only catalogues (`locales/<part>.en.json`, merged into the shared one by the API's i18n): each has a
 * Tamil twin with the same keys and placeholders, and adds no key the shared catalogue already has.
 */
type Tree = { [key: string]: string | Tree };
const folder = join(import.meta.dirname, '../../../../packages/contracts/src/locales');
const read = (name: string) => JSON.parse(readFileSync(join(folder, name), 'utf8')) as Tree;
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`)));
const lookup = (tree: Tree, path: string) =>
  path.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);
const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

const parts = readdirSync(folder)
  .filter((name) => /^[a-z-]+\.en\.json$/.test(name))
  .map((name) => name.replace(/\.en\.json$/, ''));

describe.each(parts)("the API-only messages of '%s'", (part) => {
  const en = read(`${part}.en.json`);
  const ta = read(`${part}.ta.json`);
  it('has every English key in Tamil, with the same placeholders', () => {
    expect(keys(ta).sort()).toEqual(keys(en).sort());
    for (const key of keys(en)) expect(placeholders(lookup(ta, key)), key).toEqual(placeholders(lookup(en, key)));
  });
  it('says nothing the shared catalogue already says', () => {
    const shared = new Set(keys(read('en.json')));
    expect(keys(en).filter((key) => shared.has(key))).toEqual([]);
  });
});
