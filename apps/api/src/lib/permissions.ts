import { builtInRolePermissions, SESSION_PERMISSION } from '@ps/contracts';

/**
 * The permissions of a role as the per-request check uses them. A built-in role (its `key`: super_admin, admin,
 * driver) has the release's list (`builtInRolePermissions` in the contracts); a company's own role has what is stored
 * on it, plus `session`. Stored names the release no longer knows are ignored.
 */
export function rolePermissionSet(key: string | null, stored: readonly string[] | null): ReadonlySet<string> {
  if (key !== null) {
    const builtIn = (builtInRolePermissions as Record<string, readonly string[]>)[key];
    return new Set(builtIn ?? []);
  }
  const known = new Set<string>(builtInRolePermissions.admin);
  return new Set([SESSION_PERMISSION, ...(stored ?? []).filter((permission) => known.has(permission))]);
}
