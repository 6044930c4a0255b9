import { Badge, Button, Group, Paper, SegmentedControl, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { CompanyPerson } from '@ps/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, DeleteDialog } from '../../components/ConfirmDialog';
import { IconLogout, IconPlus, IconSearch, IconShieldLock, IconTrash } from '../../components/icons';
import { useCardLayout } from '../../components/ListKit';
import { useCurrentUser } from '../../lib/currentUser';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/pageTitle';
import { toastSuccess } from '../../lib/toast';
import { AddAdminDialog } from './AddAdminDialog';
import { AssignRoleDialog } from './AssignRoleDialog';
import { useEndSessions, useOfficeRoles, usePeople, useRemoveAdmin, useSetSignIn } from './api';

type RoleFilter = 'all' | 'admin' | 'driver';

/**
 * People: everyone of the company (admins and drivers), who may sign in, and the admin's levers on each: let them
 * sign in or not (turning it off ends every session), sign them out everywhere, remove an admin; and add an admin.
 * One's own row has no levers (the API refuses them too): one's own sessions are on My account.
 */
export function PeoplePage() {
  const { t } = useTranslation();
  usePageTitle(t('people.title'));
  const cards = useCardLayout();
  const me = useCurrentUser();
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const [role, setRole] = useState<RoleFilter>('all');
  const people = usePeople(search, role === 'all' ? undefined : role);
  const [adding, setAdding] = useState(false);
  const [signingOut, setSigningOut] = useState<CompanyPerson | null>(null);
  const [removing, setRemoving] = useState<CompanyPerson | null>(null);
  const [assigning, setAssigning] = useState<CompanyPerson | null>(null);
  const setSignIn = useSetSignIn();
  const endSessions = useEndSessions();
  const remove = useRemoveAdmin();
  const may = (permission: string) => me.data?.permissions.includes(permission) ?? false;
  const officeRoles = useOfficeRoles(may('roles.view'));

  const toggle = (person: CompanyPerson, allowed: boolean) =>
    setSignIn.mutate(
      { userId: person.user_id, admin_status: allowed ? 1 : 0 },
      { onSuccess: () => toastSuccess(t(allowed ? 'people.signIn.on' : 'people.signIn.off', { name: person.name })) },
    );

  // The role that says what they may do: the company's own by its name, a built-in one translated.
  const roleBadge = (person: CompanyPerson) => (
    <Badge
      variant="dot"
      color={person.role === 'admin' ? 'grape.9' : 'blue.9'}
      size="lg"
      tt="none"
      maw="100%"
      style={{ whiteSpace: 'normal', height: 'auto' }}
    >
      {person.role_name ?? t(`people.roles.${person.role}`)}
    </Badge>
  );
  const contact = (person: CompanyPerson) => [person.email, person.phn_nbr].filter(Boolean).join(' · ') || '—';
  const actions = (person: CompanyPerson) => {
    if (person.user_id === me.data?.id) {
      return (
        <Text size="sm" c="dimmed">
          {t('people.you')}
        </Text>
      );
    }
    return (
      <Group gap="xs" wrap="wrap">
        {may('users.update') ? (
          <Switch
            label={t('people.signIn.label')}
            aria-label={t('people.signIn.labelNamed', { name: person.name })}
            checked={person.admin_status === 1}
            disabled={setSignIn.isPending}
            onChange={(event) => toggle(person, event.currentTarget.checked)}
          />
        ) : null}
        {may('users.update') ? (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconLogout size={16} aria-hidden />}
            onClick={() => setSigningOut(person)}
            aria-label={t('people.endSessions.buttonNamed', { name: person.name })}
          >
            {t('people.endSessions.button')}
          </Button>
        ) : null}
        {person.role === 'admin' && may('roles.assign') && officeRoles.data ? (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconShieldLock size={16} aria-hidden />}
            onClick={() => setAssigning(person)}
            aria-label={t('people.assignRole.buttonNamed', { name: person.name })}
          >
            {t('people.assignRole.button')}
          </Button>
        ) : null}
        {person.role === 'admin' && may('users.delete') ? (
          <Button
            variant="outline"
            color="red.9"
            size="xs"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => setRemoving(person)}
            aria-label={t('people.remove.buttonNamed', { name: person.name })}
          >
            {t('people.remove.button')}
          </Button>
        ) : null}
      </Group>
    );
  };

  const rows = people.data ?? [];
  const mayAdd = may('users.create') && may('roles.view');
  // A new company's list holds its first admin alone: it says who else belongs here, and how to add them.
  const onlyMe = !search && role === 'all' && rows.length === 1 && rows[0]?.user_id === me.data?.id;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('people.title')}
          </Title>
          <Text size="sm">{t('people.intro')}</Text>
        </Stack>
        {mayAdd ? (
          <Button size="md" leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setAdding(true)} className="ps-primary-action">
            {t('people.add.button')}
          </Button>
        ) : null}
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('people.search')}
          placeholder={t('people.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
          style={{ flex: '1 1 240px', maxWidth: 420 }}
        />
        <SegmentedControl
          aria-label={t('people.roleFilter')}
          value={role}
          onChange={(value) => setRole(value as RoleFilter)}
          data={[
            { value: 'all', label: t('people.roles.all') },
            { value: 'admin', label: t('people.roles.admins') },
            { value: 'driver', label: t('people.roles.drivers') },
          ]}
        />
      </Group>

      {people.isError ? (
        <Text>{t('people.loadFailed')}</Text>
      ) : rows.length === 0 ? (
        <Text>{people.isPending ? t('app.loading') : t('people.none')}</Text>
      ) : cards ? (
        <Stack gap="sm" aria-label={t('people.title')} role="list">
          {rows.map((person) => (
            <Paper key={person.user_id} withBorder radius="md" p="sm" role="listitem" data-testid="person" className="ps-wrap">
              <Stack gap={6}>
                <Group justify="space-between" gap="xs">
                  <Text fw={700}>{person.name}</Text>
                  {roleBadge(person)}
                </Group>
                <Text size="sm">{contact(person)}</Text>
                {actions(person)}
              </Stack>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table striped withTableBorder verticalSpacing="xs" aria-label={t('people.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('people.fields.name')}</Table.Th>
              <Table.Th>{t('people.fields.contact')}</Table.Th>
              <Table.Th>{t('people.fields.role')}</Table.Th>
              <Table.Th>{t('people.fields.since')}</Table.Th>
              <Table.Th>{t('people.fields.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((person) => (
              <Table.Tr key={person.user_id} data-testid="person">
                <Table.Td fw={600}>{person.name}</Table.Td>
                <Table.Td className="ps-wrap">{contact(person)}</Table.Td>
                <Table.Td>{roleBadge(person)}</Table.Td>
                <Table.Td>{formatDateTime(person.created_at)}</Table.Td>
                <Table.Td>{actions(person)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {onlyMe ? (
        <Paper withBorder radius="md" p="lg" data-testid="empty-state">
          <Stack align="center" gap="sm">
            <Text ta="center">{t('people.onlyYou')}</Text>
            {mayAdd ? (
              <Button size="md" variant="light" leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setAdding(true)}>
                {t('people.add.button')}
              </Button>
            ) : null}
          </Stack>
        </Paper>
      ) : null}

      <AddAdminDialog
        opened={adding}
        onClose={() => setAdding(false)}
        roles={(officeRoles.data ?? []).filter((role) => role.permissions.every((permission) => may(permission)))}
      />
      <AssignRoleDialog person={assigning} roles={officeRoles.data ?? []} onClose={() => setAssigning(null)} />
      <ConfirmDialog
        opened={signingOut !== null}
        title={t('people.endSessions.title')}
        body={t('people.endSessions.body', { name: signingOut?.name ?? '' })}
        confirmLabel={t('people.endSessions.confirm')}
        busy={endSessions.isPending}
        onConfirm={() =>
          signingOut &&
          endSessions.mutate(signingOut.user_id, {
            onSuccess: ({ ended }) => {
              toastSuccess(t('people.endSessions.done', { name: signingOut.name, count: ended }));
              setSigningOut(null);
            },
            onError: () => setSigningOut(null),
          })
        }
        onClose={() => setSigningOut(null)}
      />
      <DeleteDialog
        title={t('people.remove.title')}
        recordName={removing?.name ?? null}
        busy={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.user_id, {
            onSuccess: () => {
              toastSuccess(t('people.remove.done', { name: removing.name }));
              setRemoving(null);
            },
            onError: () => setRemoving(null),
          })
        }
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
