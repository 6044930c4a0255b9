import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { navGroups } from '../../lib/features';
import { webFeatures } from '../features';
import shellEn from './locales/en.json' with { type: 'json' };
import shellTa from './locales/ta.json' with { type: 'json' };
import {
  choicesKey,
  type GroupedEntry,
  isGroupOpen,
  navSections,
  type OpenState,
  ROWS_THAT_FIT,
  readChoices,
  rowsOpen,
  storeChoices,
} from './navSections';

/** Every company screen in the navigation, as the demo admin (who may open all of them) sees it. */
const adminEntries: GroupedEntry[] = webFeatures.flatMap((feature) =>
  (feature.nav ?? []).filter((entry) => entry.scope === 'company').map((entry) => ({ href: entry.path, group: entry.group })),
);

describe('the navigation’s groups', () => {
  it('keep the groups’ order, and show a group of one entry as that entry alone', () => {
    const sections = navSections([
      { href: '/settings', group: 'settings' },
      { href: '/bookings', group: 'bookings' },
      { href: '/dashboard', group: 'today' },
      { href: '/quote', group: 'bookings' },
      { href: '/home' },
    ]);
    expect(sections).toEqual([
      { group: null, entries: [{ href: '/home' }] },
      { group: null, entries: [{ href: '/dashboard', group: 'today' }] },
      {
        group: 'bookings',
        entries: [
          { href: '/bookings', group: 'bookings' },
          { href: '/quote', group: 'bookings' },
        ],
      },
      { group: null, entries: [{ href: '/settings', group: 'settings' }] },
    ]);
  });

  it('have a heading in English and Tamil for each group', () => {
    for (const group of navGroups) {
      expect(typeof shellEn.shell.navGroups[group], group).toBe('string');
      expect(typeof shellTa.shell.navGroups[group], group).toBe('string');
    }
  });

  it('do not all fit open for an admin, who then sees the headings and the current group (measured at 1366 x 768)', () => {
    const sections = navSections(adminEntries);
    expect(rowsOpen(sections)).toBeGreaterThan(ROWS_THAT_FIT);
    // Closed but the current one: every heading and entry alone, and the largest group's entries.
    const headings = sections.filter((section) => section.group !== null).length;
    const alone = sections.filter((section) => section.group === null).length;
    const largest = Math.max(...sections.map((section) => (section.group === null ? 0 : section.entries.length)));
    expect(headings + alone + largest).toBeLessThanOrEqual(ROWS_THAT_FIT);
  });
});

describe('a group is open', () => {
  const base: OpenState = { current: 'bookings', currentClosed: false, choices: {}, allFit: false };

  it('when it holds the screen on view, even if the user closed it on another screen', () => {
    expect(isGroupOpen('bookings', { ...base, choices: { bookings: false } })).toBe(true);
    // Closed by the user on this screen: closed until they go elsewhere.
    expect(isGroupOpen('bookings', { ...base, currentClosed: true })).toBe(false);
  });

  it('as the user left it, else open only when every group fits', () => {
    expect(isGroupOpen('prices', base)).toBe(false);
    expect(isGroupOpen('prices', { ...base, allFit: true })).toBe(true);
    expect(isGroupOpen('prices', { ...base, choices: { prices: true } })).toBe(true);
    expect(isGroupOpen('prices', { ...base, allFit: true, choices: { prices: false } })).toBe(false);
  });
});

describe('the user’s choices', () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    store.clear();
    globalThis.localStorage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
      clear: () => store.clear(),
      key: () => null,
      length: 0,
    };
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'localStorage');
  });

  it('are kept per user, and what is not a group’s choice is dropped', () => {
    storeChoices(7, { prices: true, places: false });
    expect(readChoices(7)).toEqual({ prices: true, places: false });
    expect(readChoices(8)).toEqual({});
    store.set(choicesKey(9), JSON.stringify({ prices: 'yes', nowhere: true, places: true }));
    expect(readChoices(9)).toEqual({ places: true });
    store.set(choicesKey(10), 'not json');
    expect(readChoices(10)).toEqual({});
  });
});
