// The booking form's live price: the quote of the stay as it is typed, with the steps that made it.
import { Alert, Group, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Quote } from '@ps/contracts';
import { dayOf } from '@ps/contracts/common/zonedTime';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { useMoney } from '../../lib/format';
import { type QuoteInput, useLiveQuote } from './api.choices';
import type { BookingFormValues, FormKind } from './bookingFormModel';

/**
 * The quote's inputs once the stay is complete (times -> the airport's calendar days). Park and ride is priced
 * as the API prices it: car park to car park with park_and_ride bands, no package.
 */
function quoteInputOf(values: BookingFormValues, kind: FormKind): QuoteInput | null {
  const departureDate = dayOf(values.departure_local);
  const arrivalDate = dayOf(values.arrival_local);
  const parkRide = kind === 'park_and_ride';
  const departureId = parkRide ? values.car_park_id : values.departure_id;
  const arrivalId = parkRide ? values.car_park_id : values.arrival_id;
  if (!values.airport_id || !departureId || !arrivalId || !departureDate || !arrivalDate) return null;
  return {
    airport_id: values.airport_id,
    departure_id: departureId,
    arrival_id: arrivalId,
    departure_date: departureDate,
    arrival_date: arrivalDate,
    package_id: parkRide ? undefined : (values.package_id ?? undefined),
    type: parkRide ? 'park_and_ride' : undefined,
    service_ids: values.service_ids.length > 0 ? values.service_ids.join(',') : undefined,
    voucher_code: values.voucher_code.trim() ? values.voucher_code.trim().toUpperCase() : undefined,
  };
}

/** The price of the stay as it is typed, with the steps that made it. */
export function LivePrice({ values, zone, kind }: { values: BookingFormValues; zone: string | undefined; kind: FormKind }) {
  const { t } = useTranslation();
  const input = zone ? quoteInputOf(values, kind) : null;
  const [debounced] = useDebouncedValue(input, 400);
  const quote = useLiveQuote(debounced);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      bg="var(--mantine-color-gray-0)"
      aria-live="polite"
      aria-busy={quote.isFetching}
      data-testid="live-price"
    >
      <Title order={2} size="h4" mb="xs">
        {t('bookings.form.price')}
      </Title>
      {!debounced ? (
        <Text c="dimmed">{t(kind === 'park_and_ride' ? 'bookings.parkRide.priceWaiting' : 'bookings.form.priceWaiting')}</Text>
      ) : quote.error ? (
        <Alert color="red" variant="light" title={t('bookings.form.noPrice')} role="alert">
          {quote.error instanceof ApiError ? quote.error.message : t('app.errors.unexpected')}
        </Alert>
      ) : quote.data ? (
        <QuoteView quote={quote.data.quote} busy={quote.isFetching} />
      ) : (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{t('bookings.form.pricing')}</Text>
        </Group>
      )}
    </Paper>
  );
}

function QuoteView({ quote, busy }: { quote: Quote; busy: boolean }) {
  const { t } = useTranslation();
  const { format } = useMoney();
  return (
    <Stack gap="xs" style={{ opacity: busy ? 0.6 : 1 }}>
      <Group gap="sm" align="baseline">
        <Text fz={32} fw={700} lh={1.1} data-testid="live-total">
          {format(quote.total)}
        </Text>
        <Text c="dimmed">{t('bookings.form.days', { count: quote.days })}</Text>
      </Group>
      <List size="sm" spacing={4} data-testid="live-explanation">
        {quote.explanation.map((step, index) => (
          // Several price rules make several steps of one kind: the index keeps them apart.
          <List.Item key={`${step.step}-${index}`}>{step.text}</List.Item>
        ))}
      </List>
    </Stack>
  );
}
