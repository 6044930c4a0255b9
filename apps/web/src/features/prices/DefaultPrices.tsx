import { Alert, Button, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BandTypeSelect } from '../../components/BandTypeSelect';
import { UnsavedChangesDialog } from '../../components/ConfirmDialog';
import { EmptyPanel } from '../../components/ListKit';
import { useCan } from '../../lib/currentUser';
import { screenHref } from '../../lib/features';
import { useMoney } from '../../lib/format';
import { useFormToasts, useUnsavedChangesGuard } from '../../lib/forms';
import { getCompanyId } from '../../lib/session';
import { useDefaultsGrid, useMonths, useSaveDefaultsGrid } from './api';
import { CellErrors, cellErrorsOf, changedCells, GridToolbar, monthColumns, type SetSearch, savedToast, useGridDraft } from './gridEditing';
import { isChanged, PriceGridTable } from './PriceGridTable';
import type { PriceGridSearch } from './search';

/** The band-month defaults of a band type: what a route without prices of its own costs. */
export function DefaultPrices({ search, setSearch }: { search: PriceGridSearch; setSearch: SetSearch }) {
  const { t } = useTranslation();
  const money = useMoney();
  const months = useMonths();
  const type = search.type ?? 'parking';
  const grid = useDefaultsGrid(type, true);
  const mayEdit = useCan()('band_months.update');
  const save = useSaveDefaultsGrid();
  const toasts = useFormToasts();
  const { draft, errors, setErrors, change, reset } = useGridDraft();
  useEffect(() => reset(), [type]);

  const rowsById = useMemo(() => new Map((grid.data?.rows ?? []).map((row) => [row.band.id, row])), [grid.data]);
  const saved = (key: string): number | null => {
    const [band, column] = key.split(':');
    return rowsById.get(Number(band))?.cells[Number(column) - 1]?.price ?? null;
  };
  const changes = Object.entries(draft).filter(([key, text]) => isChanged(text, saved(key), money.currency)).length;
  const { blocker } = useUnsavedChangesGuard(changes > 0);
  const columns = monthColumns(months);
  const describe = (key: string) => {
    const [band, column] = key.split(':');
    return `${rowsById.get(Number(band))?.band.name ?? ''}, ${columns.find((c) => c.key === column)?.fullLabel ?? ''}`;
  };

  const onSave = async () => {
    const pending = changedCells(draft, saved, money.currency, t('prices.grid.notAnAmount'));
    if (Object.keys(pending.errors).length > 0) {
      setErrors(pending.errors);
      toasts.errorText(t('errors.validation_failed'));
      return;
    }
    try {
      const result = await save.mutateAsync({
        cells: pending.cells.map(({ band_id, month, price }) => ({ band_id, month: month ?? 1, price })),
      });
      reset();
      toasts.success(savedToast(t, result));
    } catch (error) {
      setErrors(cellErrorsOf(error, pending.cells));
      toasts.error(error);
    }
  };

  return (
    <Stack gap="md">
      <Paper p={{ base: 'sm', sm: 'md' }} radius="md" withBorder>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          <BandTypeSelect
            label={t('prices.fields.band_type')}
            value={type}
            onChange={(next) => void setSearch({ type: next === 'parking' ? undefined : next })}
          />
        </SimpleGrid>
        <Text size="sm" c="dimmed" mt="xs">
          {t('prices.defaults.hint')}
        </Text>
      </Paper>
      {grid.isError ? (
        <Alert color="red" variant="light" title={t('prices.grid.loadError')} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{grid.error.message}</Text>
            <Button variant="default" onClick={() => void grid.refetch()}>
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : !grid.data ? (
        <Text role="status">{t('app.loading')}</Text>
      ) : grid.data.rows.length === 0 ? (
        <EmptyPanel
          text={t('prices.grid.noBands')}
          action={{ to: screenHref('company', '/bands/new', getCompanyId()), label: t('prices.grid.addBand'), permission: 'bands.create' }}
        />
      ) : (
        <Stack gap="sm">
          {mayEdit ? <GridToolbar changes={changes} saving={save.isPending} onSave={() => void onSave()} onDiscard={reset} /> : null}
          <CellErrors errors={errors} describe={describe} />
          <PriceGridTable
            caption={t('prices.defaults.caption', { currency: money.currency })}
            bandHeader={t('prices.fields.band')}
            rows={grid.data.rows.map((row) => ({
              id: row.band.id,
              label: row.band.name,
              detail: t('prices.grid.days', { min: row.band.min_days, max: row.band.max_days }),
            }))}
            columns={columns}
            cell={(bandId, column) => ({ saved: rowsById.get(bandId)?.cells[Number(column) - 1]?.price ?? null, fallback: null })}
            draft={draft}
            errors={errors}
            currency={money.currency}
            onChange={change}
            readOnly={!mayEdit}
          />
        </Stack>
      )}
      <UnsavedChangesDialog blocked={blocker.status === 'blocked'} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
    </Stack>
  );
}
