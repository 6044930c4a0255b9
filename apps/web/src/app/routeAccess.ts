import type { Permission } from '@ps/contracts';
import { FINANCE_PERMISSION } from '@ps/contracts/common/endpoint';

/**
 * What each signed-in screen needs: its permission, given to its route as `staticData` (a route without one does not
 * compile). A feature's screens take theirs from its manifest (`features/<feature>/manifest.ts`); the shell (AppFrame)
 * shows "You do not have access to this page" instead of a screen the role may not open. The API checks every call
 * anyway; this keeps a role from opening a screen that can only fail.
 */
export interface RouteAccess {
  /** What the screen needs; `null` for the pages outside the signed-in shell (sign-in, not found). */
  permission: Permission | null;
  /** A screen of money throughout: `finance.view` as well (contracts common/finance.ts). */
  finance?: true;
}

/** Pages anyone may open, signed in or not (their own `beforeLoad` redirects as needed). */
export const openAccess: RouteAccess = { permission: null };
/** Pages every signed-in user may open (the company's home, the organisation's landing). */
export const sessionAccess: RouteAccess = { permission: 'session' };

/** Whether a role with these permissions may open the route whose access this is. */
export function mayOpen(access: Partial<RouteAccess> | undefined, permissions: readonly string[]): boolean {
  const permission = access?.permission;
  if (access?.finance && !permissions.includes(FINANCE_PERMISSION)) return false;
  return permission == null || permissions.includes(permission);
}

declare module '@tanstack/react-router' {
  // Required: a route that does not say what it needs does not compile.
  interface StaticDataRouteOption extends RouteAccess {}
}
