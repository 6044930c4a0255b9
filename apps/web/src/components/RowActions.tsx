import { ActionIcon, Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { IconPencil, IconTrash } from './icons';

/**
 * A list row's edit and delete buttons, named after the record ("Edit LHR", "Delete LHR"): 36 px targets with
 * spacing (WCAG 2.2), the same in the table and in the cards.
 */
export function RowActions({
  editHref,
  editLabel,
  deleteLabel,
  onDelete,
}: {
  editHref: string;
  editLabel: string;
  deleteLabel: string;
  onDelete: () => void;
}) {
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      <ActionIcon component={Link} to={editHref} variant="subtle" size="lg" aria-label={editLabel}>
        <IconPencil size={20} aria-hidden />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red.8" size="lg" aria-label={deleteLabel} onClick={onDelete}>
        <IconTrash size={20} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
