import { describe, expect, it } from 'vitest';
import en from './en.json';
import ta from './ta.json';

type Tree = { [key: string]: string | Tree };

const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`)));
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] ?? '').sort();
function lookup(tree: Tree, path: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

describe('prices locales', () => {
  it('ta.json has every key of en.json, and no other, all under `prices`', () => {
    expect(keys(ta as Tree).sort()).toEqual(keys(en as Tree).sort());
    expect(Object.keys(en)).toEqual(['prices']);
  });

  it('translations keep the same {{placeholders}} and are not left in English', () => {
    for (const key of keys(en as Tree)) {
      expect(placeholders(lookup(ta as Tree, key) ?? ''), key).toEqual(placeholders(lookup(en as Tree, key) ?? ''));
      if (!['prices.grid.cellLabel', 'prices.grid.days'].includes(key))
        expect(lookup(ta as Tree, key), key).not.toBe(lookup(en as Tree, key));
    }
  });
});
