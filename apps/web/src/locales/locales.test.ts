import { describe, expect, it } from 'vitest';
import en from './en.json';
import ta from './ta.json';

type Tree = { [key: string]: string | Tree };

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] ?? '').sort();
}

function lookup(tree: Tree, path: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

describe('web locales', () => {
  it('ta.json has every key of en.json, and no other', () => {
    expect(keys(ta as Tree).sort()).toEqual(keys(en as Tree).sort());
  });

  it('translations keep the same {{placeholders}}', () => {
    for (const key of keys(en as Tree)) {
      expect(placeholders(lookup(ta as Tree, key) ?? ''), key).toEqual(placeholders(lookup(en as Tree, key) ?? ''));
    }
  });
});

/** Each feature's own messages (loaded with its chunk): the same rules, per feature. */
// The signed-in shell's messages follow the same rules (app/shell/locales), keyed here as a feature named 'shell'.
const featureLocales = Object.fromEntries(
  Object.entries(import.meta.glob<{ default: Tree }>(['../features/*/locales/*.json', '../app/shell/locales/*.json'], { eager: true })).map(
    ([path, module]) => [path.replace('../app/shell/', '../features/shell/'), module],
  ),
);

describe('feature locales', () => {
  const features = [...new Set(Object.keys(featureLocales).map((path) => path.split('/')[2] ?? ''))];

  it('are found', () => {
    expect(features.length).toBeGreaterThan(0);
  });

  it.each(features)('%s: ta.json has every key of en.json and no other, with the same {{placeholders}}', (feature) => {
    const featureEn = featureLocales[`../features/${feature}/locales/en.json`]?.default ?? {};
    const featureTa = featureLocales[`../features/${feature}/locales/ta.json`]?.default ?? {};
    expect(keys(featureTa).sort()).toEqual(keys(featureEn).sort());
    for (const key of keys(featureEn)) {
      expect(placeholders(lookup(featureTa, key) ?? ''), key).toEqual(placeholders(lookup(featureEn, key) ?? ''));
    }
  });

  it.each(features)('%s: says nothing the app-wide files already say', (feature) => {
    const featureEn = featureLocales[`../features/${feature}/locales/en.json`]?.default ?? {};
    for (const key of keys(featureEn)) expect(lookup(en as Tree, key), key).toBeUndefined();
  });
});
