import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconHistory } from './icons';

/** The restore button of a version: its visible text, its name with the version's time, and why it is off. */
export interface VersionRestore {
  label: string;
  ariaLabel: string;
  onClick: () => void;
  disabled?: boolean;
  disabledReason?: string | undefined;
}

/**
 * One earlier version of a record in a versions list (a booking's, a route's price list): what it was, a badge when
 * it is the same as now, who and what changed beneath, and Restore this version when the caller may restore it.
 */
export function VersionCard({
  title,
  currentLabel,
  restore,
  children,
  testId,
}: {
  title: string;
  /** Shown as a badge when this version is the record as it is now. */
  currentLabel: string | null;
  restore: VersionRestore | null;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Paper component="li" withBorder radius="sm" p="xs" data-testid={testId}>
      <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={700}>{title}</Text>
            {currentLabel ? (
              <Badge variant="outline" color="teal.9">
                {currentLabel}
              </Badge>
            ) : null}
          </Group>
          {children}
        </Stack>
        {restore ? (
          <Button
            variant="outline"
            size="sm"
            leftSection={<IconHistory size={18} aria-hidden />}
            onClick={restore.onClick}
            disabled={restore.disabled}
            title={restore.disabled ? restore.disabledReason : undefined}
            aria-label={restore.ariaLabel}
            className="ps-primary-action"
          >
            {restore.label}
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}
