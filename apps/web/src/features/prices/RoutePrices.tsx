import { Alert, Button, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BandTypeSelect } from '../../components/BandTypeSelect';
import { UnsavedChangesDialog } from '../../components/ConfirmDialog';
import { IconCopy } from '../../components/icons';
import { EmptyPanel } from '../../components/ListKit';
import { keyboardScrollable } from '../../components/ReferenceSelects';
import { useCan } from '../../lib/currentUser';
import { screenHref } from '../../lib/features';
import { useMoney } from '../../lib/format';
import { useFormToasts, useUnsavedChangesGuard } from '../../lib/forms';
import { getCompanyId } from '../../lib/session';
import { useAirportChoices, useLocationChoices, useMonths, useRouteGrid, useSaveRouteGrid } from './api';
import { CopySeasonDialog } from './CopySeasonDialog';
import { CellErrors, cellErrorsOf, changedCells, GridToolbar, monthColumns, type SetSearch, savedToast, useGridDraft } from './gridEditing';
import { type CellInfo, cellKey, type GridColumn, isChanged, PriceGridTable, parsePrice } from './PriceGridTable';
import { PriceListVersions } from './PriceListVersions';
import type { PriceGridSearch } from './search';

/** A route's own prices: bands of the type down, months across, beside the defaults they replace. */
export function RoutePrices({ search, setSearch }: { search: PriceGridSearch; setSearch: SetSearch }) {
  const { t } = useTranslation();
  const money = useMoney();
  const months = useMonths();
  const airports = useAirportChoices();
  const locations = useLocationChoices(search.airport_id);
  const type = search.type ?? 'parking';
  const ready = search.airport_id && search.departure_id && search.arrival_id;
  const mayEdit = useCan()('location_prices.update');
  const query = ready
    ? {
        airport_id: search.airport_id as number,
        departure_id: search.departure_id as number,
        arrival_id: search.arrival_id as number,
        type,
      }
    : null;
  const grid = useRouteGrid(query);
  const save = useSaveRouteGrid();
  const toasts = useFormToasts();
  const { draft, errors, setErrors, change, reset } = useGridDraft();
  const [copying, setCopying] = useState(false);
  // Another route or band type: what was typed belonged to the grid that was left.
  const shown = query ? `${query.airport_id}:${query.departure_id}:${query.arrival_id}:${query.type}` : '';
  useEffect(() => reset(), [shown]);

  const rowsById = useMemo(() => new Map((grid.data?.rows ?? []).map((row) => [row.band.id, row])), [grid.data]);
  const saved = (key: string): number | null => {
    const [band, column] = key.split(':');
    const row = rowsById.get(Number(band));
    if (!row) return null;
    return column === 'every' ? row.every_month_price : (row.cells[Number(column) - 1]?.month_price ?? null);
  };
  const changes = Object.entries(draft).filter(([key, text]) => isChanged(text, saved(key), money.currency)).length;
  const { blocker } = useUnsavedChangesGuard(changes > 0);

  const columns: GridColumn[] = [
    { key: 'every', label: t('prices.grid.everyShort'), fullLabel: t('prices.grid.everyMonth') },
    ...monthColumns(months),
  ];
  const everyValue = (bandId: number): number | null => {
    const key = cellKey(bandId, 'every');
    if (draft[key] === undefined) return saved(key);
    return parsePrice(draft[key], money.currency) ?? null;
  };
  const cell = (bandId: number, column: string): CellInfo => {
    const row = rowsById.get(bandId);
    if (!row || column === 'every') return { saved: row?.every_month_price ?? null, fallback: null };
    const data = row.cells[Number(column) - 1];
    const every = everyValue(bandId);
    return {
      saved: data?.month_price ?? null,
      fallback: every ?? data?.default_price ?? null,
      fallbackNote: every !== null ? t('prices.grid.everyMonth') : t('prices.grid.default'),
    };
  };
  const describe = (key: string) => {
    const [band, column] = key.split(':');
    const name = rowsById.get(Number(band))?.band.name ?? '';
    return `${name}, ${columns.find((c) => c.key === column)?.fullLabel ?? ''}`;
  };

  const locationOptions = (locations.data ?? []).map((location) => ({ value: String(location.id), label: location.name }));
  const airportOptions = (airports.data ?? []).map((airport) => ({
    value: String(airport.id),
    label: `${airport.iata_code} – ${airport.name}`,
  }));
  const routeName = () => {
    const name = (id: number | undefined) => locations.data?.find((location) => location.id === id)?.name ?? '';
    return search.departure_id === search.arrival_id
      ? name(search.departure_id)
      : `${name(search.departure_id)} → ${name(search.arrival_id)}`;
  };

  const onSave = async () => {
    if (!query) return;
    const pending = changedCells(draft, saved, money.currency, t('prices.grid.notAnAmount'));
    if (Object.keys(pending.errors).length > 0) {
      setErrors(pending.errors);
      toasts.errorText(t('errors.validation_failed'));
      return;
    }
    try {
      const result = await save.mutateAsync({
        airport_id: query.airport_id,
        departure_id: query.departure_id,
        arrival_id: query.arrival_id,
        cells: pending.cells.map(({ band_id, month, price }) => ({ band_id, month, price })),
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
          <Select
            label={t('prices.fields.airport')}
            placeholder={airports.isLoading ? t('app.loading') : t('prices.grid.chooseAirport')}
            searchable
            nothingFoundMessage={t('common.nothingFound')}
            {...keyboardScrollable}
            data={airportOptions}
            value={search.airport_id ? String(search.airport_id) : null}
            onChange={(value) =>
              void setSearch({ airport_id: value ? Number(value) : undefined, departure_id: undefined, arrival_id: undefined })
            }
          />
          <Select
            label={t('prices.fields.departure')}
            placeholder={t('prices.grid.chooseLocation')}
            searchable
            disabled={!search.airport_id}
            nothingFoundMessage={t('common.nothingFound')}
            {...keyboardScrollable}
            data={locationOptions}
            value={search.departure_id ? String(search.departure_id) : null}
            onChange={(value) => {
              const id = value ? Number(value) : undefined;
              // A car park's own route (departure = arrival) is the usual one: offer it at once.
              void setSearch({ departure_id: id, arrival_id: search.arrival_id ?? id });
            }}
          />
          <Select
            label={t('prices.fields.arrival')}
            placeholder={t('prices.grid.chooseLocation')}
            searchable
            disabled={!search.airport_id}
            nothingFoundMessage={t('common.nothingFound')}
            {...keyboardScrollable}
            data={locationOptions}
            value={search.arrival_id ? String(search.arrival_id) : null}
            onChange={(value) => void setSearch({ arrival_id: value ? Number(value) : undefined })}
          />
          <BandTypeSelect
            label={t('prices.fields.band_type')}
            value={type}
            onChange={(next) => void setSearch({ type: next === 'parking' ? undefined : next })}
          />
        </SimpleGrid>
      </Paper>

      {!query ? (
        <Paper withBorder radius="md" p="lg">
          <Text ta="center">{t('prices.grid.pickRoute')}</Text>
        </Paper>
      ) : grid.isError ? (
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
          {mayEdit ? (
            <GridToolbar changes={changes} saving={save.isPending} onSave={() => void onSave()} onDiscard={reset}>
              <Button
                variant="default"
                leftSection={<IconCopy size={18} aria-hidden />}
                onClick={() => setCopying(true)}
                disabled={changes > 0}
                title={changes > 0 ? t('prices.copy.saveFirst') : undefined}
                className="ps-primary-action"
              >
                {t('prices.copy.open')}
              </Button>
            </GridToolbar>
          ) : null}
          <Text size="sm" c="dimmed">
            {t('prices.grid.legend', { currency: money.currency })}
          </Text>
          <CellErrors errors={errors} describe={describe} />
          <PriceGridTable
            caption={t('prices.grid.routeCaption', { route: routeName() })}
            bandHeader={t('prices.fields.band')}
            rows={grid.data.rows.map((row) => ({
              id: row.band.id,
              label: row.band.name,
              detail: t('prices.grid.days', { min: row.band.min_days, max: row.band.max_days }),
            }))}
            columns={columns}
            cell={cell}
            draft={draft}
            errors={errors}
            currency={money.currency}
            onChange={change}
            readOnly={!mayEdit}
          />
          <PriceListVersions
            route={{ airport_id: query.airport_id, departure_id: query.departure_id, arrival_id: query.arrival_id }}
            routeName={routeName()}
            disabled={changes > 0}
          />
        </Stack>
      )}

      {query ? (
        <CopySeasonDialog
          opened={copying}
          onClose={() => setCopying(false)}
          airportId={query.airport_id}
          from={{ departure_id: query.departure_id, arrival_id: query.arrival_id }}
          fromName={routeName()}
          locations={locations.data ?? []}
        />
      ) : null}
      <UnsavedChangesDialog blocked={blocker.status === 'blocked'} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
    </Stack>
  );
}
