import { Button, Group, MultiSelect, Paper, Select, type SelectProps, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { useMoney } from '../../lib/format';
import { translateMessage } from '../../lib/i18n';
import { usePageTitle } from '../../lib/pageTitle';
import { useQuote, useQuoteAirports, useQuoteLocations, useQuotePackages, useQuoteServices } from './api';
import { QuoteOutcome } from './QuoteOutcome';
import { type QuoteSearch, validateQuoteSearch } from './search';

const route = getRouteApi('/$companyId/quote');

type Field = keyof QuoteSearch;
const FIELDS: readonly Field[] = [
  'airport_id',
  'departure_id',
  'arrival_id',
  'departure_date',
  'arrival_date',
  'package_id',
  'service_ids',
  'voucher_code',
];
/**
 * The same dropdown props as `keyboardScrollable` in components/ReferenceSelects.tsx (keyboard-scrollable list,
 * axe-clean), written here so this screen does not load that module's time-zone data.
 */
const keyboardScrollable: Pick<SelectProps, 'scrollAreaProps' | 'maxDropdownHeight'> = {
  maxDropdownHeight: 280,
  scrollAreaProps: { viewportProps: { tabIndex: 0, role: 'group' } },
};

const REQUIRED: readonly Field[] = ['airport_id', 'departure_id', 'arrival_id', 'departure_date', 'arrival_date'];

/** The server's field errors, by field, in the user's language. */
function serverFieldErrors(error: unknown): Partial<Record<Field, string>> {
  if (!(error instanceof ApiError)) return {};
  const out: Partial<Record<Field, string>> = {};
  for (const detail of error.details) {
    if (!(FIELDS as readonly string[]).includes(detail.field)) continue;
    const known = translateMessage(detail.code);
    out[detail.field as Field] ??= known && known !== detail.code ? known : detail.message;
  }
  return out;
}

/**
 * The Quote screen: an operator picks airport, route, dates, package, services and voucher; the price and
 * the steps that made it come from `GET /api/location-price/admin/list`. The inputs live in the URL, so a
 * quote can be shared; the form edits a draft and "Get quote" writes it to the URL.
 */
export function QuotePage() {
  const { t } = useTranslation();
  usePageTitle(t('quote.title'));
  // The route has no validateSearch (its parser stays out of the sign-in bundle): the page reads the URL itself.
  const raw = route.useSearch() as Record<string, unknown>;
  const search = useMemo(() => validateQuoteSearch(raw), [raw]);
  const navigate = route.useNavigate();
  const result = useQuote(search);
  // The form starts again from the URL whenever the URL changes (back, forward, a shared link).
  const formKey = JSON.stringify(search);

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('quote.title')}
      </Title>
      <Text c="dimmed">{t('quote.intro')}</Text>
      <QuoteForm
        key={formKey}
        search={search}
        serverErrors={serverFieldErrors(result.error)}
        busy={result.isFetching}
        onSubmit={(next) => {
          // The same inputs again ask again (prices may have changed meanwhile); new ones go to the URL.
          if (JSON.stringify(validateQuoteSearch({ ...next })) === formKey) void result.refetch();
          else void navigate({ search: next as never });
        }}
      />
      <QuoteOutcome search={search} result={result} />
    </Stack>
  );
}

interface QuoteFormProps {
  search: QuoteSearch;
  serverErrors: Partial<Record<Field, string>>;
  busy: boolean;
  onSubmit: (search: QuoteSearch) => void;
}

function QuoteForm({ search, serverErrors, busy, onSubmit }: QuoteFormProps) {
  const { t } = useTranslation();
  const { format } = useMoney();
  const [draft, setDraft] = useState<QuoteSearch>(search);
  const [required, setRequired] = useState<Partial<Record<Field, string>>>({});
  const airports = useQuoteAirports();
  const locations = useQuoteLocations(draft.airport_id);
  const packages = useQuotePackages();
  const services = useQuoteServices();

  const set = (patch: Partial<QuoteSearch>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setRequired((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch) as Field[]) delete next[key];
      return next;
    });
  };
  const errorOf = (field: Field) => required[field] ?? (JSON.stringify(draft) === JSON.stringify(search) ? serverErrors[field] : undefined);

  const airportOptions = useMemo(
    () => (airports.data ?? []).map((airport) => ({ value: String(airport.id), label: `${airport.iata_code} · ${airport.name}` })),
    [airports.data],
  );
  const locationOptions = useMemo(
    () => (locations.data ?? []).map((location) => ({ value: String(location.id), label: location.name })),
    [locations.data],
  );
  const packageOptions = useMemo(
    () =>
      (packages.data ?? []).map((pkg) => ({
        value: String(pkg.id),
        label: `${pkg.name} (${t(`labels.bandTypes.${pkg.type}`)}, +${format(pkg.price)})`,
      })),
    [packages.data, t, format],
  );
  const serviceOptions = useMemo(
    () => (services.data ?? []).map((service) => ({ value: String(service.id), label: `${service.name} (+${format(service.price)})` })),
    [services.data, format],
  );
  const placeholder = (loading: boolean, text: string) => (loading ? t('app.loading') : text);
  const toId = (value: string | null) => (value ? Number(value) : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing: Partial<Record<Field, string>> = {};
    for (const field of REQUIRED) if (!draft[field]) missing[field] = t('validation.required');
    setRequired(missing);
    const first = REQUIRED.find((field) => missing[field]);
    if (first) {
      document.getElementById(`quote-${first}`)?.focus();
      return;
    }
    onSubmit({ ...draft, voucher_code: draft.voucher_code?.trim() || undefined });
  };

  return (
    <Paper
      component="form"
      p={{ base: 'md', sm: 'lg' }}
      radius="md"
      withBorder
      noValidate
      onSubmit={submit}
      aria-label={t('quote.form.label')}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          <Select
            id="quote-airport_id"
            label={t('quote.fields.airport')}
            placeholder={placeholder(airports.isLoading, t('quote.form.chooseAirport'))}
            required
            searchable
            nothingFoundMessage={t('common.nothingFound')}
            {...keyboardScrollable}
            data={airportOptions}
            value={draft.airport_id ? String(draft.airport_id) : null}
            onChange={(value) => set({ airport_id: toId(value), departure_id: undefined, arrival_id: undefined })}
            error={errorOf('airport_id')}
          />
          <Select
            id="quote-departure_id"
            label={t('quote.fields.departure')}
            placeholder={placeholder(locations.isLoading, t('quote.form.chooseLocation'))}
            required
            searchable
            disabled={!draft.airport_id}
            nothingFoundMessage={t('common.nothingFound')}
            {...keyboardScrollable}
            data={locationOptions}
            value={draft.departure_id ? String(draft.departure_id) : null}
            // Parking starts and ends at one car park: the arrival follows until it is chosen.
            onChange={(value) => set({ departure_id: toId(value), arrival_id: draft.arrival_id ?? toId(value) })}
            error={errorOf('departure_id')}
          />
          <Select
            id="quote-arrival_id"
            label={t('quote.fields.arrival')}
            description={t('quote.form.arrivalHint')}
            placeholder={placeholder(locations.isLoading, t('quote.form.chooseLocation'))}
            required
            searchable
            disabled={!draft.airport_id}
            nothingFoundMessage={t('common.nothingFound')}
            {...keyboardScrollable}
            data={locationOptions}
            value={draft.arrival_id ? String(draft.arrival_id) : null}
            onChange={(value) => set({ arrival_id: toId(value) })}
            error={errorOf('arrival_id')}
          />
          <TextInput
            id="quote-departure_date"
            type="date"
            label={t('quote.fields.departure_date')}
            required
            value={draft.departure_date ?? ''}
            onChange={(event) => set({ departure_date: event.currentTarget.value || undefined })}
            error={errorOf('departure_date')}
          />
          <TextInput
            id="quote-arrival_date"
            type="date"
            label={t('quote.fields.arrival_date')}
            required
            min={draft.departure_date}
            value={draft.arrival_date ?? ''}
            onChange={(event) => set({ arrival_date: event.currentTarget.value || undefined })}
            error={errorOf('arrival_date')}
          />
          <Select
            id="quote-package_id"
            label={t('quote.fields.package')}
            description={packages.isError ? t('quote.form.unavailable') : t('quote.form.packageHint')}
            placeholder={placeholder(packages.isLoading, t('quote.form.noPackage'))}
            clearable
            clearButtonProps={{ 'aria-label': t('quote.form.clearPackage') }}
            searchable
            nothingFoundMessage={t('common.nothingFound')}
            {...keyboardScrollable}
            data={packageOptions}
            value={draft.package_id ? String(draft.package_id) : null}
            onChange={(value) => set({ package_id: toId(value) })}
            error={errorOf('package_id')}
          />
          <MultiSelect
            id="quote-service_ids"
            label={t('quote.fields.services')}
            description={services.isError ? t('quote.form.unavailable') : undefined}
            placeholder={draft.service_ids ? undefined : placeholder(services.isLoading, t('quote.form.noServices'))}
            searchable
            clearable
            clearButtonProps={{ 'aria-label': t('quote.form.clearServices') }}
            nothingFoundMessage={t('common.nothingFound')}
            {...keyboardScrollable}
            data={serviceOptions}
            value={draft.service_ids ? draft.service_ids.split(',') : []}
            onChange={(values) => set({ service_ids: values.length > 0 ? values.join(',') : undefined })}
            error={errorOf('service_ids')}
          />
          <TextInput
            id="quote-voucher_code"
            label={t('quote.fields.voucher')}
            autoComplete="off"
            spellCheck={false}
            maxLength={50}
            value={draft.voucher_code ?? ''}
            onChange={(event) => set({ voucher_code: event.currentTarget.value || undefined })}
            error={errorOf('voucher_code')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={busy} className="ps-primary-action">
            {t('quote.form.submit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
