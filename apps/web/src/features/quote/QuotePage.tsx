import {
  Alert,
  Button,
  Group,
  List,
  Loader,
  MultiSelect,
  Paper,
  Select,
  type SelectProps,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { Quote, QuotePriceRow } from '@ps/contracts';
import { getRouteApi, Link } from '@tanstack/react-router';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconAlertCircle } from '../../components/icons';
import { ApiError } from '../../lib/api';
import { useCan } from '../../lib/currentUser';
import { translateMessage } from '../../lib/i18n';
import { intlLocale } from '../../lib/locale';
import { useMoney } from '../../lib/money';
import { usePageTitle } from '../../lib/pageTitle';
import { useQuote, useQuoteAirports, useQuoteLocations, useQuotePackages, useQuoteServices } from './api';
import { isCompleteQuote, type QuoteSearch, validateQuoteSearch } from './search';

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

/** The month's name in the user's language ("March", "மார்ச்"). */
function monthName(language: string, month: number): string {
  return new Intl.DateTimeFormat(intlLocale(language), { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, month - 1, 1)));
}

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

function QuoteOutcome({ search, result }: { search: QuoteSearch; result: ReturnType<typeof useQuote> }) {
  const { t } = useTranslation();
  if (!isCompleteQuote(search)) {
    return (
      <Text c="dimmed" role="status">
        {t('quote.empty')}
      </Text>
    );
  }
  if (result.isLoading) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden />
        <Text>{t('quote.loading')}</Text>
      </Group>
    );
  }
  if (result.error) {
    // The server's message, in the user's language; a field it is about is marked beside the field too.
    const message = result.error instanceof ApiError ? result.error.message : t('app.errors.unexpected');
    return (
      <Alert color="red" icon={<IconAlertCircle size={20} aria-hidden />} title={t('quote.failed')} role="alert">
        {message}
      </Alert>
    );
  }
  if (!result.data) return null;
  return (
    <>
      <BookThis search={search} />
      <QuoteResultView quote={result.data.quote} prices={result.data.prices} />
    </>
  );
}

/** "Book this": the new booking form, started from this quote's inputs (carried in its URL). */
function BookThis({ search }: { search: QuoteSearch }) {
  const { t } = useTranslation();
  const { companyId } = route.useParams();
  const can = useCan();
  const inputs = Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined));
  // A role that may price but not book (a read-only one) is not offered the booking form.
  if (!can('bookings.create')) return null;
  return (
    <Group justify="flex-end">
      <Button component={Link} to={`/${companyId}/bookings/new`} search={inputs as never} size="md" className="ps-primary-action">
        {t('quote.bookThis')}
      </Button>
    </Group>
  );
}

function QuoteResultView({ quote, prices }: { quote: Quote; prices: QuotePriceRow[] }) {
  const { t, i18n } = useTranslation();
  const { format } = useMoney();
  const month = monthName(i18n.language, quote.month);
  const lines: { label: string; value: string; strong?: boolean }[] = [
    { label: t(`quote.sources.${quote.base_price_source}`), value: format(quote.base_price) },
    {
      label: quote.package ? t('quote.lines.package', { name: quote.package.name }) : t('quote.lines.noPackage'),
      value: format(quote.package_price),
    },
    ...quote.services.map((service) => ({ label: service.name, value: format(service.price) })),
    { label: t('quote.lines.subtotal'), value: format(quote.subtotal), strong: true },
    {
      label: quote.voucher ? t('quote.lines.voucher', { code: quote.voucher.code }) : t('quote.lines.noVoucher'),
      value: quote.discount > 0 ? `− ${format(quote.discount)}` : format(0),
    },
  ];

  return (
    // Long names (and long Tamil words) wrap inside the cards: nothing runs off the side at 320 px.
    <Stack gap="md" aria-live="polite" style={{ overflowWrap: 'anywhere' }}>
      <Paper p={{ base: 'md', sm: 'lg' }} radius="md" withBorder>
        <Stack gap="xs">
          <Text size="sm" c="dimmed" fw={600} tt="uppercase">
            {t('quote.total')}
          </Text>
          <Text component="p" m={0} fz={{ base: 36, sm: 48 }} fw={700} lh={1.1} c="dark.9" data-testid="quote-total">
            {format(quote.total)}
          </Text>
          <Text>{t('quote.summary', { count: quote.days, band: quote.band.name, month })}</Text>
        </Stack>
        <Table mt="md" verticalSpacing="xs" aria-label={t('quote.breakdown')}>
          <Table.Tbody>
            {lines.map((line) => (
              <Table.Tr key={line.label}>
                <Table.Th scope="row" fw={line.strong ? 700 : 400}>
                  {line.label}
                </Table.Th>
                <Table.Td ta="right" fw={line.strong ? 700 : 400} style={{ whiteSpace: 'nowrap' }}>
                  {line.value}
                </Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Th scope="row" fw={700}>
                {t('quote.total')}
              </Table.Th>
              <Table.Td ta="right" fw={700} style={{ whiteSpace: 'nowrap' }}>
                {format(quote.total)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Paper>

      <Paper p={{ base: 'md', sm: 'lg' }} radius="md" withBorder component="section" aria-labelledby="quote-explanation">
        <Title order={2} size="h3" id="quote-explanation" mb="sm">
          {t('quote.whyTitle')}
        </Title>
        <List type="ordered" spacing="sm" data-testid="quote-explanation">
          {quote.explanation.map((step) => (
            <List.Item key={step.step}>
              <Text component="span" fw={600}>
                {t(`quote.steps.${step.step}`)}:{' '}
              </Text>
              <Text component="span">{step.text}</Text>
            </List.Item>
          ))}
        </List>
      </Paper>

      <Paper p={{ base: 'md', sm: 'lg' }} radius="md" withBorder component="section" aria-labelledby="quote-prices">
        <Title order={2} size="h3" id="quote-prices" mb="xs">
          {t('quote.prices.title')}
        </Title>
        {prices.length === 0 ? (
          <Text c="dimmed">{t('quote.prices.empty')}</Text>
        ) : (
          <Table verticalSpacing="xs" striped data-testid="quote-prices">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('quote.prices.band')}</Table.Th>
                <Table.Th>{t('quote.prices.month')}</Table.Th>
                <Table.Th ta="right">{t('quote.prices.price')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {prices.map((row) => (
                <Table.Tr key={row.id} fw={row.id === quote.location_price_id ? 700 : undefined}>
                  <Table.Td>
                    <Stack gap={2}>
                      <span>{row.band_name}</span>
                      <Text size="xs" c="dimmed">
                        {t(`labels.bandTypes.${row.band_type}`)}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    {row.month === null ? t('quote.prices.everyMonth') : monthName(i18n.language, row.month)}
                    {row.id === quote.location_price_id ? (
                      <Text size="xs" fw={700} c="blue.9">
                        {t('quote.prices.used')}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {format(row.price)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </Stack>
  );
}
