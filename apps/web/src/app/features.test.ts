import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { builtInRolePermissions } from '@ps/contracts';
import { describe, expect, it } from 'vitest';
import { navAccess, type Scope } from '../lib/features';
import { webFeatures } from './features';
import { mayOpen } from './routeAccess';

/** The manifests are the only place a screen, its permission and its navigation entry are declared: they must be whole. */

const screens = webFeatures.flatMap((feature) => feature.screens.map((screen) => ({ feature: feature.name, ...screen })));
const ownerRole: Record<Scope, 'admin' | 'super_admin'> = { company: 'admin', org: 'super_admin' };
const lookup = (messages: Record<string, unknown>, key: string) =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), messages);
const keysOf = (messages: Record<string, unknown>, prefix = ''): string[] =>
  Object.entries(messages).flatMap(([key, value]) =>
    value && typeof value === 'object' ? keysOf(value as Record<string, unknown>, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

describe('the features’ manifests', () => {
  it('declare each screen once, each with a permission the scope’s own role holds', () => {
    const ids = screens.map((screen) => `${screen.scope} ${screen.path}`);
    expect(new Set(ids).size).toBe(ids.length);
    for (const screen of screens) {
      expect(builtInRolePermissions[ownerRole[screen.scope]] as readonly string[], `${screen.scope} ${screen.path}`).toContain(
        screen.permission,
      );
    }
  });

  it('give an add page .create and an edit page .update, of the same resource as its list', () => {
    const byPath = new Map(screens.map((screen) => [`${screen.scope} ${screen.path}`, screen.permission]));
    for (const screen of screens) {
      if (screen.path.endsWith('/new')) {
        expect(screen.permission, screen.path).toMatch(/\.create$/);
        const list = byPath.get(`${screen.scope} ${screen.path.slice(0, -'/new'.length)}`);
        if (list) expect(list.split('.')[0], screen.path).toBe(screen.permission.split('.')[0]);
      }
      if (screen.path.endsWith('/edit')) expect(screen.permission, screen.path).toMatch(/\.update$/);
    }
  });

  it('open a screen of the feature from each navigation entry, titled in English and Tamil', () => {
    for (const feature of webFeatures) {
      for (const entry of feature.nav ?? []) {
        expect(() => navAccess(feature, entry), `${feature.name} ${entry.path}`).not.toThrow();
        expect(typeof lookup(feature.navTitles?.en ?? {}, entry.title), `${feature.name} ${entry.title} (en)`).toBe('string');
        expect(typeof lookup(feature.navTitles?.ta ?? {}, entry.title), `${feature.name} ${entry.title} (ta)`).toBe('string');
      }
      if (feature.navTitles) expect(keysOf(feature.navTitles.ta).sort(), feature.name).toEqual(keysOf(feature.navTitles.en).sort());
    }
  });

  it('name every route the screens link to or read (`getRouteApi`, `to`), since the router is built from them', () => {
    const known = new Set([
      '/',
      '/notfound',
      '/auth/login',
      '/auth/admin/login',
      '/auth/verify',
      '/auth/change-password',
      '/org',
      '/$companyId',
      ...screens.map((screen) => (screen.scope === 'org' ? `/org${screen.path}` : `/$companyId${screen.path === '/' ? '' : screen.path}`)),
    ]);
    const root = new URL('..', import.meta.url).pathname;
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
      });
    const named = files(root).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/(?:getRouteApi\(|\bto[=:]\s*)['"](\/[^'"`]*)['"]/g)].map((match) => ({
        file,
        route: match[1] ?? '',
      })),
    );
    expect(named.length).toBeGreaterThan(40);
    for (const { file, route } of named) expect(known.has(route), `${route} in ${file}`).toBe(true);
  });
});

describe('mayOpen', () => {
  it('opens what the role holds and pages that need nothing; refuses the rest', () => {
    expect(mayOpen({ permission: 'airports.view' }, ['airports.view'])).toBe(true);
    expect(mayOpen({ permission: 'airports.create' }, ['airports.view'])).toBe(false);
    expect(mayOpen({ permission: null }, [])).toBe(true);
    expect(mayOpen(undefined, [])).toBe(true);
  });
});
