import { Alert, Badge, Box, Button, CloseButton, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { PayoutDetail, PayoutLine } from '@ps/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { IconAlertCircle, IconCheck, IconTrash } from '../../components/icons';
import { useCardLayout } from '../../components/ListKit';
import { ApiError, toastApiError } from '../../lib/api';
import { useCan } from '../../lib/currentUser';
import { formatDateTime, formatDay, formatNumber, useMoney } from '../../lib/format';
import { toastSuccess } from '../../lib/toast';
import { useApprovePayout, useDeletePayout, usePayout } from './api';
import { hoursText, statusColour, usePeriodText } from './format';
import { hoursOf } from './period';

const TITLE_ID = 'payout-detail-title';

/** The refusal of an approval or a delete (a 409), shown as the API words it. */
function messageOf(error: unknown): string | null {
  if (error instanceof ApiError) return error.handled ? null : error.message;
  toastApiError(error);
  return null;
}

/**
 * One payout, opened from the list: what it pays day by day (worked hours at that day's rate) and trip by trip
 * (each fee), its totals and, for a draft, what stops its approval. A draft's figures are computed when it is
 * opened; approving pays exactly what is unpaid in its period at that moment, so the confirmation reads them
 * again first.
 */
export function PayoutDetailPanel({
  driverId,
  driverName,
  id,
  onClose,
}: {
  driverId: number;
  driverName: string;
  id: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const payout = usePayout(driverId, id);
  const heading = useRef<HTMLHeadingElement>(null);

  // Opening a payout moves the reader to it (on a phone it is far below the row that opened it), once its
  // figures are in: before, the page may be too short to bring it to the top. The panel is keyed by the payout.
  const loaded = payout.data !== undefined;
  const moved = useRef(false);
  useEffect(() => {
    if (!loaded || moved.current) return;
    moved.current = true;
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView({ block: 'start' });
  }, [loaded]);

  return (
    <Paper component="section" withBorder radius="md" p={{ base: 'sm', sm: 'md' }} aria-labelledby={TITLE_ID} bg="gray.0">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm" mb="sm">
        <Title order={3} size="h4" id={TITLE_ID} ref={heading} tabIndex={-1} style={{ scrollMarginTop: 80 }}>
          {payout.data ? <PayoutTitle payout={payout.data} /> : t('payouts.detail.titleLoading')}
        </Title>
        <CloseButton size="lg" aria-label={t('payouts.detail.close')} onClick={onClose} />
      </Group>
      {payout.data ? (
        <PayoutBody key={payout.data.id} payout={payout.data} driverName={driverName} refetch={payout.refetch} onDeleted={onClose} />
      ) : payout.isError ? (
        <Alert color="red" variant="light" role="alert" title={t('payouts.detail.loadError')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{payout.error.message}</Text>
            <Button variant="default" onClick={() => void payout.refetch()}>
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Text size="sm" role="status">
          {t('app.loading')}
        </Text>
      )}
    </Paper>
  );
}

function PayoutTitle({ payout }: { payout: PayoutDetail }) {
  const { t } = useTranslation();
  const periodText = usePeriodText();
  return <>{t('payouts.detail.title', { period: periodText(payout.period_start, payout.period_end) })}</>;
}

function PayoutBody({
  payout,
  driverName,
  refetch,
  onDeleted,
}: {
  payout: PayoutDetail;
  driverName: string;
  refetch: () => Promise<{ data?: PayoutDetail | undefined }>;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const periodText = usePeriodText();
  const approve = useApprovePayout(payout.driver_id);
  const remove = useDeletePayout(payout.driver_id);
  const can = useCan();
  const [confirming, setConfirming] = useState(false);
  const [reading, setReading] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const period = periodText(payout.period_start, payout.period_end);
  const days = payout.lines.filter((line) => line.kind === 'attendance');
  const trips = payout.lines.filter((line) => line.kind === 'trip');
  const draft = payout.status === 'draft';
  const missingRates = payout.missing_rate_days.length > 0;

  const askApproval = async () => {
    setRefusal(null);
    setReading(true);
    try {
      // The dialog states the total: read what approving would pay now, not what was on screen.
      await refetch();
      setConfirming(true);
    } finally {
      setReading(false);
    }
  };

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        <Badge color={statusColour[payout.status]} variant="dot" size="lg" tt="none" miw="max-content">
          {t(`payouts.status.${payout.status}`)}
        </Badge>
        <Text size="sm">
          {payout.status === 'approved' && payout.approved_at
            ? t('payouts.detail.approvedBy', { when: formatDateTime(payout.approved_at), name: payout.approved_by_name ?? '—' })
            : t('payouts.detail.draftNote')}
        </Text>
      </Group>

      {missingRates ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertCircle aria-hidden />}
          title={t('payouts.detail.missingRatesTitle')}
          role="alert"
          // Orange text on the light orange is below 4.5:1 (axe): the title keeps the text colour, the icon the warning's.
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
        >
          <Stack gap={4}>
            <Text size="sm">{t('payouts.detail.missingRatesBody', { count: payout.missing_rate_days.length })}</Text>
            <Text size="sm" fw={600}>
              {payout.missing_rate_days.map((item) => formatDay(item)).join(', ')}
            </Text>
          </Stack>
        </Alert>
      ) : null}

      <Stack gap="xs">
        <Title order={4} size="h5">
          {t('payouts.detail.daysTitle')}
        </Title>
        {days.length === 0 ? (
          <Text size="sm">{t('payouts.detail.noDays')}</Text>
        ) : (
          <DayLines lines={days} missingRateDays={payout.missing_rate_days} />
        )}
      </Stack>

      <Stack gap="xs">
        <Title order={4} size="h5">
          {t('payouts.detail.tripsTitle')}
        </Title>
        {trips.length === 0 ? <Text size="sm">{t('payouts.detail.noTrips')}</Text> : <TripLines lines={trips} />}
      </Stack>

      <Box
        component="dl"
        p="sm"
        style={{
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 1fr) auto',
          gap: '6px 16px',
          borderTop: '1px solid var(--mantine-color-gray-4)',
          // Under the amounts' column: the totals sit at the right, as on paper.
          width: '100%',
          maxWidth: 520,
          marginBlock: 0,
          marginInlineStart: 'auto',
          marginInlineEnd: 0,
        }}
      >
        <Text component="dt">{t('payouts.totals.hours', { hours: hoursText(payout.hours) })}</Text>
        <Text component="dd" m={0} ta="right">
          {money.format(payout.hours_amount)}
        </Text>
        <Text component="dt">{t('payouts.totals.trips', { count: payout.trip_count, number: formatNumber(payout.trip_count) })}</Text>
        <Text component="dd" m={0} ta="right">
          {money.format(payout.trips_amount)}
        </Text>
        <Text component="dt" fw={700} size="lg">
          {t('payouts.totals.total')}
        </Text>
        <Text component="dd" m={0} ta="right" fw={700} size="lg" data-testid="payout-total">
          {money.format(payout.total)}
        </Text>
      </Box>

      {payout.notes ? (
        <Text size="sm">
          <Text span fw={600}>
            {t('payouts.detail.notes')}
          </Text>{' '}
          {payout.notes}
        </Text>
      ) : null}

      {refusal ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={t('payouts.detail.refused')} role="alert">
          {refusal}
        </Alert>
      ) : null}

      {draft ? (
        <Stack gap={4}>
          <Group gap="sm" justify="flex-end">
            {can('payouts.delete') ? (
              <Button
                leftSection={<IconTrash size={18} aria-hidden />}
                variant="outline"
                color="red.9"
                onClick={() => {
                  setRefusal(null);
                  setDeleting(true);
                }}
                className="ps-primary-action"
              >
                {t('payouts.detail.delete')}
              </Button>
            ) : null}
            {can('payouts.approve') ? (
              <Button
                leftSection={<IconCheck size={18} aria-hidden />}
                onClick={() => void askApproval()}
                loading={reading}
                disabled={missingRates}
                aria-describedby={missingRates ? 'payout-approve-blocked' : undefined}
                className="ps-primary-action"
              >
                {t('payouts.detail.approve')}
              </Button>
            ) : null}
          </Group>
          {missingRates ? (
            <Text size="sm" ta="right" id="payout-approve-blocked">
              {t('payouts.detail.approveBlocked')}
            </Text>
          ) : null}
        </Stack>
      ) : null}

      <ConfirmDialog
        opened={confirming}
        title={t('payouts.approveDialog.title')}
        body={
          <Stack gap="sm">
            <Text>{t('payouts.approveDialog.pay', { name: driverName, total: money.format(payout.total), period })}</Text>
            <Box component="ul" m={0} pl="lg">
              <li>{t('payouts.approveDialog.days', { count: days.length, number: formatNumber(days.length) })}</li>
              <li>{t('payouts.approveDialog.trips', { count: trips.length, number: formatNumber(trips.length) })}</li>
            </Box>
            <Text>{t('payouts.approveDialog.effect')}</Text>
          </Stack>
        }
        confirmLabel={t('payouts.approveDialog.confirm', { total: money.format(payout.total) })}
        busy={approve.isPending}
        onConfirm={() =>
          approve.mutate(payout.id, {
            onSuccess: (approved) => {
              setConfirming(false);
              toastSuccess(t('payouts.toast.approved', { total: money.format(approved.total), name: driverName, period }));
            },
            onError: (error) => {
              setConfirming(false);
              setRefusal(messageOf(error));
            },
          })
        }
        onClose={() => setConfirming(false)}
      />
      <ConfirmDialog
        opened={deleting}
        title={t('payouts.deleteDialog.title')}
        body={t('payouts.deleteDialog.body', { period })}
        confirmLabel={t('kit.delete.confirm')}
        tone="danger"
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(payout.id, {
            onSuccess: () => {
              setDeleting(false);
              toastSuccess(t('payouts.toast.deleted', { period }));
              onDeleted();
            },
            onError: (error) => {
              setDeleting(false);
              setRefusal(messageOf(error));
            },
          })
        }
        onClose={() => setDeleting(false)}
      />
    </Stack>
  );
}

/** Days worked: a table from 768 px; below, one line per day ("8.5 h at £15.50 an hour", the amount beside). */
function DayLines({ lines, missingRateDays }: { lines: PayoutLine[]; missingRateDays: string[] }) {
  const { t } = useTranslation();
  const money = useMoney();
  const cards = useCardLayout();
  // A day with no rate in force is at nothing: it says so rather than showing a rate of 0.
  const rateOf = (line: PayoutLine) => (missingRateDays.includes(line.day) ? t('payouts.lines.noRate') : money.format(line.rate));
  if (cards) {
    return (
      <LineList
        label={t('payouts.detail.daysTitle')}
        rows={lines.map((line) => ({
          key: `${line.kind}-${line.attendance_id}`,
          title: formatDay(line.day),
          detail: missingRateDays.includes(line.day)
            ? t('payouts.lines.hoursNoRate', { hours: hoursText(hoursOf(line.worked_minutes)) })
            : t('payouts.lines.hoursAtRate', { hours: hoursText(hoursOf(line.worked_minutes)), rate: money.format(line.rate) }),
          amount: money.format(line.amount),
        }))}
      />
    );
  }
  return (
    <Table striped withTableBorder verticalSpacing="xs" aria-label={t('payouts.detail.daysTitle')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('payouts.lines.day')}</Table.Th>
          <Table.Th ta="right">{t('payouts.lines.hours')}</Table.Th>
          <Table.Th ta="right">{t('payouts.lines.rate')}</Table.Th>
          <Table.Th ta="right">{t('payouts.lines.amount')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((line) => (
          <Table.Tr key={`${line.kind}-${line.attendance_id}`}>
            <Table.Td>{formatDay(line.day)}</Table.Td>
            <Table.Td ta="right">{hoursText(hoursOf(line.worked_minutes))}</Table.Td>
            <Table.Td ta="right">{rateOf(line)}</Table.Td>
            <Table.Td ta="right">{money.format(line.amount)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function TripLines({ lines }: { lines: PayoutLine[] }) {
  const { t } = useTranslation();
  const money = useMoney();
  const cards = useCardLayout();
  const tripName = (line: PayoutLine) => t('payouts.lines.trip', { id: line.trip_id });
  if (cards) {
    return (
      <LineList
        label={t('payouts.detail.tripsTitle')}
        rows={lines.map((line) => ({
          key: `trip-${line.trip_id}`,
          title: formatDay(line.day),
          detail: tripName(line),
          amount: money.format(line.amount),
        }))}
      />
    );
  }
  return (
    <Table striped withTableBorder verticalSpacing="xs" aria-label={t('payouts.detail.tripsTitle')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('payouts.lines.day')}</Table.Th>
          <Table.Th>{t('payouts.lines.tripColumn')}</Table.Th>
          <Table.Th ta="right">{t('payouts.lines.fee')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((line) => (
          <Table.Tr key={`trip-${line.trip_id}`}>
            <Table.Td>{formatDay(line.day)}</Table.Td>
            <Table.Td>{tripName(line)}</Table.Td>
            <Table.Td ta="right">{money.format(line.amount)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A phone's lines: a list, each line its day and what it is on the left, its amount on the right. */
function LineList({ label, rows }: { label: string; rows: { key: string; title: string; detail: string; amount: string }[] }) {
  return (
    <Stack component="ul" gap={0} m={0} p={0} aria-label={label} style={{ listStyle: 'none' }}>
      {rows.map((row) => (
        <Group
          component="li"
          key={row.key}
          justify="space-between"
          wrap="nowrap"
          align="flex-start"
          gap="sm"
          py={8}
          style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
        >
          <Box miw={0}>
            <Text fw={600} size="sm">
              {row.title}
            </Text>
            <Text size="sm">{row.detail}</Text>
          </Box>
          <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
            {row.amount}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
