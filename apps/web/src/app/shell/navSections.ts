import { type NavGroup, navGroups } from '../../lib/features';

/**
 * The navigation's sections and which of them are open (issue 21, section 3): the entries a user may open, in their
 * groups (lib/features.ts `navGroups`), each group a heading that opens and closes it. Plain functions of the entries,
 * the address and the user's stored choices, so the rules are tested without a browser (navSections.test.ts).
 */

export interface GroupedEntry {
  href: string;
  /** The entry's group; none for an entry of its own (home). */
  group?: NavGroup;
}

/** A group with its entries, or an entry shown alone (a group of one needs no heading to open). */
export type NavSection<Entry extends GroupedEntry> = { group: NavGroup; entries: Entry[] } | { group: null; entries: [Entry] };

/**
 * Rows of the navigation that fit a 1366 x 768 screen without scrolling: the header takes 60 px and the bar's padding
 * 24, and an entry or a heading is 38 px (measured in e2e/navigation.spec.ts). Up to this many the groups start open.
 */
export const ROWS_THAT_FIT = 17;

/** Entries in their groups' order (then in the order given); a group of one entry is that entry alone. */
export function navSections<Entry extends GroupedEntry>(entries: readonly Entry[]): NavSection<Entry>[] {
  const sections: NavSection<Entry>[] = [];
  const rank = (entry: Entry) => (entry.group ? navGroups.indexOf(entry.group) : -1);
  const sorted = entries.map((entry, index) => ({ entry, index })).sort((a, b) => rank(a.entry) - rank(b.entry) || a.index - b.index);
  for (const { entry } of sorted) {
    const last = sections.at(-1);
    if (entry.group && last?.group === entry.group) last.entries.push(entry);
    else if (entry.group) sections.push({ group: entry.group, entries: [entry] });
    else sections.push({ group: null, entries: [entry] });
  }
  return sections.map((section) =>
    section.group && section.entries.length === 1 ? { group: null, entries: [section.entries[0] as Entry] } : section,
  );
}

/** Rows the navigation takes with every group open: each entry and each group's heading. */
export function rowsOpen(sections: readonly NavSection<GroupedEntry>[]): number {
  return sections.reduce((rows, section) => rows + section.entries.length + (section.group ? 1 : 0), 0);
}

/** The user's choices: a group they opened (true) or closed (false); a group they never touched is not in it. */
export type GroupChoices = Partial<Record<NavGroup, boolean>>;

export interface OpenState {
  /** The group of the screen on view (its entry is open whenever one arrives at it). */
  current: NavGroup | null;
  /** The user closed the current group while on this screen. */
  currentClosed: boolean;
  choices: GroupChoices;
  /** Every group starts open when all of them fit without scrolling (`ROWS_THAT_FIT`), else closed. */
  allFit: boolean;
}

/** Whether a group is open: the current one unless closed on this screen, any other as the user left it. */
export function isGroupOpen(group: NavGroup, state: OpenState): boolean {
  if (group === state.current) return !state.currentClosed;
  return state.choices[group] ?? state.allFit;
}

/** The user's choices in local storage, per user (one browser may serve several people). */
export const choicesKey = (userId: number) => `nav_groups:${userId}`;

export function readChoices(userId: number): GroupChoices {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(choicesKey(userId)) ?? '{}');
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(([group, open]) => (navGroups as readonly string[]).includes(group) && typeof open === 'boolean'),
    ) as GroupChoices;
  } catch {
    return {};
  }
}

export function storeChoices(userId: number, choices: GroupChoices): void {
  try {
    localStorage.setItem(choicesKey(userId), JSON.stringify(choices));
  } catch {
    // Storage full or refused (a private window): the choice holds until the page is left.
  }
}
