import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { RoleRecord } from '@ps/contracts';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../components/ConfirmDialog';
import { IconPencil, IconPlus, IconTrash } from '../../components/icons';
import { useCan } from '../../lib/currentUser';
import { usePageTitle } from '../../lib/pageTitle';
import { toastSuccess } from '../../lib/toast';
import { rolesResource, useAllRoles } from './api';

const route = getRouteApi('/$companyId/roles');

/** A role's name as people read it: a built-in role's in the user's language. */
export function useRoleName() {
  const { t } = useTranslation();
  return (role: Pick<RoleRecord, 'key' | 'name'>) => (role.key ? t(`roles.builtInNames.${role.key}`) : role.name);
}

/**
 * Roles: the two built-in roles and the company's own, each with how many people have it and how much it allows.
 * A role opens on its matrix (read only for a built-in role or without the right to change it).
 */
export function RolesPage() {
  const { t } = useTranslation();
  usePageTitle(t('roles.title'));
  const { companyId } = route.useParams();
  const can = useCan();
  const roles = useAllRoles();
  const remove = rolesResource.useDelete();
  const roleName = useRoleName();
  const [deleting, setDeleting] = useState<RoleRecord | null>(null);

  const all = roles.data?.records ?? [];
  const builtIn = all.filter((role) => role.key !== null);
  const own = all.filter((role) => role.key === null);

  const card = (role: RoleRecord) => {
    const name = roleName(role);
    const changeable = role.key === null && can('roles.update');
    return (
      <Paper key={role.id} withBorder radius="md" p="md" data-testid="role" className="ps-wrap">
        <Stack gap="xs" h="100%" justify="space-between">
          <Stack gap={6}>
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Title order={3} size="h4">
                {name}
              </Title>
              {role.key ? (
                <Badge variant="outline" color="gray.8" tt="none" miw="max-content">
                  {t('roles.builtIn')}
                </Badge>
              ) : null}
            </Group>
            <Text size="sm">{role.key ? t(`roles.builtInDescriptions.${role.key}`) : role.description}</Text>
            <Text size="sm" c="dimmed">
              {t('roles.people', { count: role.users })} · {t('roles.permissionCount', { count: role.permissions.length })}
            </Text>
          </Stack>
          <Group gap="xs" wrap="wrap">
            <Button
              component={Link}
              to={`/${companyId}/roles/${role.id}`}
              variant={changeable ? 'light' : 'default'}
              size="sm"
              leftSection={changeable ? <IconPencil size={16} aria-hidden /> : undefined}
              aria-label={t(changeable ? 'roles.editNamed' : 'roles.openNamed', { name })}
            >
              {t(changeable ? 'roles.edit' : 'roles.open')}
            </Button>
            {role.key === null && can('roles.delete') ? (
              <Button
                variant="outline"
                color="red.9"
                size="sm"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => setDeleting(role)}
                aria-label={t('roles.deleteNamed', { name })}
              >
                {t('roles.delete')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Paper>
    );
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={4} maw={760}>
          <Title order={1} size="h2">
            {t('roles.title')}
          </Title>
          <Text size="sm">{t('roles.intro')}</Text>
        </Stack>
        {can('roles.create') ? (
          <Button
            component={Link}
            to={`/${companyId}/roles/new`}
            size="md"
            leftSection={<IconPlus size={18} aria-hidden />}
            className="ps-primary-action"
          >
            {t('roles.add')}
          </Button>
        ) : null}
      </Group>

      {roles.isError ? (
        <Text>{t('roles.loadFailed')}</Text>
      ) : roles.isPending ? (
        <Text>{t('app.loading')}</Text>
      ) : (
        <SimpleGrid
          component="ul"
          cols={{ base: 1, sm: 2, lg: 3 }}
          spacing="md"
          aria-label={t('roles.title')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {[...builtIn, ...own.sort((a, b) => a.name.localeCompare(b.name))].map((role) => (
            <li key={role.id}>{card(role)}</li>
          ))}
        </SimpleGrid>
      )}

      <DeleteDialog
        title={t('roles.deleteTitle')}
        recordName={deleting ? roleName(deleting) : null}
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toastSuccess(t('roles.deleted', { name: deleting.name }));
              setDeleting(null);
            },
            onError: () => setDeleting(null),
          })
        }
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
