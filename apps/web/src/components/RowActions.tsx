import { ActionIcon, Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useCan } from '../lib/currentUser';
import { IconPencil, IconTrash } from './icons';

/**
 * A list row's edit and delete buttons, named after the record ("Edit LHR", "Delete LHR"): 36 px targets with
 * spacing (WCAG 2.2), the same in the table and in the cards. Each shows only when the role may take it:
 * `resource` is the permissions' prefix (`airports` gives `airports.update` and `airports.delete`).
 */
export function RowActions({
  resource,
  editHref,
  editLabel,
  deleteLabel,
  onDelete,
}: {
  resource: string;
  editHref: string;
  editLabel: string;
  deleteLabel: string;
  onDelete: () => void;
}) {
  const can = useCan();
  const mayEdit = can(`${resource}.update`);
  const mayDelete = can(`${resource}.delete`);
  if (!mayEdit && !mayDelete) return null;
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {mayEdit ? (
        <ActionIcon component={Link} to={editHref} variant="subtle" size="lg" aria-label={editLabel}>
          <IconPencil size={20} aria-hidden />
        </ActionIcon>
      ) : null}
      {mayDelete ? (
        <ActionIcon variant="subtle" color="red.8" size="lg" aria-label={deleteLabel} onClick={onDelete}>
          <IconTrash size={20} aria-hidden />
        </ActionIcon>
      ) : null}
    </Group>
  );
}
