import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { GridSaveResult } from '@ps/contracts';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { translateMessage } from '../../lib/i18n';
import type { MonthName } from './api';
import { type GridColumn, isChanged, parsePrice } from './PriceGridTable';
import type { PriceGridSearch } from './search';

// What the route grid and the defaults grid share: the draft of changed cells, what is sent, the toolbar, the errors.
export type SetSearch = (patch: Partial<PriceGridSearch>) => unknown;

/** The state of an editable grid: typed text per changed cell, cell errors, and the save with its answer. */
export function useGridDraft() {
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = (key: string, text: string | undefined) => {
    setDraft((current) => {
      const next = { ...current };
      if (text === undefined) delete next[key];
      else next[key] = text;
      return next;
    });
    setErrors((current) => {
      if (!(key in current)) return current;
      const next = { ...current };
      delete next[key];
      return next;
    });
  };
  const reset = () => {
    setDraft({});
    setErrors({});
  };
  return { draft, errors, setErrors, change, reset };
}

export interface PendingCell {
  key: string;
  band_id: number;
  month: number | null;
  price: number | null;
}

/**
 * The changed cells ready to send, or the cells whose text is not an amount (shown at once, nothing sent).
 */
export function changedCells(
  draft: Record<string, string>,
  saved: (key: string) => number | null,
  currency: string,
  message: string,
): { cells: PendingCell[]; errors: Record<string, string> } {
  const cells: PendingCell[] = [];
  const errors: Record<string, string> = {};
  for (const [key, text] of Object.entries(draft)) {
    if (!isChanged(text, saved(key), currency)) continue;
    const price = parsePrice(text, currency);
    if (price === undefined) {
      errors[key] = message;
      continue;
    }
    const [band, column] = key.split(':');
    cells.push({ key, band_id: Number(band), month: column === 'every' ? null : Number(column), price });
  }
  return { cells, errors };
}

/** The API's `cells.N.field` details put beside cell N of what was sent. */
export function cellErrorsOf(error: unknown, sent: PendingCell[]): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const out: Record<string, string> = {};
  for (const detail of error.details) {
    const match = /^cells\.(\d+)\./.exec(detail.field);
    const cell = match ? sent[Number(match[1])] : undefined;
    if (cell) out[cell.key] = translateMessage(detail.code) ?? detail.message;
  }
  return out;
}

export function GridToolbar({
  changes,
  saving,
  onSave,
  onDiscard,
  children,
}: {
  changes: number;
  saving: boolean;
  onSave: () => void;
  onDiscard: () => void;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" fw={changes > 0 ? 700 : undefined} role="status">
        {changes > 0 ? t('prices.grid.unsaved', { count: changes }) : t('prices.grid.noChanges')}
      </Text>
      <Group gap="sm" wrap="wrap">
        {children}
        <Button variant="default" onClick={onDiscard} disabled={changes === 0 || saving} className="ps-primary-action">
          {t('prices.grid.discard')}
        </Button>
        <Button onClick={onSave} disabled={changes === 0} loading={saving} className="ps-primary-action">
          {t('prices.grid.save')}
        </Button>
      </Group>
    </Group>
  );
}

export function CellErrors({ errors, describe }: { errors: Record<string, string>; describe: (key: string) => string }) {
  const { t } = useTranslation();
  const entries = Object.entries(errors);
  if (entries.length === 0) return null;
  return (
    <Alert color="red" variant="light" title={t('prices.grid.errorsTitle')} role="alert">
      <Stack gap={2}>
        {entries.map(([key, message]) => (
          <Text size="sm" key={key}>
            {describe(key)}: {message}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

export const savedToast = (t: TFunction, result: GridSaveResult) =>
  t('prices.grid.saved', { created: result.created, updated: result.updated, removed: result.removed });

export function monthColumns(months: MonthName[]): GridColumn[] {
  return months.map((month) => ({ key: String(month.id), label: month.short, fullLabel: month.name }));
}
