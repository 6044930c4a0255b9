import { assignablePermissions, builtInRolePermissions, permissionParts } from '@ps/contracts';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json' with { type: 'json' };
import ta from './locales/ta.json' with { type: 'json' };
import { matrixRows, resourceLabelKey, rowPermissions, specialLabelKey, toggled } from './matrix';

/** The catalogue as the API builds it (roles.service.ts, permissionCatalogue). */
function catalogue() {
  const byResource = new Map<string, string[]>();
  for (const permission of assignablePermissions) {
    const { resource } = permissionParts(permission);
    byResource.set(resource, [...(byResource.get(resource) ?? []), permission]);
  }
  return [...byResource].map(([resource, permissions]) => ({ resource, permissions }));
}

const lookup = (catalogue: unknown, key: string) =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), catalogue);

describe('the role matrix', () => {
  it('puts view, create, update and delete in their columns and the rest beside them, losing none', () => {
    const rows = matrixRows(catalogue());
    const trips = rows.find((row) => row.resource === 'trips');
    expect(trips?.crud).toEqual({ view: 'trips.view', create: 'trips.create', update: 'trips.update', delete: 'trips.delete' });
    expect(trips?.special).toEqual(['trips.status', 'trips.status_admin', 'trips.movement']);
    expect(rows.find((row) => row.resource === 'countries')?.crud).toEqual({ view: 'countries.view' });
    expect(rows.flatMap(rowPermissions).sort()).toEqual([...assignablePermissions].sort());
  });

  it('names every resource and every special action in English and Tamil', () => {
    const missing: string[] = [];
    for (const row of matrixRows(catalogue())) {
      for (const key of [resourceLabelKey(row.resource), ...row.special.map(specialLabelKey)]) {
        for (const [language, messages] of [
          ['en', en],
          ['ta', ta],
        ] as const) {
          if (typeof lookup(messages, key) !== 'string') missing.push(`${language}: ${key}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('toggles a group of permissions in or out without touching the others', () => {
    expect(toggled(['a.view', 'b.view'], ['b.view', 'b.create'], true).sort()).toEqual(['a.view', 'b.create', 'b.view']);
    expect(toggled(['a.view', 'b.view', 'b.create'], ['b.view', 'b.create'], false)).toEqual(['a.view']);
  });

  it('offers a company role nothing of the organisation’s super admin', () => {
    const all = matrixRows(catalogue()).flatMap(rowPermissions);
    const organisationOnly = builtInRolePermissions.super_admin.filter(
      (permission) => !(builtInRolePermissions.admin as readonly string[]).includes(permission),
    );
    expect(organisationOnly.length).toBeGreaterThan(0);
    for (const permission of organisationOnly) expect(all).not.toContain(permission);
  });
});
