import { Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { AgencyStatement, AgencyStatementLine } from '@ps/contracts';
import { todayInBrowser } from '@ps/contracts/common/zonedTime';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { BackToListLink } from '../../components/FormKit';
import { IconDownload } from '../../components/icons';
import { ListError, useCardLayout } from '../../components/ListKit';
import { downloadCsv } from '../../lib/csv';
import { formatDateTime, formatDay, formatMoney, formatSpreadsheetDateTime } from '../../lib/format';
import { translateMessage } from '../../lib/i18n';
import { usePageSearch } from '../../lib/listPage';
import { usePageTitle } from '../../lib/pageTitle';
import { toastSuccess } from '../../lib/toast';
import { agenciesResource, useAgencyStatement } from './api';
import { useFormatPercent } from './format';
import { validateStatementSearch } from './search';
import { balanceDirection, lastMonthOf, statementCsv } from './statement';

const route = getRouteApi('/$companyId/agencies/$agencyId/statement');

/**
 * An agency's statement for a period (last month unless the URL says otherwise): the bookings it sold that
 * departed in it, the totals, and who owes whom; a CSV of the same. A table from 768 px, one card per booking below.
 */
export function AgencyStatementPage() {
  const { t } = useTranslation();
  const { companyId, agencyId } = route.useParams();
  const id = Number(agencyId);
  const [search, navigate] = usePageSearch(route, validateStatementSearch);
  const fallback = lastMonthOf(todayInBrowser());
  const from = search.from ?? fallback.from;
  const to = search.to ?? fallback.to;
  const backwards = from > to;
  const agency = agenciesResource.useOne(id);
  const statement = useAgencyStatement(id, from, backwards ? '' : to);
  const name = statement.data?.agency.name ?? agency.data?.name;
  const title = name ? t('agencies.statement.title', { name }) : t('agencies.statement.titleGeneric');
  usePageTitle(title);

  const setPeriod = (patch: { from?: string; to?: string }) =>
    void navigate({ search: (previous) => ({ ...previous, from, to, ...patch }), replace: true });

  return (
    <Stack gap="md" maw={1200}>
      <BackToListLink path={`/${companyId}/agencies`} label={t('agencies.backToList')} />
      <Title order={1} size="h2" className="ps-wrap">
        {title}
      </Title>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Group align="flex-end" gap="md" wrap="wrap">
          <TextInput
            type="date"
            size="md"
            label={t('agencies.statement.from')}
            value={from}
            onChange={(event) => event.currentTarget.value && setPeriod({ from: event.currentTarget.value })}
            style={{ flex: '1 1 160px' }}
          />
          <TextInput
            type="date"
            size="md"
            label={t('agencies.statement.to')}
            value={to}
            onChange={(event) => event.currentTarget.value && setPeriod({ to: event.currentTarget.value })}
            error={backwards ? translateMessage('validation.dateOrder') : undefined}
            style={{ flex: '1 1 160px' }}
          />
          <Button variant="default" size="md" onClick={() => setPeriod(fallback)}>
            {t('agencies.statement.lastMonth')}
          </Button>
          {statement.data ? <StatementCsvButton statement={statement.data} /> : null}
        </Group>
        <Text size="sm" mt="sm">
          {t('agencies.statement.periodNote', { from: formatDay(from), to: formatDay(to) })}
        </Text>
      </Paper>
      {backwards ? null : statement.isError ? (
        <ListError title={t('agencies.statement.loadError')} error={statement.error} onRetry={() => void statement.refetch()} />
      ) : statement.data ? (
        <>
          <StatementLetterhead company={statement.data.company} />
          <StatementTotals statement={statement.data} />
          <StatementLines statement={statement.data} />
          <StatementTerms company={statement.data.company} />
        </>
      ) : (
        <Text>{t('app.loading')}</Text>
      )}
    </Stack>
  );
}

/** The head of the statement as a document: who issues it, where they are, how to reach them, their VAT number. */
function StatementLetterhead({ company }: { company: AgencyStatement['company'] }) {
  const { t } = useTranslation();
  const contact = [
    company.contact_phone ? t('agencies.statement.issuerPhone', { phone: company.contact_phone }) : null,
    company.contact_email ? t('agencies.statement.issuerEmail', { email: company.contact_email }) : null,
  ].filter((line): line is string => line !== null);
  return (
    <Paper component="address" withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="statement-letterhead" fs="normal">
      <Text size="sm" c="dimmed">
        {t('agencies.statement.issuer')}
      </Text>
      <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
        {company.name}
      </Text>
      {company.address ? (
        <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {company.address}
        </Text>
      ) : null}
      {contact.map((line) => (
        <Text key={line} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {line}
        </Text>
      ))}
      {company.tax_number ? (
        <Text size="sm" fw={600} mt={4}>
          {t('agencies.statement.taxNumber', { number: company.tax_number })}
        </Text>
      ) : null}
    </Paper>
  );
}

/** The company's terms at the foot of the statement, as its admin wrote them (line breaks kept). */
function StatementTerms({ company }: { company: AgencyStatement['company'] }) {
  const { t } = useTranslation();
  if (!company.terms) return null;
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      aria-labelledby="statement-terms"
      data-testid="statement-terms"
    >
      <Title order={2} size="h4" id="statement-terms" mb="xs">
        {t('agencies.statement.terms')}
      </Title>
      <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {company.terms}
      </Text>
    </Paper>
  );
}

function useStatementText() {
  const { t } = useTranslation();
  return {
    status: (line: Pick<AgencyStatementLine, 'status'>) => t(`agencies.statement.statuses.${line.status}`),
    balance: (statement: AgencyStatement, money: (minor: number) => string) => {
      const amount = money(Math.abs(statement.totals.balance));
      const direction = balanceDirection(statement.totals.balance);
      return t(`agencies.statement.balance.${direction}`, { name: statement.agency.name, amount });
    },
  };
}

function StatementCsvButton({ statement }: { statement: AgencyStatement }) {
  const { t } = useTranslation();
  const text = useStatementText();
  const money = (minor: number) => formatMoney(minor, statement.currency);
  const download = () => {
    const csv = statementCsv(statement, {
      columns: {
        reference: t('agencies.statement.fields.reference'),
        customer: t('agencies.statement.fields.customer'),
        departure: t('agencies.statement.fields.departure'),
        arrival: t('agencies.statement.fields.arrival'),
        status: t('agencies.statement.fields.status'),
        total: t('agencies.statement.fields.total'),
        percent: t('agencies.statement.fields.percent'),
        commission: t('agencies.statement.fields.commission'),
        collected: t('agencies.statement.fields.collected'),
      },
      totals: {
        bookings: t('agencies.statement.totals.bookings'),
        cancelled: t('agencies.statement.totals.cancelled'),
        sales: t('agencies.statement.totals.sales'),
        commission: t('agencies.statement.totals.commission'),
        collected: t('agencies.statement.totals.collected'),
        balance: t('agencies.statement.totals.balance'),
      },
      status: text.status,
      // The wall clock of the company, as a spreadsheet sorts it.
      time: (instant) => formatSpreadsheetDateTime(instant, statement.time_zone),
      balanceNote: text.balance(statement, money),
    });
    downloadCsv(`${t('agencies.statement.exportFile')}-${statement.from}-${statement.to}.csv`, csv);
    toastSuccess(t('kit.export.done', { count: statement.lines.length }));
  };
  return (
    <Button variant="default" size="md" leftSection={<IconDownload size={18} aria-hidden />} onClick={download}>
      {t('kit.export.button')}
    </Button>
  );
}

function Figure({ label, value, note, testId }: { label: string; value: string; note?: string; testId: string }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
      {note ? <Text size="sm">{note}</Text> : null}
    </Paper>
  );
}

function StatementTotals({ statement }: { statement: AgencyStatement }) {
  const { t } = useTranslation();
  const text = useStatementText();
  const money = (minor: number) => formatMoney(minor, statement.currency);
  const { totals } = statement;
  const direction = balanceDirection(totals.balance);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        <Figure
          testId="statement-bookings"
          label={t('agencies.statement.totals.bookings')}
          value={String(totals.bookings)}
          note={totals.cancelled > 0 ? t('agencies.statement.cancelledNote', { count: totals.cancelled }) : undefined}
        />
        <Figure testId="statement-sales" label={t('agencies.statement.totals.sales')} value={money(totals.sales)} />
        <Figure testId="statement-commission" label={t('agencies.statement.totals.commission')} value={money(totals.commission)} />
        <Figure testId="statement-collected" label={t('agencies.statement.totals.collected')} value={money(totals.collected)} />
      </SimpleGrid>
      <Paper
        withBorder
        radius="md"
        p="md"
        data-testid="statement-balance"
        bg={direction === 'settled' ? undefined : direction === 'agencyOwes' ? 'green.0' : 'orange.0'}
      >
        <Text size="sm">{t('agencies.statement.totals.balance')}</Text>
        <Text fw={700} size="xl" className="ps-wrap">
          {text.balance(statement, money)}
        </Text>
        <Text size="sm">{t('agencies.statement.balanceHint')}</Text>
      </Paper>
    </Stack>
  );
}

function StatementLines({ statement }: { statement: AgencyStatement }) {
  const { t } = useTranslation();
  const cards = useCardLayout();
  const text = useStatementText();
  const percent = useFormatPercent();
  const money = (minor: number) => formatMoney(minor, statement.currency);
  const time = (instant: string) => formatDateTime(instant, statement.time_zone);
  if (statement.lines.length === 0) return <Text>{t('agencies.statement.empty')}</Text>;
  const status = (line: AgencyStatementLine) => (
    <Badge variant={line.counted ? 'light' : 'default'} color={line.counted ? 'blue' : 'gray'}>
      {text.status(line)}
    </Badge>
  );
  if (cards) {
    return (
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('agencies.statement.bookings')}>
        {statement.lines.map((line) => (
          <Paper component="li" key={line.booking_id} withBorder radius="md" p="md" data-testid="statement-line">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text fw={700} ff="monospace">
                {line.reference}
              </Text>
              {status(line)}
            </Group>
            <Text className="ps-wrap">{line.customer_name}</Text>
            <Text size="sm">{t('agencies.statement.stay', { from: time(line.departure_at), to: time(line.arrival_at) })}</Text>
            <SimpleGrid cols={2} spacing="xs" mt="xs">
              <Text size="sm">{t('agencies.statement.fields.total')}</Text>
              <Text size="sm" ta="right">
                {money(line.total)}
              </Text>
              <Text size="sm">{t('agencies.statement.commissionAt', { percent: percent(line.commission_percent) })}</Text>
              <Text size="sm" ta="right">
                {money(line.commission)}
              </Text>
              <Text size="sm">{t('agencies.statement.fields.collected')}</Text>
              <Text size="sm" ta="right">
                {money(line.collected)}
              </Text>
            </SimpleGrid>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Paper withBorder radius="md" p="xs">
      <Table striped highlightOnHover aria-label={t('agencies.statement.bookings')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('agencies.statement.fields.reference')}</Table.Th>
            <Table.Th>{t('agencies.statement.fields.customer')}</Table.Th>
            <Table.Th>{t('agencies.statement.fields.departure')}</Table.Th>
            <Table.Th>{t('agencies.statement.fields.arrival')}</Table.Th>
            <Table.Th>{t('agencies.statement.fields.status')}</Table.Th>
            <Table.Th ta="right">{t('agencies.statement.fields.total')}</Table.Th>
            <Table.Th ta="right">{t('agencies.statement.fields.percent')}</Table.Th>
            <Table.Th ta="right">{t('agencies.statement.fields.commission')}</Table.Th>
            <Table.Th ta="right">{t('agencies.statement.fields.collected')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {statement.lines.map((line) => (
            <Table.Tr key={line.booking_id} data-testid="statement-line">
              <Table.Td ff="monospace">{line.reference}</Table.Td>
              <Table.Td>{line.customer_name}</Table.Td>
              <Table.Td>{time(line.departure_at)}</Table.Td>
              <Table.Td>{time(line.arrival_at)}</Table.Td>
              <Table.Td>{status(line)}</Table.Td>
              <Table.Td ta="right">{money(line.total)}</Table.Td>
              <Table.Td ta="right">{percent(line.commission_percent)}</Table.Td>
              <Table.Td ta="right">{money(line.commission)}</Table.Td>
              <Table.Td ta="right">{money(line.collected)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
