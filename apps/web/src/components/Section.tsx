import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled card of a record page (a booking, a driver); `id` names its heading for the region's label. */
export function Section({ title, id, children, actions }: { title: string; id: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <Paper component="section" withBorder radius="md" p={{ base: 'md', sm: 'lg' }} aria-labelledby={id} className="ps-wrap">
      <Group justify="space-between" align="center" mb="sm" gap="sm">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}

/** Label / value pairs, two columns from 576 px. */
export function Facts({ rows }: { rows: { label: string; value: ReactNode }[] }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs" m={0}>
      {rows.map((row) => (
        <Stack key={row.label} gap={0}>
          <Text component="dt" size="sm" c="dimmed">
            {row.label}
          </Text>
          <Text component="dd" m={0}>
            {row.value === null || row.value === '' ? '—' : row.value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
