import { readFileSync } from 'node:fs';
import { builtInRolePermissions } from '@ps/contracts';
import { describe, expect, it } from 'vitest';
import { companyRoutePermissions, mayOpen, orgRoutePermissions } from './routeAccess';

const routerSource = readFileSync(new URL('./router.tsx', import.meta.url), 'utf8');
const used = (helper: string) => [...routerSource.matchAll(new RegExp(`${helper}\\('([^']*)'\\)`, 'g'))].map((match) => match[1]).sort();

describe.each([
  { name: 'company', helper: 'companyAccess', table: companyRoutePermissions as Record<string, string>, role: 'admin' as const },
  { name: 'organisation', helper: 'orgAccess', table: orgRoutePermissions as Record<string, string>, role: 'super_admin' as const },
])('route access: $name screens', ({ helper, table, role }) => {
  it('every screen of the router has exactly one entry, and every entry is a screen', () => {
    const paths = used(helper);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual(Object.keys(table).sort());
  });

  it('an add page needs .create, an edit page .update, of the same resource as its list', () => {
    for (const [path, permission] of Object.entries(table)) {
      if (path.endsWith('/new')) {
        expect(permission, path).toMatch(/\.create$/);
        const list = table[path.slice(0, -'/new'.length)];
        if (list) expect(list.split('.')[0], path).toBe(permission.split('.')[0]);
      }
      if (path.endsWith('/edit')) expect(permission, path).toMatch(/\.update$/);
    }
  });

  it('the role that owns these screens may open every one of them', () => {
    const permissions: readonly string[] = builtInRolePermissions[role];
    for (const [path, permission] of Object.entries(table)) expect(permissions, path).toContain(permission);
  });
});

describe('mayOpen', () => {
  it('opens what the role holds and pages that need nothing; refuses the rest', () => {
    expect(mayOpen({ permission: 'airports.view' }, ['airports.view'])).toBe(true);
    expect(mayOpen({ permission: 'airports.create' }, ['airports.view'])).toBe(false);
    expect(mayOpen({ permission: null }, [])).toBe(true);
    expect(mayOpen(undefined, [])).toBe(true);
  });

  it('a read-only role opens the lists but not their add or edit pages', () => {
    const readOnly = ['session', 'airports.view'];
    expect(mayOpen({ permission: companyRoutePermissions['/airports'] }, readOnly)).toBe(true);
    expect(mayOpen({ permission: companyRoutePermissions['/airports/new'] }, readOnly)).toBe(false);
    expect(mayOpen({ permission: companyRoutePermissions['/airports/$airportId/edit'] }, readOnly)).toBe(false);
    expect(mayOpen({ permission: companyRoutePermissions['/location-prices'] }, readOnly)).toBe(false);
  });
});
