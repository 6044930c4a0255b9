import { crudActions, type PermissionCatalogue, permissionParts } from '@ps/contracts';

/** The role matrix (issue 9): resources down, actions across. */

export type CrudAction = (typeof crudActions)[number];

/** One resource's row: its permission per plain action (absent where the resource has none) and its special ones. */
export interface MatrixRow {
  resource: string;
  crud: Partial<Record<CrudAction, string>>;
  special: string[];
}

const isCrud = (action: string): action is CrudAction => (crudActions as readonly string[]).includes(action);

/** The catalogue (`GET /api/role/permissions`) as rows, in its order. */
export function matrixRows(catalogue: PermissionCatalogue): MatrixRow[] {
  return catalogue.map(({ resource, permissions }) => {
    const row: MatrixRow = { resource, crud: {}, special: [] };
    for (const permission of permissions) {
      const { action } = permissionParts(permission);
      if (isCrud(action)) row.crud[action] = permission;
      else row.special.push(permission);
    }
    return row;
  });
}

/** Every permission of a row. */
export const rowPermissions = (row: MatrixRow): string[] => [
  ...crudActions.flatMap((action) => (row.crud[action] ? [row.crud[action]] : [])),
  ...row.special,
];

/** The locale key of a special action's label (`trips.status_admin` → `roles.special.trips__status_admin`). */
export const specialLabelKey = (permission: string) => `roles.special.${permission.replace('.', '__')}`;

/** The locale key of a resource's name. */
export const resourceLabelKey = (resource: string) => `roles.resources.${resource}`;

/** The set with `permissions` all in (on) or all out (off). */
export function toggled(selected: readonly string[], permissions: readonly string[], on: boolean): string[] {
  const set = new Set(selected);
  for (const permission of permissions) {
    if (on) set.add(permission);
    else set.delete(permission);
  }
  return [...set];
}
