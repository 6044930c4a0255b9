import { Box, Collapse, NavLink, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconChevronDown } from '../../components/icons';
import type { NavGroup } from '../../lib/features';
import type { NavItem } from './AppFrame';
import {
  type GroupChoices,
  isGroupOpen,
  type NavSection,
  navSections,
  ROWS_THAT_FIT,
  readChoices,
  rowsOpen,
  storeChoices,
} from './navSections';

/**
 * The main navigation in its groups (navSections.ts): each group's heading is a button that opens and closes it
 * (`aria-expanded`), the user's choices are kept per user in local storage, and the group of the screen on view opens
 * whenever one arrives at it.
 */
export function Navigation({
  items,
  userId,
  pathname,
  isActive,
  onNavigate,
}: {
  items: NavItem[];
  userId: number | undefined;
  pathname: string;
  isActive: (item: NavItem) => boolean;
  onNavigate: () => void;
}) {
  const sections = navSections(items);
  const current = items.find(isActive)?.group ?? null;
  const [choices, setChoices] = useState<{ userId: number | undefined; groups: GroupChoices }>(() => ({
    userId,
    groups: userId === undefined ? {} : readChoices(userId),
  }));
  // The address at which the user closed the current group: arriving at another screen opens its group again.
  const [closedAt, setClosedAt] = useState<string | null>(null);
  // Another user signed in on this page: their own choices.
  const groups = choices.userId === userId ? choices.groups : userId === undefined ? {} : readChoices(userId);
  const state = { current, currentClosed: closedAt === pathname, choices: groups, allFit: rowsOpen(sections) <= ROWS_THAT_FIT };

  const toggle = (group: NavGroup) => {
    const open = !isGroupOpen(group, state);
    const next = { ...groups, [group]: open };
    setChoices({ userId, groups: next });
    if (userId !== undefined) storeChoices(userId, next);
    if (group === current) setClosedAt(open ? null : pathname);
  };

  return sections.map((section) =>
    section.group === null ? (
      <Entry key={section.entries[0].href} item={section.entries[0]} active={isActive(section.entries[0])} onNavigate={onNavigate} />
    ) : (
      <Group
        key={section.group}
        section={section}
        open={isGroupOpen(section.group, state)}
        holdsCurrent={section.group === current}
        onToggle={toggle}
        isActive={isActive}
        onNavigate={onNavigate}
      />
    ),
  );
}

function Entry({ item, active, onNavigate }: { item: NavItem; active: boolean; onNavigate: () => void }) {
  return (
    <NavLink
      component={Link}
      to={item.href}
      label={item.label}
      leftSection={item.icon}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      fw={600}
      py={6}
    />
  );
}

function Group({
  section,
  open,
  holdsCurrent,
  onToggle,
  isActive,
  onNavigate,
}: {
  section: NavSection<NavItem> & { group: NavGroup };
  open: boolean;
  holdsCurrent: boolean;
  onToggle: (group: NavGroup) => void;
  isActive: (item: NavItem) => boolean;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Box data-nav-group={section.group} mt={4}>
      <NavLink
        component="button"
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => onToggle(section.group)}
        py={8}
        label={
          <Text component="span" size="xs" fw={700} tt="uppercase" lts={0.4} c={holdsCurrent ? 'brand.7' : 'gray.7'}>
            {t(`shell.navGroups.${section.group}`)}
          </Text>
        }
        rightSection={
          <IconChevronDown
            size={16}
            aria-hidden
            style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
          />
        }
        data-holds-current={holdsCurrent || undefined}
      />
      <Collapse expanded={open} id={id}>
        {section.entries.map((item) => (
          <Entry key={item.href} item={item} active={isActive(item)} onNavigate={onNavigate} />
        ))}
      </Collapse>
    </Box>
  );
}
