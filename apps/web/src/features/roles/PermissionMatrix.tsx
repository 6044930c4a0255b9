import { Checkbox, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { crudActions } from '@ps/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { IconCheck, IconX } from '../../components/icons';
import { useCardLayout } from '../../components/ListKit';
import { type MatrixRow, resourceLabelKey, rowPermissions, specialLabelKey, toggled } from './matrix';

interface PermissionMatrixProps {
  rows: MatrixRow[];
  value: readonly string[];
  /** Absent: the matrix is read only (a built-in role), each cell saying allowed or not. */
  onChange?: (next: string[]) => void;
  /** The field's error (no permission chosen...), shown under the matrix. */
  error?: string | undefined;
}

/**
 * The role matrix: resources down, the plain actions (see, add, change, delete) across, and each resource's other
 * actions (approve, correct a status...) beside them. A row's first box takes everything about the resource, the
 * "See" column's heading every See. On a phone each resource is a card of labelled boxes, so nothing scrolls sideways.
 */
export function PermissionMatrix({ rows, value, onChange, error }: PermissionMatrixProps) {
  const { t } = useTranslation();
  const cards = useCardLayout();
  const errorId = useId();
  const selected = new Set(value);
  const readOnly = !onChange;
  const set = (permissions: readonly string[], on: boolean) => onChange?.(toggled(value, permissions, on));
  const resourceName = (row: MatrixRow) => t(resourceLabelKey(row.resource));
  const actionName = (permission: string) => {
    const action = permission.slice(permission.indexOf('.') + 1);
    return (crudActions as readonly string[]).includes(action) ? t(`roles.matrix.${action}`) : t(specialLabelKey(permission));
  };
  const allViews = rows.flatMap((row) => (row.crud.view ? [row.crud.view] : []));
  const viewsChosen = allViews.filter((permission) => selected.has(permission)).length;

  /** One permission: a checkbox, or in a read-only matrix a mark that says it in words. */
  const cell = (row: MatrixRow, permission: string, label: string | null) => {
    const name = t('roles.matrix.cell', { resource: resourceName(row), action: actionName(permission) });
    if (readOnly) {
      const allowed = selected.has(permission);
      return (
        <Group gap={4} wrap="nowrap" key={permission}>
          {allowed ? (
            <IconCheck size={18} color="var(--mantine-color-green-9)" aria-hidden />
          ) : (
            <IconX size={18} color="var(--mantine-color-gray-7)" aria-hidden />
          )}
          {label ? <Text size="sm">{label}</Text> : null}
          <VisuallyHidden>{`${name}: ${t(allowed ? 'roles.matrix.allowed' : 'roles.matrix.notAllowed')}`}</VisuallyHidden>
        </Group>
      );
    }
    return (
      <Checkbox
        key={permission}
        label={label ?? undefined}
        aria-label={label ? undefined : name}
        aria-describedby={error ? errorId : undefined}
        checked={selected.has(permission)}
        onChange={(event) => set([permission], event.currentTarget.checked)}
        size="md"
        value={permission}
      />
    );
  };

  /** A row's "everything" box: ticked when all are, mixed when some are. */
  const rowToggle = (row: MatrixRow) => {
    const permissions = rowPermissions(row);
    const chosen = permissions.filter((permission) => selected.has(permission)).length;
    return (
      <Checkbox
        label={resourceName(row)}
        aria-label={t('roles.matrix.allOfResource', { resource: resourceName(row) })}
        checked={chosen === permissions.length}
        indeterminate={chosen > 0 && chosen < permissions.length}
        onChange={(event) => set(permissions, event.currentTarget.checked)}
        size="md"
        fw={600}
      />
    );
  };

  const errorLine = error ? (
    <Text id={errorId} c="red.8" size="sm" role="alert">
      {error}
    </Text>
  ) : null;

  if (cards) {
    return (
      <Stack gap="sm">
        {readOnly ? null : (
          <Checkbox
            label={t('roles.matrix.allViews')}
            description={t('roles.matrix.allViewsHint')}
            checked={viewsChosen === allViews.length}
            indeterminate={viewsChosen > 0 && viewsChosen < allViews.length}
            onChange={(event) => set(allViews, event.currentTarget.checked)}
            size="md"
          />
        )}
        {rows.map((row) => (
          <Paper key={row.resource} withBorder radius="md" p="sm" data-testid="matrix-row" data-resource={row.resource}>
            <Stack gap="xs">
              {readOnly ? (
                <Title order={3} size="h5">
                  {resourceName(row)}
                </Title>
              ) : (
                rowToggle(row)
              )}
              <Group gap="md" wrap="wrap">
                {rowPermissions(row).map((permission) => cell(row, permission, actionName(permission)))}
              </Group>
            </Stack>
          </Paper>
        ))}
        {errorLine}
      </Stack>
    );
  }

  return (
    <Stack gap="xs">
      <Table withTableBorder striped verticalSpacing="xs" aria-label={t('roles.fields.permissions')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('roles.matrix.resource')}</Table.Th>
            {crudActions.map((action) => (
              <Table.Th scope="col" key={action} ta="center" w={90}>
                {action === 'view' && !readOnly ? (
                  <Checkbox
                    label={t('roles.matrix.view')}
                    aria-label={t('roles.matrix.allViews')}
                    title={t('roles.matrix.allViewsHint')}
                    checked={viewsChosen === allViews.length}
                    indeterminate={viewsChosen > 0 && viewsChosen < allViews.length}
                    onChange={(event) => set(allViews, event.currentTarget.checked)}
                    size="sm"
                    styles={{ body: { justifyContent: 'center' } }}
                  />
                ) : (
                  t(`roles.matrix.${action}`)
                )}
              </Table.Th>
            ))}
            <Table.Th scope="col">{t('roles.matrix.special')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.resource} data-testid="matrix-row" data-resource={row.resource}>
              <Table.Th scope="row" fw={600}>
                {readOnly ? resourceName(row) : rowToggle(row)}
              </Table.Th>
              {crudActions.map((action) => {
                const permission = row.crud[action];
                return (
                  <Table.Td key={action}>
                    <Group justify="center">{permission ? cell(row, permission, null) : null}</Group>
                  </Table.Td>
                );
              })}
              <Table.Td>
                <Group gap="md" wrap="wrap">
                  {row.special.map((permission) => cell(row, permission, actionName(permission)))}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {errorLine}
    </Stack>
  );
}
