import { Box, Paper, SimpleGrid, type SimpleGridProps, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useCardLayout } from '../../components/ListKit';

export interface FigureTile {
  key: string;
  label: string;
  value: ReactNode;
}

/**
 * Figures as a description list: tiles side by side from 768 px; on a phone label / value rows in one card, since tiles
 * side by side would break long Tamil words. `valueColumn` sizes the phone's value column: `content` for short values
 * (amounts), `half` where a value is a long Tamil phrase (an `auto` column took its whole width and left the labels a
 * letter wide).
 */
export function FigureTiles({
  tiles,
  cols,
  valueColumn,
  label,
  busy,
  testId,
}: {
  tiles: readonly FigureTile[];
  cols: SimpleGridProps['cols'];
  valueColumn: 'content' | 'half';
  label?: string;
  busy?: boolean;
  testId?: string;
}) {
  const cards = useCardLayout();
  if (cards) {
    return (
      <Paper
        component="dl"
        withBorder
        radius="md"
        p="sm"
        m={0}
        aria-label={label}
        aria-busy={busy}
        data-testid={testId}
        style={{
          display: 'grid',
          gridTemplateColumns: valueColumn === 'content' ? 'minmax(0, 1fr) auto' : 'minmax(0, 1fr) minmax(0, 1fr)',
          gap: '8px 12px',
          alignItems: 'baseline',
        }}
      >
        {tiles.map((tile) => (
          <Box key={tile.key} style={{ display: 'contents' }}>
            <Text component="dt" size="sm">
              {tile.label}
            </Text>
            <Text component="dd" m={0} fw={700} ta="right">
              {tile.value}
            </Text>
          </Box>
        ))}
      </Paper>
    );
  }
  return (
    <SimpleGrid component="dl" cols={cols} spacing="sm" verticalSpacing="sm" m={0} aria-label={label} aria-busy={busy} data-testid={testId}>
      {tiles.map((tile) => (
        <Paper key={tile.key} withBorder radius="md" p="sm">
          <Text component="dt" size="sm">
            {tile.label}
          </Text>
          <Text component="dd" m={0} fw={700} size="lg">
            {tile.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
