import type { Permission } from '@ps/contracts';

/**
 * A feature of the web app as the app sees it: one manifest per feature (`features/<feature>/manifest.ts`), listed in
 * one explicit, ordered array (`app/features.ts`). The router makes a route of each screen (its page from the feature's
 * lazy chunk, its permission checked by the shell), the navigation shows each entry to those who may open its screen,
 * and `app/features.test.ts` proves the manifests complete.
 *
 * A manifest is read by the sign-in page's router, so it holds no component, no icon and no schema: only names, paths
 * and the navigation's titles (a few words per feature, `locales/nav.{en,ta}.json`).
 */

/** Where a screen lives: under `/{company_id}` (a company's back-office) or `/org` (the organisation's super admin). */
/** The icons a navigation entry may name (components/navIcons.ts draws each). */
export type NavIconName =
  | 'article'
  | 'briefcase'
  | 'building'
  | 'buildingCommunity'
  | 'warehouse'
  | 'bus'
  | 'calculator'
  | 'calendarDollar'
  | 'calendarTime'
  | 'car'
  | 'certificate'
  | 'history'
  | 'dashboard'
  | 'grid'
  | 'mail'
  | 'mapPin'
  | 'mapPins'
  | 'package'
  | 'parking'
  | 'plane'
  | 'reportMoney'
  | 'route'
  | 'scan'
  | 'settings'
  | 'shieldLock'
  | 'sparkles'
  | 'steeringWheel'
  | 'table'
  | 'ticket'
  | 'users'
  | 'userShield'
  | 'world';

export type Scope = 'company' | 'org';

export interface Screen<Page extends string = string> {
  scope: Scope;
  /** Its path under the scope, in the router's syntax: `/airports`, `/airports/$airportId/edit`. */
  path: string;
  /** The export of the feature's chunk that renders it. */
  page: Page;
  /** What its user must hold: a list `.view`, its add page `.create`, its edit page `.update` (the API checks anyway). */
  permission: Permission;
  /** A screen of money throughout (payroll, an agency statement): `finance.view` as well, as its calls need. */
  finance?: true;
}

/** The navigation's groups, in the order it shows them. */
export const navGroups = ['today', 'bookings', 'ground', 'places', 'prices', 'organisation', 'settings'] as const;
export type NavGroup = (typeof navGroups)[number];

export interface NavEntry {
  scope: Scope;
  /** The screen it opens (one of the feature's screens): it is shown to those who may open that screen. */
  path: string;
  /** Its title's key in the feature's `locales/nav.{en,ta}.json`: `nav.<key>`. */
  title: string;
  icon: NavIconName;
  group: NavGroup;
}

type Messages = Record<string, unknown>;

export interface FeatureManifest<Chunk = Record<string, unknown>> {
  name: string;
  /** The feature's lazy chunk: its screens (and their messages, which it loads before it resolves). */
  load: () => Promise<Chunk>;
  screens: readonly Screen<Extract<keyof Chunk, string>>[];
  nav?: readonly NavEntry[];
  /** The navigation's titles in both languages (`{ nav: { <key>: <title> } }`), shown before the chunk loads. */
  navTitles?: { en: Messages; ta: Messages };
}

/** A feature's manifest, its screens' pages checked against what its chunk exports. */
export function defineFeature<Chunk>(manifest: FeatureManifest<Chunk>): FeatureManifest {
  return manifest as unknown as FeatureManifest;
}

/** A screen's full path for a company or the organisation: `/1/airports`, `/org/companies`. */
export function screenHref(scope: Scope, path: string, companyId: number | null): string {
  const base = scope === 'org' ? '/org' : `/${companyId ?? ''}`;
  return path === '/' ? base : `${base}${path}`;
}

/** What the screen a navigation entry opens needs. */
export function navAccess(feature: FeatureManifest, entry: NavEntry): Pick<Screen, 'permission' | 'finance'> {
  const screen = feature.screens.find((candidate) => candidate.scope === entry.scope && candidate.path === entry.path);
  if (!screen) throw new Error(`${feature.name}: the navigation entry ${entry.path} opens no screen of the feature`);
  return screen.finance ? { permission: screen.permission, finance: true } : { permission: screen.permission };
}
