import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, List, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  type CustomerBooking,
  type CustomerDataErase,
  type CustomerDataFind,
  type CustomerSearch,
  customerDataEndpoints,
  customerSearchSchema,
} from '@ps/contracts/customerData';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { IconDownload, IconSearch, IconTrash } from '../../components/icons';
import { type KitColumn, ListError, ResourceTable, useWholeListTable } from '../../components/ListKit';
import { Section } from '../../components/Section';
import { toastApiError } from '../../lib/api';
import { downloadBlob } from '../../lib/csv';
import { useCan } from '../../lib/currentUser';
import { useCanCall } from '../../lib/finance';
import { formatDate, formatDateTimeRange } from '../../lib/format';
import { translateMessage } from '../../lib/i18n';
import { usePageTitle } from '../../lib/pageTitle';
import { toastSuccess } from '../../lib/toast';
import { fetchCustomerDataCsv, fetchCustomerDataJson, useCustomerBookings, useEraseCustomerData } from './api';

/** The search form's values, as typed (blank is "not given": the shared schema drops it). */
type SearchValues = { email: string; phone: string };
const searchResolver = zodResolver(customerSearchSchema) as unknown as Resolver<SearchValues>;

/** `customer-data-2026-11-28.json`: the file's name in the user's words and the day it was made. */
const fileName = (base: string, extension: 'json' | 'csv') => `${base}-${new Date().toISOString().slice(0, 10)}.${extension}`;

/**
 * `/{company}/customer-data` (issue 23, section 4): when a customer asks to see their data or to have it erased, an
 * operator finds their bookings by e-mail address and/or phone, exports them (JSON, CSV), and erases their personal
 * details on the bookings the company's retention allows, asked first with how many are erased and how many kept.
 */
export function CustomerDataPage() {
  const { t } = useTranslation();
  usePageTitle(t('customerData.title'));
  // Kept in memory only: an e-mail address in the page's address would stay in the browser's history.
  const [search, setSearch] = useState<CustomerSearch | null>(null);
  const [outcome, setOutcome] = useState<CustomerDataErase | null>(null);
  const found = useCustomerBookings(search);

  return (
    <Stack gap="md" maw={1200}>
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('customerData.title')}
        </Title>
        <Text size="sm">{t('customerData.intro')}</Text>
      </Stack>
      <SearchForm
        busy={found.isFetching}
        onSearch={(next) => {
          setOutcome(null);
          setSearch(next);
        }}
      />
      {search === null ? null : found.isError && !found.data ? (
        <ListError title={t('customerData.loadError')} error={found.error} onRetry={() => void found.refetch()} />
      ) : (
        <Results search={search} found={found.data} fetching={found.isFetching} onErased={setOutcome} />
      )}
      {outcome ? <Outcome outcome={outcome} /> : null}
    </Stack>
  );
}

function SearchForm({ busy, onSearch }: { busy: boolean; onSearch: (search: CustomerSearch) => void }) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SearchValues>({ resolver: searchResolver, defaultValues: { email: '', phone: '' } });
  // The values passed the shared schema: its output (the address in lower case, blanks left out) is the search.
  const submit = handleSubmit((values) => onSearch(customerSearchSchema.parse(values)));
  return (
    <Paper p={{ base: 'sm', sm: 'md' }} radius="md" withBorder component="section" aria-label={t('customerData.search.region')}>
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            <TextInput
              size="md"
              type="email"
              autoComplete="off"
              label={t('customerData.search.email')}
              description={t('customerData.search.emailHint')}
              maxLength={254}
              error={translateMessage(errors.email?.message)}
              {...register('email')}
            />
            <TextInput
              size="md"
              type="tel"
              autoComplete="off"
              label={t('customerData.search.phone')}
              description={t('customerData.search.phoneHint')}
              maxLength={20}
              error={translateMessage(errors.phone?.message)}
              {...register('phone')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" size="md" loading={busy} leftSection={<IconSearch size={18} aria-hidden />} className="ps-primary-action">
              {t('customerData.search.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** What an erase would do to a booking: erased now, or kept (open, or until when). */
function Verdict({ booking }: { booking: CustomerBooking }) {
  const { t } = useTranslation();
  const text =
    booking.kept_reason === null
      ? t('customerData.verdict.erasable')
      : booking.kept_reason === 'open'
        ? t('customerData.verdict.open')
        : t('customerData.verdict.recent', { date: formatDate(booking.erasable_from, booking.airport_time_zone) });
  return (
    <Text size="sm" fw={600} c={booking.erasable ? 'red.9' : undefined} data-erasable={booking.erasable}>
      {text}
    </Text>
  );
}

/** Who the booking was for: the name, and the address and phone it was made with. */
function Customer({ booking }: { booking: CustomerBooking }) {
  return (
    <Stack gap={0} className="ps-wrap">
      <Text>{booking.customer_name}</Text>
      {booking.customer_email ? <Text size="sm">{booking.customer_email}</Text> : null}
      {booking.customer_phone ? <Text size="sm">{booking.customer_phone}</Text> : null}
    </Stack>
  );
}

function Results({
  search,
  found,
  fetching,
  onErased,
}: {
  search: CustomerSearch;
  found: CustomerDataFind | undefined;
  fetching: boolean;
  onErased: (outcome: CustomerDataErase) => void;
}) {
  const { t } = useTranslation();
  const can = useCan();
  const canCall = useCanCall();
  const erase = useEraseCustomerData();
  const [exporting, setExporting] = useState<'json' | 'csv' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const records = found?.bookings ?? [];
  // The API's order (the latest stay first); no column sorts.
  const table = useWholeListTable<CustomerBooking>(records.length, { columnAccessor: 'arrival_at', direction: 'desc' }, () => undefined);

  const download = async (format: 'json' | 'csv') => {
    setExporting(format);
    try {
      const blob =
        format === 'json'
          ? new Blob([JSON.stringify(await fetchCustomerDataJson(search), null, 2)], { type: 'application/json' })
          : await fetchCustomerDataCsv(search);
      downloadBlob(fileName(t('customerData.exportFile'), format), blob);
      toastSuccess(t('customerData.exported'));
    } catch (error) {
      toastApiError(error);
    } finally {
      setExporting(null);
    }
  };

  const confirmErase = () => {
    erase.mutate(search, {
      onSuccess: (outcome) => {
        setConfirming(false);
        onErased(outcome);
        toastSuccess(t('customerData.erasedToast', { count: outcome.erased.length }));
      },
      onError: () => setConfirming(false),
    });
  };

  const columns: KitColumn<CustomerBooking>[] = [
    {
      accessor: 'reference',
      title: t('customerData.columns.reference'),
      hideInCard: true,
      render: (booking) => <Text fw={700}>{booking.reference}</Text>,
    },
    // On a phone the card's title holds the customer: a narrow label column would break the word.
    {
      accessor: 'customer_name',
      title: t('customerData.columns.customer'),
      hideInCard: true,
      render: (booking) => <Customer booking={booking} />,
    },
    { accessor: 'vehicle_reg', title: t('customerData.columns.vehicle') },
    {
      accessor: 'stay',
      title: t('customerData.columns.stay'),
      render: (booking) => formatDateTimeRange(booking.departure_at, booking.arrival_at, booking.airport_time_zone),
    },
    { accessor: 'status', title: t('customerData.columns.status'), render: (booking) => t(`customerData.statuses.${booking.status}`) },
    { accessor: 'erasable', title: t('customerData.columns.erase'), render: (booking) => <Verdict booking={booking} /> },
  ];

  const count = records.length;
  const actions =
    count === 0 ? undefined : (
      <Group gap="sm">
        {canCall(customerDataEndpoints.exportJson) ? (
          <Button
            variant="default"
            size="md"
            leftSection={<IconDownload size={18} aria-hidden />}
            loading={exporting === 'json'}
            disabled={exporting !== null}
            onClick={() => void download('json')}
          >
            {t('customerData.exportJson')}
          </Button>
        ) : null}
        {canCall(customerDataEndpoints.exportCsv) ? (
          <Button
            variant="default"
            size="md"
            leftSection={<IconDownload size={18} aria-hidden />}
            loading={exporting === 'csv'}
            disabled={exporting !== null}
            onClick={() => void download('csv')}
          >
            {t('customerData.exportCsv')}
          </Button>
        ) : null}
        {can('customer_data.erase') ? (
          <Button
            color="red.8"
            size="md"
            leftSection={<IconTrash size={18} aria-hidden />}
            disabled={!found || found.erasable_count === 0}
            onClick={() => setConfirming(true)}
          >
            {t('customerData.erase')}
          </Button>
        ) : null}
      </Group>
    );

  return (
    <Section id="customer-data-found" title={found ? t('customerData.found', { count }) : t('app.loading')} actions={actions}>
      <Stack gap="sm">
        {found && count > 0 ? (
          <>
            <Text size="sm" data-testid="customer-data-summary">
              {t('customerData.summary', { erasable: found.erasable_count, kept: found.kept_count })}
            </Text>
            <Text size="sm">{t('customerData.rule', { days: found.retention_days })}</Text>
          </>
        ) : null}
        <ResourceTable<CustomerBooking>
          label={t('customerData.title')}
          records={records}
          fetching={fetching}
          noRecordsText={t('customerData.none')}
          table={table}
          cardTitle={(booking) => (
            <Stack gap={2}>
              <Text fw={700} c="var(--ps-color-title)">
                {booking.reference}
              </Text>
              <Customer booking={booking} />
            </Stack>
          )}
          columns={columns}
        />
      </Stack>
      <ConfirmDialog
        opened={confirming && found !== undefined}
        title={t('customerData.eraseTitle')}
        body={
          <Stack gap="xs">
            <Text>{t('customerData.eraseWill', { count: found?.erasable_count ?? 0 })}</Text>
            <Text>
              {(found?.kept_count ?? 0) > 0
                ? t('customerData.eraseKeeps', { count: found?.kept_count ?? 0 })
                : t('customerData.eraseKeepsNone')}
            </Text>
            <Text fw={600}>{t('customerData.eraseFinal')}</Text>
          </Stack>
        }
        confirmLabel={t('customerData.eraseConfirm')}
        tone="danger"
        busy={erase.isPending}
        onConfirm={confirmErase}
        onClose={() => setConfirming(false)}
      />
    </Section>
  );
}

/** What the erase did: each booking erased (with its images and mails), each kept and why. */
function Outcome({ outcome }: { outcome: CustomerDataErase }) {
  const { t } = useTranslation();
  return (
    <Section id="customer-data-outcome" title={t('customerData.outcome.title')}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" data-testid="customer-data-outcome">
        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('customerData.outcome.erased')}
          </Title>
          {outcome.erased.length === 0 ? (
            <Text>{t('customerData.outcome.none')}</Text>
          ) : (
            <List spacing={4}>
              {outcome.erased.map((booking) => (
                <List.Item key={booking.id} className="ps-wrap">
                  {t('customerData.outcome.erasedLine', {
                    reference: booking.reference,
                    images: booking.handover_images_deleted,
                    mails: booking.mails_blanked,
                  })}
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('customerData.outcome.kept')}
          </Title>
          {outcome.kept.length === 0 ? (
            <Text>{t('customerData.outcome.none')}</Text>
          ) : (
            <List spacing={4}>
              {outcome.kept.map((booking) => (
                <List.Item key={booking.id} className="ps-wrap">
                  {booking.reason === 'open'
                    ? t('customerData.outcome.keptOpen', { reference: booking.reference })
                    : t('customerData.outcome.keptRecent', { reference: booking.reference, date: formatDate(booking.erasable_from) })}
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      </SimpleGrid>
    </Section>
  );
}
