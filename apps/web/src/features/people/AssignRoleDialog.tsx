import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import type { CompanyPerson, RoleRecord } from '@ps/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keyboardScrollable } from '../../components/ReferenceSelects';
import { toastSuccess } from '../../lib/toast';
import { useAssignRole } from './api';

/** A role's name as people read it: the built-in Admin in the user's language. */
export function useRoleLabel() {
  const { t } = useTranslation();
  return (role: Pick<RoleRecord, 'key' | 'name'>) => (role.key ? t(`people.roles.${role.key}`) : role.name);
}

/**
 * Assign Role: one office user's role, picked among the built-in Admin and the company's own. The API refuses what
 * the signed-in user may not give; its message is toasted and the dialog stays open.
 */
export function AssignRoleDialog({ person, roles, onClose }: { person: CompanyPerson | null; roles: RoleRecord[]; onClose: () => void }) {
  const { t } = useTranslation();
  const assign = useAssignRole();
  const label = useRoleLabel();
  const [roleId, setRoleId] = useState<string | null>(null);
  useEffect(() => setRoleId(person ? String(person.role_id) : null), [person]);
  const chosen = roles.find((role) => String(role.id) === roleId);

  return (
    <Modal
      opened={person !== null}
      onClose={assign.isPending ? () => undefined : onClose}
      title={t('people.assignRole.title', { name: person?.name ?? '' })}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { fontWeight: 700 } }}
    >
      <Stack gap="md">
        <Select
          label={t('people.fields.role')}
          description={t('people.assignRole.hint')}
          data={roles.map((role) => ({ value: String(role.id), label: label(role) }))}
          value={roleId}
          onChange={setRoleId}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...keyboardScrollable}
        />
        {chosen ? (
          <Text size="sm">
            {chosen.key ? t('people.assignRole.adminDescription') : (chosen.description ?? '')}{' '}
            {t('people.assignRole.permissionCount', { count: chosen.permissions.length })}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={assign.isPending} className="ps-primary-action">
            {t('common.cancel')}
          </Button>
          <Button
            loading={assign.isPending}
            disabled={!chosen || (person !== null && chosen.id === person.role_id)}
            className="ps-primary-action"
            onClick={() =>
              person &&
              chosen &&
              assign.mutate(
                { userId: person.user_id, roleId: chosen.id },
                {
                  onSuccess: () => {
                    toastSuccess(t('people.assignRole.done', { name: person.name, role: label(chosen) }));
                    onClose();
                  },
                },
              )
            }
          >
            {t('people.assignRole.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
