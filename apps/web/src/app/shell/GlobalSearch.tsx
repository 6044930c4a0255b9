import { ActionIcon, Box, Button, Group, Kbd, List, Loader, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue, useHotkeys, useOs } from '@mantine/hooks';
import {
  type AgencyHit,
  type BookingHit,
  type DriverHit,
  SEARCH_MIN_LENGTH,
  type SearchKind,
  type SearchResult,
  searchEndpoints,
  searchKindPermissions,
  searchKinds,
} from '@ps/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconSearch } from '../../components/icons';
import { ApiError, callEndpoint } from '../../lib/api';
import { formatDayRange } from '../../lib/format';
import { searchHrefs } from './searchLinks';

/** How long typing rests before the search asks (each key would otherwise be a request). */
const DEBOUNCE_MS = 150;

/** One record of the answer as the list shows it: where it opens and its words. */
interface Hit {
  kind: SearchKind;
  key: string;
  href: string;
  content: ReactNode;
}

/**
 * The global search (issue 21, section 3): a box in the header (an icon on a phone), Ctrl+K / Cmd+K anywhere and "/"
 * outside a field open a dialog that answers as one types: bookings, drivers and agencies the user's role may view,
 * grouped by kind. Arrow keys move through the results, Enter or a click opens one.
 */
export function GlobalSearch({ companyId, permissions }: { companyId: number; permissions: readonly string[] }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const os = useOs();
  const open = () => setOpened(true);
  // Ctrl+K works in a field too (it types nothing there); "/" only outside one, where it would be a character.
  useHotkeys([['mod+K', open]], []);
  useHotkeys([['/', open]]);
  const kinds = searchKinds.filter((kind) => permissions.includes(searchKindPermissions[kind]));
  if (kinds.length === 0) return null;
  const shortcut = os === 'macos' || os === 'ios' ? '⌘ K' : 'Ctrl K';

  return (
    <>
      <UnstyledButton
        onClick={open}
        visibleFrom="md"
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K /"
        data-testid="search-box"
        h={36}
        px="sm"
        w={{ md: 200, lg: 280 }}
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          border: '1px solid var(--mantine-color-gray-4)',
          borderRadius: 'var(--mantine-radius-md)',
          background: 'var(--mantine-color-white)',
          color: 'var(--mantine-color-gray-7)',
        }}
      >
        <IconSearch size={16} aria-hidden />
        <Text component="span" size="sm" style={{ flex: 1 }} truncate>
          {t('shell.search.box')}
        </Text>
        <Kbd size="xs">{shortcut}</Kbd>
      </UnstyledButton>
      <ActionIcon
        variant="default"
        size="lg"
        hiddenFrom="md"
        onClick={open}
        aria-label={t('shell.search.title')}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K /"
      >
        <IconSearch size={18} />
      </ActionIcon>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('shell.search.title')}
        size="lg"
        yOffset="8vh"
        closeButtonProps={{ 'aria-label': t('common.close') }}
        styles={{ title: { fontWeight: 700 } }}
      >
        <SearchPanel companyId={companyId} permissions={permissions} kinds={kinds} onOpened={() => setOpened(false)} />
      </Modal>
    </>
  );
}

function SearchPanel({
  companyId,
  permissions,
  kinds,
  onOpened,
}: {
  companyId: number;
  permissions: readonly string[];
  kinds: readonly SearchKind[];
  onOpened: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ids = useId();
  const [text, setText] = useState('');
  const typed = text.trim();
  const [asked] = useDebouncedValue(typed, DEBOUNCE_MS);
  const [active, setActive] = useState(0);
  // Enter pressed before the answer to what is typed came: the first result opens when it comes.
  const [enterFor, setEnterFor] = useState<string | null>(null);
  const search = useQuery({
    queryKey: ['search', companyId, asked],
    queryFn: async ({ signal }): Promise<SearchResult> =>
      (await callEndpoint(searchEndpoints.search, { query: { q: asked }, signal })).data,
    enabled: asked.length >= SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    // Said in the dialog, not in a toast over it.
    meta: { silent: true },
  });
  const answered = typed.length >= SEARCH_MIN_LENGTH && asked === typed && search.isSuccess && !search.isPlaceholderData;
  const hits = typed.length >= SEARCH_MIN_LENGTH && search.data ? hitsOf(search.data, companyId, permissions) : [];
  const activeHit = hits[Math.min(active, hits.length - 1)];

  const openHit = (hit: Hit | undefined) => {
    if (!hit) return;
    onOpened();
    void navigate({ to: hit.href });
  };

  useEffect(() => {
    if (enterFor !== null && answered && enterFor === typed) {
      setEnterFor(null);
      openHit(hits[0]);
    }
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (hits.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (Math.min(index, hits.length - 1) + step + hits.length) % hits.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (answered) openHit(activeHit);
      else if (typed.length >= SEARCH_MIN_LENGTH) setEnterFor(typed);
    }
  };

  const optionId = (hit: Hit) => `${ids}-${hit.key}`;
  const listboxId = `${ids}-results`;
  const status = (() => {
    if (typed.length < SEARCH_MIN_LENGTH) return null;
    if (search.isError && asked === typed) return null;
    if (!answered) return t('shell.search.searching');
    if (hits.length === 0) return t('shell.search.none', { query: typed });
    return t('shell.search.results', { count: hits.length });
  })();

  return (
    <Stack gap="sm">
      <TextInput
        data-autofocus
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        aria-label={t('shell.search.label')}
        placeholder={t('shell.search.label')}
        leftSection={search.isFetching ? <Loader size={16} aria-hidden /> : <IconSearch size={16} aria-hidden />}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={hits.length > 0}
        aria-controls={listboxId}
        aria-activedescendant={activeHit ? optionId(activeHit) : undefined}
        autoComplete="off"
        spellCheck={false}
        size="md"
      />
      <Text size="sm" c="gray.7" aria-live="polite" data-testid="search-status">
        {status}
      </Text>
      {typed.length < SEARCH_MIN_LENGTH ? (
        <Stack gap={4}>
          <Text size="sm">{t('shell.search.hint', { count: SEARCH_MIN_LENGTH })}</Text>
          <List size="sm" c="gray.7" spacing={2}>
            {kinds.map((kind) => (
              <List.Item key={kind}>{t(`shell.search.finds.${kind}`)}</List.Item>
            ))}
          </List>
        </Stack>
      ) : null}
      {search.isError && asked === typed ? (
        <Group gap="sm" role="alert">
          <Text size="sm" c="red.8">
            {search.error instanceof ApiError && search.error.status !== 0 ? search.error.message : t('shell.search.failed')}
          </Text>
          <Button size="xs" variant="default" onClick={() => void search.refetch()}>
            {t('shell.search.retry')}
          </Button>
        </Group>
      ) : null}
      <Box id={listboxId} role="listbox" aria-label={t('shell.search.title')} hidden={hits.length === 0}>
        {kinds.map((kind) => {
          const ofKind = hits.filter((hit) => hit.kind === kind);
          if (ofKind.length === 0) return null;
          return (
            <Box key={kind} role="group" aria-labelledby={`${ids}-${kind}`} mb="sm">
              <Text id={`${ids}-${kind}`} role="presentation" size="xs" fw={700} tt="uppercase" lts={0.4} c="gray.7" px="xs" mb={4}>
                {t(`shell.search.kinds.${kind}`)}
              </Text>
              {ofKind.map((hit) => (
                <Box
                  key={hit.key}
                  component={Link}
                  to={hit.href}
                  id={optionId(hit)}
                  role="option"
                  aria-selected={hit === activeHit}
                  tabIndex={-1}
                  onClick={onOpened}
                  onMouseMove={() => setActive(hits.indexOf(hit))}
                  px="xs"
                  py={6}
                  style={{
                    display: 'block',
                    borderRadius: 'var(--mantine-radius-sm)',
                    color: 'inherit',
                    textDecoration: 'none',
                    background: hit === activeHit ? 'var(--mantine-color-brand-0)' : undefined,
                    outline: hit === activeHit ? '2px solid var(--mantine-color-brand-7)' : undefined,
                    outlineOffset: -2,
                  }}
                >
                  {hit.content}
                </Box>
              ))}
              {search.data?.more.includes(kind) ? (
                <Text size="xs" c="gray.7" px="xs">
                  {t('shell.search.more')}
                </Text>
              ) : null}
            </Box>
          );
        })}
      </Box>
    </Stack>
  );
}

/** The answer's records in the order shown: bookings, drivers, agencies. */
function hitsOf(result: SearchResult, companyId: number, permissions: readonly string[]): Hit[] {
  return [
    ...result.bookings.map((booking) => ({
      kind: 'bookings' as const,
      key: `booking-${booking.id}`,
      href: searchHrefs.booking(companyId, booking.id),
      content: <BookingWords booking={booking} />,
    })),
    ...result.drivers.map((driver) => ({
      kind: 'drivers' as const,
      key: `driver-${driver.id}`,
      href: searchHrefs.driver(companyId, driver.id),
      content: <DriverWords driver={driver} />,
    })),
    ...result.agencies.map((agency) => ({
      kind: 'agencies' as const,
      key: `agency-${agency.id}`,
      href: searchHrefs.agency(companyId, agency.id, permissions.includes('agencies.update')),
      content: <AgencyWords agency={agency} />,
    })),
  ];
}

function BookingWords({ booking }: { booking: BookingHit }) {
  const days = formatDayRange(booking.start_day, booking.end_day);
  return (
    <>
      <Group gap="xs" wrap="wrap">
        <Text component="span" fw={700} size="sm" ff="monospace">
          {booking.reference}
        </Text>
        <Text component="span" size="sm" fw={600}>
          {booking.vehicle_reg}
        </Text>
      </Group>
      <Text size="sm" c="gray.7">
        {booking.customer_name} · {days}
      </Text>
    </>
  );
}

function DriverWords({ driver }: { driver: DriverHit }) {
  return (
    <Text size="sm">
      <Text component="span" fw={600} size="sm">
        {driver.first_name} {driver.last_name}
      </Text>
      {driver.phone ? (
        <Text component="span" c="gray.7" size="sm">
          {' · '}
          {driver.phone}
        </Text>
      ) : null}
    </Text>
  );
}

function AgencyWords({ agency }: { agency: AgencyHit }) {
  const { t } = useTranslation();
  return (
    <Text size="sm">
      <Text component="span" fw={600} size="sm">
        {agency.name}
      </Text>
      {agency.status === 0 ? (
        <Text component="span" c="gray.7" size="sm">
          {' · '}
          {t('status.inactive')}
        </Text>
      ) : null}
    </Text>
  );
}
