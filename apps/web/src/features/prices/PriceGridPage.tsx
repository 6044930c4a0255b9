import { Alert, Anchor, Button, Group, Paper, Select, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import type { BandType, GridSaveResult } from '@ps/contracts';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UnsavedChangesDialog } from '../../components/ConfirmDialog';
import { IconCopy } from '../../components/icons';
import { keyboardScrollable } from '../../components/ReferenceSelects';
import { ApiError } from '../../lib/api';
import { useCan } from '../../lib/currentUser';
import { useFormToasts, useUnsavedChangesGuard } from '../../lib/forms';
import { translateMessage } from '../../lib/i18n';
import { usePageSearch } from '../../lib/listPage';
import { backToList } from '../../lib/listReturn';
import { useMoney } from '../../lib/money';
import { usePageTitle } from '../../lib/pageTitle';
import {
  type MonthName,
  useAirportChoices,
  useBandTypes,
  useDefaultsGrid,
  useLocationChoices,
  useMonths,
  useRouteGrid,
  useSaveDefaultsGrid,
  useSaveRouteGrid,
} from './api';
import { CopySeasonDialog } from './CopySeasonDialog';
import { type CellInfo, cellKey, type GridColumn, isChanged, PriceGridTable, parsePrice } from './PriceGridTable';
import { PriceListVersions } from './PriceListVersions';
import { type PriceGridSearch, validatePriceGridSearch } from './search';

const route = getRouteApi('/$companyId/prices');

/** The price grid screen: a route's own prices (bands x months) and, on the second tab, the defaults. */
export function PriceGridPage() {
  const { t } = useTranslation();
  usePageTitle(t('prices.grid.title'));
  const [search, navigate] = usePageSearch(route, validatePriceGridSearch);
  const { companyId } = route.useParams();
  const setSearch = (patch: Partial<PriceGridSearch>) => navigate({ search: (previous) => ({ ...previous, ...patch }), replace: true });
  // The defaults tab only for a role that may read the band-month defaults (else it would show a refusal).
  const mayReadDefaults = useCan()('band_months.view');
  const tab = mayReadDefaults ? (search.tab ?? 'route') : 'route';

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {t('prices.grid.title')}
        </Title>
        <Anchor component={Link} {...backToList(`/${companyId}/location-prices`)} size="sm" py={4}>
          {t('prices.grid.toList')}
        </Anchor>
      </Group>
      <Tabs
        value={tab}
        keepMounted={false}
        onChange={(value) => void setSearch({ tab: value === 'defaults' ? 'defaults' : undefined })}
        variant="outline"
      >
        <Tabs.List>
          <Tabs.Tab value="route">{t('prices.grid.routeTab')}</Tabs.Tab>
          {mayReadDefaults ? <Tabs.Tab value="defaults">{t('prices.grid.defaultsTab')}</Tabs.Tab> : null}
        </Tabs.List>
        <Tabs.Panel value="route" pt="md">
          <RoutePrices search={search} setSearch={setSearch} />
        </Tabs.Panel>
        {mayReadDefaults ? (
          <Tabs.Panel value="defaults" pt="md">
            <DefaultPrices search={search} setSearch={setSearch} />
          </Tabs.Panel>
        ) : null}
      </Tabs>
    </Stack>
  );
}

type SetSearch = (patch: Partial<PriceGridSearch>) => unknown;

function BandTypeSelect({ value, onChange }: { value: BandType; onChange: (type: BandType) => void }) {
  const { t } = useTranslation();
  const types = useBandTypes();
  return (
    <Select
      label={t('prices.fields.band_type')}
      {...keyboardScrollable}
      data={types.map((type) => ({ value: type.value, label: type.label }))}
      value={value}
      allowDeselect={false}
      onChange={(next) => next && onChange(next as BandType)}
    />
  );
}

/** The state of an editable grid: typed text per changed cell, cell errors, and the save with its answer. */
function useGridDraft() {
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

interface PendingCell {
  key: string;
  band_id: number;
  month: number | null;
  price: number | null;
}

/**
 * The changed cells ready to send, or the cells whose text is not an amount (shown at once, nothing sent).
 */
function changedCells(
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
function cellErrorsOf(error: unknown, sent: PendingCell[]): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const out: Record<string, string> = {};
  for (const detail of error.details) {
    const match = /^cells\.(\d+)\./.exec(detail.field);
    const cell = match ? sent[Number(match[1])] : undefined;
    if (cell) out[cell.key] = translateMessage(detail.code) ?? detail.message;
  }
  return out;
}

function GridToolbar({
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

function CellErrors({ errors, describe }: { errors: Record<string, string>; describe: (key: string) => string }) {
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

const savedToast = (t: TFunction, result: GridSaveResult) =>
  t('prices.grid.saved', { created: result.created, updated: result.updated, removed: result.removed });

function monthColumns(months: MonthName[]): GridColumn[] {
  return months.map((month) => ({ key: String(month.id), label: month.short, fullLabel: month.name }));
}

function RoutePrices({ search, setSearch }: { search: PriceGridSearch; setSearch: SetSearch }) {
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
          <BandTypeSelect value={type} onChange={(next) => void setSearch({ type: next === 'parking' ? undefined : next })} />
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
        <Paper withBorder radius="md" p="lg">
          <Text ta="center">{t('prices.grid.noBands')}</Text>
        </Paper>
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

function DefaultPrices({ search, setSearch }: { search: PriceGridSearch; setSearch: SetSearch }) {
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
          <BandTypeSelect value={type} onChange={(next) => void setSearch({ type: next === 'parking' ? undefined : next })} />
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
        <Paper withBorder radius="md" p="lg">
          <Text ta="center">{t('prices.grid.noBands')}</Text>
        </Paper>
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
