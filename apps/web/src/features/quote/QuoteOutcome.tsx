import { Alert, Button, Group, List, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { Quote, QuotePriceRow } from '@ps/contracts';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { IconAlertCircle } from '../../components/icons';
import { ApiError } from '../../lib/api';
import { useCan } from '../../lib/currentUser';
import { formatMonthNumber, useMoney } from '../../lib/format';
import type { useQuote } from './api';
import { isCompleteQuote, type QuoteSearch } from './search';

const route = getRouteApi('/$companyId/quote');

/** The month's name in the user's language ("March", "மார்ச்"). */
/** Under the form: what is missing, the wait, the refusal in the user's language, or the quote and the route's prices. */
export function QuoteOutcome({ search, result }: { search: QuoteSearch; result: ReturnType<typeof useQuote> }) {
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
  const { t } = useTranslation();
  const { format } = useMoney();
  const month = formatMonthNumber(quote.month);
  const lines: { label: string; value: string; strong?: boolean }[] = [
    { label: t(`quote.sources.${quote.base_price_source}`), value: format(quote.grid_price) },
    // The price rules' change of the base price (issue 24), when they made one.
    ...(quote.base_price === quote.grid_price
      ? []
      : [
          {
            label: t('quote.lines.rules'),
            value:
              quote.base_price > quote.grid_price
                ? `+ ${format(quote.base_price - quote.grid_price)}`
                : `− ${format(quote.grid_price - quote.base_price)}`,
          },
        ]),
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
    <Stack gap="md" aria-live="polite" className="ps-wrap">
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
          {quote.explanation.map((step, index) => (
            // Several price rules make several steps of one kind: the index keeps them apart.
            <List.Item key={`${step.step}-${index}`}>
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
                    {row.month === null ? t('quote.prices.everyMonth') : formatMonthNumber(row.month)}
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
