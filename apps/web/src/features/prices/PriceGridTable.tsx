import { Box, Table, Text, TextInput } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isChanged, priceText } from './priceText';

/**
 * An editable grid of prices: bands down, months (and "every month") across. The screen keeps the typed
 * text per changed cell (`draft`); a cell shows its saved price, or greyed the price that applies without
 * one (the default). Keyboard: Up/Down/Enter move down the column, Left/Right at the ends of the text move
 * across, Escape puts the saved price back. Under 768 px the grid scrolls sideways with the band column
 * kept in view.
 */

export interface GridRow {
  id: number;
  label: string;
  detail: string;
}

export interface GridColumn {
  key: string;
  /** The header ("Jan"). */
  label: string;
  /** The cell's name for assistive technology ("January"). */
  fullLabel: string;
}

export interface CellInfo {
  /** The saved price (minor units), or null. */
  saved: number | null;
  /** What applies when the cell has no price: shown greyed. */
  fallback: number | null;
  /** Where the fallback comes from ("Default"), for the cell's title. */
  fallbackNote?: string;
}

export const cellKey = (rowId: number, columnKey: string) => `${rowId}:${columnKey}`;

export { isChanged, parsePrice, priceText } from './priceText';

export function PriceGridTable({
  caption,
  bandHeader,
  rows,
  columns,
  cell,
  draft,
  errors,
  currency,
  onChange,
  readOnly,
}: {
  /** The role may not change prices: the cells are read, not typed into. */
  readOnly: boolean;
  caption: string;
  bandHeader: string;
  rows: GridRow[];
  columns: GridColumn[];
  cell: (rowId: number, columnKey: string) => CellInfo;
  draft: Record<string, string>;
  errors: Record<string, string>;
  currency: string;
  onChange: (key: string, text: string | undefined) => void;
}) {
  const { t } = useTranslation();

  const focusCell = (row: number, column: number) => {
    const target = document.querySelector<HTMLInputElement>(`[data-grid-cell="${row}-${column}"]`);
    if (!target) return false;
    target.focus();
    target.select();
    return true;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, row: number, column: number, key: string) => {
    const input = event.currentTarget;
    const atStart = input.selectionStart === 0 && input.selectionEnd === 0;
    const atEnd = input.selectionStart === input.value.length;
    let moved = false;
    if (event.key === 'ArrowDown' || (event.key === 'Enter' && !event.shiftKey)) moved = focusCell(row + 1, column);
    else if (event.key === 'ArrowUp' || (event.key === 'Enter' && event.shiftKey)) moved = focusCell(row - 1, column);
    else if (event.key === 'ArrowRight' && atEnd) moved = focusCell(row, column + 1);
    else if (event.key === 'ArrowLeft' && atStart) moved = focusCell(row, column - 1);
    else if (event.key === 'Escape' && draft[key] !== undefined) {
      onChange(key, undefined);
      moved = true;
    }
    if (moved || event.key === 'Enter') event.preventDefault();
  };

  const sticky = {
    position: 'sticky',
    insetInlineStart: 0,
    zIndex: 1,
    background: 'var(--mantine-color-body)',
    minWidth: 112,
    maxWidth: 170,
    boxShadow: 'inset -1px 0 0 var(--mantine-color-gray-3)',
  } as const;

  return (
    <Box style={{ overflowX: 'auto', WebkitOverflowScrolling: 'touch' }} data-testid="price-grid">
      <Table withTableBorder withColumnBorders verticalSpacing={4} horizontalSpacing={4} style={{ minWidth: 112 + columns.length * 76 }}>
        <caption style={{ captionSide: 'top', textAlign: 'start', padding: '0 0 6px' }}>
          <Text size="sm" c="dimmed" component="span">
            {caption}
          </Text>
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" style={sticky}>
              {bandHeader}
            </Table.Th>
            {columns.map((column) => (
              <Table.Th key={column.key} scope="col" ta="center" style={{ whiteSpace: 'nowrap' }}>
                <abbr title={column.fullLabel} style={{ textDecoration: 'none' }}>
                  {column.label}
                </abbr>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, rowIndex) => (
            <Table.Tr key={row.id}>
              <Table.Th scope="row" style={sticky}>
                <Text fw={700} size="sm" c="var(--ps-color-title)" className="ps-wrap">
                  {row.label}
                </Text>
                <Text size="xs" c="dimmed">
                  {row.detail}
                </Text>
              </Table.Th>
              {columns.map((column, columnIndex) => {
                const key = cellKey(row.id, column.key);
                const info = cell(row.id, column.key);
                const text = draft[key] ?? priceText(info.saved, currency);
                const changed = isChanged(draft[key], info.saved, currency);
                const error = errors[key];
                const fallback = info.fallback === null ? '' : priceText(info.fallback, currency);
                return (
                  <Table.Td key={column.key} p={3}>
                    <TextInput
                      size="sm"
                      w={66}
                      inputMode="decimal"
                      autoComplete="off"
                      readOnly={readOnly}
                      aria-label={t('prices.grid.cellLabel', { band: row.label, month: column.fullLabel })}
                      title={error ?? (info.saved === null && info.fallbackNote ? `${info.fallbackNote}: ${fallback}` : undefined)}
                      placeholder={fallback || '–'}
                      value={text}
                      error={Boolean(error)}
                      aria-invalid={error ? true : undefined}
                      data-grid-cell={`${rowIndex}-${columnIndex}`}
                      data-changed={changed || undefined}
                      onChange={(event) => {
                        const next = event.currentTarget.value;
                        onChange(key, next === priceText(info.saved, currency) ? undefined : next);
                      }}
                      onKeyDown={(event) => onKeyDown(event, rowIndex, columnIndex, key)}
                      onFocus={(event) => event.currentTarget.select()}
                      styles={{
                        input: {
                          textAlign: 'end',
                          fontVariantNumeric: 'tabular-nums',
                          paddingInline: 5,
                          ...(changed
                            ? { background: 'var(--mantine-color-yellow-1)', borderColor: 'var(--mantine-color-yellow-8)', fontWeight: 700 }
                            : {}),
                          ...(error ? { borderColor: 'var(--mantine-color-red-8)', borderWidth: 2 } : {}),
                        },
                      }}
                    />
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
