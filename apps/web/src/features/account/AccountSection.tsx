import { Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A card of the account page: a heading (with an optional status beside it) and its content. */
export function AccountSection({ id, title, aside, children }: { id: string; title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={id} p={{ base: 'md', sm: 'lg' }} radius="md" withBorder>
      <Stack gap="md">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title id={id} order={2} size="h4" c="var(--ps-color-title)">
            {title}
          </Title>
          {aside}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
