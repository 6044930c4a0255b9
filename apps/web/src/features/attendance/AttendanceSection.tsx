import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { type Attendance, type AttendanceStatus, attendanceEndpoints, attendanceStatuses, type PaidDetails } from '@ps/contracts';
import { toZonedLocal } from '@ps/contracts/common/zonedTime';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, DeleteDialog } from '../../components/ConfirmDialog';
import { IconArrowLeft, IconPencil, IconPlus, IconTrash } from '../../components/icons';
import { useCardLayout } from '../../components/ListKit';
import { Section } from '../../components/Section';
import { useCan, useCurrentUser } from '../../lib/currentUser';
import { useCanCall } from '../../lib/finance';
import { formatDay, formatMonth, formatNumber, useMoney } from '../../lib/format';
import { toastSuccess } from '../../lib/toast';
import { DayDialog } from './AttendanceForm';
import { useAttendanceDays, useDeleteDay, usePaidDetails, useSetAttendanceStatus, useSetPaidStatus } from './api';
import { isMonth, monthOf, monthRange, shiftMonth } from './month';

/**
 * A driver's attendance, a month at a time (the company's days and clock): each day with its status, times,
 * hours and whether it is paid, the month's paid and unpaid hours and amounts, and adding, changing and
 * deleting days. A paid day is closed until it is marked unpaid; a day a payout paid stays closed.
 */
export function AttendanceSection({ driverId, driverName }: { driverId: number; driverName: string }) {
  const can = useCan();
  const { t } = useTranslation();
  const user = useCurrentUser();
  const zone = user.data?.company_time_zone ?? 'Europe/London';
  const today = toZonedLocal(new Date(), zone).slice(0, 10);
  const [month, setMonth] = useState(monthOf(today));
  const [typedMonth, setTypedMonth] = useState(month);
  const { from, to } = monthRange(month);
  const days = useAttendanceDays(driverId, from, to);
  // The month's pay needs finance.view as well: a role without it sees the days, not the money.
  const seesPay = useCanCall()(attendanceEndpoints.paidDetails);
  const totals = usePaidDetails(driverId, from, to, seesPay);
  const [editing, setEditing] = useState<Attendance | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<Attendance | null>(null);
  const [toClear, setToClear] = useState<{ record: Attendance; status: AttendanceStatus } | null>(null);
  const setAttendance = useSetAttendanceStatus();
  const setPaid = useSetPaidStatus();
  const remove = useDeleteDay();
  const cards = useCardLayout();
  const monthName = formatMonth(month);

  const goTo = (next: string) => {
    setMonth(next);
    setTypedMonth(next);
  };
  const changeStatus = (record: Attendance, status: AttendanceStatus) =>
    setAttendance.mutate(
      { id: record.id, attendance_status: status },
      {
        onSuccess: (saved) => {
          toastSuccess(t('attendance.toast.status', { day: formatDay(saved.day), status: t(`attendance.status.${status}`) }));
          setToClear(null);
        },
      },
    );
  const askStatus = (record: Attendance, status: AttendanceStatus) =>
    // Absent and leave clear the times: asked first when there are times to lose.
    status !== 'present' && (record.start_at || record.end_at) ? setToClear({ record, status }) : changeStatus(record, status);
  const togglePaid = (record: Attendance) => {
    const paid_status = record.paid_status === 'paid' ? 'unpaid' : 'paid';
    setPaid.mutate(
      { id: record.id, paid_status },
      { onSuccess: (saved) => toastSuccess(t(`attendance.toast.${paid_status}`, { day: formatDay(saved.day) })) },
    );
  };

  const time = (instant: string | null, record: Attendance) => {
    if (!instant) return '—';
    const local = toZonedLocal(instant, zone);
    return local.slice(0, 10) === record.day ? local.slice(11) : `${local.slice(11)} (${t('attendance.nextDay')})`;
  };
  const hours = (record: Attendance) =>
    record.attendance_status === 'present' && record.start_at && !record.end_at
      ? t('attendance.clockedIn')
      : t('attendance.hoursValue', { hours: formatNumber(record.hours) });
  const closed = (record: Attendance) => record.paid_status === 'paid';

  const statusControl = (record: Attendance) => (
    <NativeSelect
      aria-label={t('attendance.statusOf', { day: formatDay(record.day) })}
      data={attendanceStatuses.map((value) => ({ value, label: t(`attendance.status.${value}`) }))}
      value={record.attendance_status}
      disabled={closed(record) || setAttendance.isPending}
      onChange={(event) => askStatus(record, event.currentTarget.value as AttendanceStatus)}
      miw={120}
    />
  );
  const paidControl = (record: Attendance) => (
    <Group gap="xs" wrap={cards ? 'wrap' : 'nowrap'}>
      <Badge color={record.paid_status === 'paid' ? 'green.9' : 'orange.9'} variant="dot" size="lg" tt="none" miw="max-content">
        {record.payout_id !== null ? t('attendance.paid.byPayout', { id: record.payout_id }) : t(`attendance.paid.${record.paid_status}`)}
      </Badge>
      {record.payout_id === null && can('attendance.manage') ? (
        <Button
          variant="default"
          size="xs"
          mih={36}
          h="auto"
          // Long labels (Tamil) wrap instead of overflowing the button.
          styles={{ label: { whiteSpace: 'normal', paddingBlock: 4 } }}
          aria-label={t(record.paid_status === 'paid' ? 'attendance.paid.markUnpaidOne' : 'attendance.paid.markPaidOne', {
            day: formatDay(record.day),
          })}
          onClick={() => togglePaid(record)}
          disabled={setPaid.isPending}
        >
          {t(record.paid_status === 'paid' ? 'attendance.paid.markUnpaid' : 'attendance.paid.markPaid')}
        </Button>
      ) : null}
    </Group>
  );
  const actions = (record: Attendance) =>
    can('attendance.manage') ? (
      <Group gap="xs" wrap="nowrap" justify="flex-end">
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={t('attendance.editOne', { day: formatDay(record.day) })}
          disabled={closed(record)}
          onClick={() => setEditing(record)}
        >
          <IconPencil size={20} aria-hidden />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="red.8"
          size="lg"
          aria-label={t('attendance.deleteOne', { day: formatDay(record.day) })}
          disabled={closed(record)}
          onClick={() => setToDelete(record)}
        >
          <IconTrash size={20} aria-hidden />
        </ActionIcon>
      </Group>
    ) : null;

  const rows = days.data ?? [];
  let list: ReactNode;
  if (days.isError) list = <Text size="sm">{t('attendance.loadError')}</Text>;
  else if (rows.length === 0)
    list = <Text size="sm">{days.isPending ? t('app.loading') : t('attendance.none', { month: monthName })}</Text>;
  else if (cards) {
    list = (
      <Stack gap="sm">
        {rows.map((record) => (
          <Stack
            key={record.id}
            gap={6}
            p="sm"
            data-testid="attendance-day"
            style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 8 }}
          >
            <Group justify="space-between" gap="xs">
              <Text fw={700}>{formatDay(record.day)}</Text>
              {actions(record)}
            </Group>
            {statusControl(record)}
            {record.attendance_status === 'present' ? (
              <Text size="sm">
                {time(record.start_at, record)} – {time(record.end_at, record)} · {hours(record)}
              </Text>
            ) : null}
            {paidControl(record)}
            {record.notes ? (
              <Text size="sm" className="ps-wrap">
                {record.notes}
              </Text>
            ) : null}
          </Stack>
        ))}
      </Stack>
    );
  } else {
    list = (
      <Table.ScrollContainer minWidth={760}>
        <Table striped withTableBorder verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('attendance.fields.day')}</Table.Th>
              <Table.Th>{t('attendance.fields.attendance_status')}</Table.Th>
              <Table.Th>{t('attendance.fields.start')}</Table.Th>
              <Table.Th>{t('attendance.fields.end')}</Table.Th>
              <Table.Th>{t('attendance.fields.hours')}</Table.Th>
              <Table.Th>{t('attendance.fields.paid_status')}</Table.Th>
              <Table.Th>{t('attendance.fields.notes')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('attendance.fields.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((record) => (
              <Table.Tr key={record.id} data-testid="attendance-day">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(record.day)}</Table.Td>
                <Table.Td>{statusControl(record)}</Table.Td>
                <Table.Td>{record.attendance_status === 'present' ? time(record.start_at, record) : '—'}</Table.Td>
                <Table.Td>{record.attendance_status === 'present' ? time(record.end_at, record) : '—'}</Table.Td>
                <Table.Td>{hours(record)}</Table.Td>
                <Table.Td>{paidControl(record)}</Table.Td>
                <Table.Td className="ps-wrap">{record.notes ?? ''}</Table.Td>
                <Table.Td>{actions(record)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Section
      title={t('attendance.title')}
      id="driver-attendance"
      actions={
        can('attendance.manage') ? (
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')} className="ps-primary-action">
            {t('attendance.add')}
          </Button>
        ) : null
      }
    >
      <Stack gap="md">
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <ActionIcon variant="default" size={36} aria-label={t('attendance.previousMonth')} onClick={() => goTo(shiftMonth(month, -1))}>
            <IconArrowLeft size={18} aria-hidden />
          </ActionIcon>
          <TextInput
            label={t('attendance.month')}
            type="month"
            value={typedMonth}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setTypedMonth(value);
              if (isMonth(value)) setMonth(value);
            }}
            w={190}
          />
          <ActionIcon variant="default" size={36} aria-label={t('attendance.nextMonth')} onClick={() => goTo(shiftMonth(month, 1))}>
            <IconArrowLeft size={18} aria-hidden style={{ transform: 'rotate(180deg)' }} />
          </ActionIcon>
        </Group>
        {seesPay ? <MonthTotals totals={totals.data ?? null} monthName={monthName} /> : null}
        {list}
        {rows.some(closed) ? <Text size="sm">{t('attendance.closedHint')}</Text> : null}
      </Stack>

      {editing ? (
        <DayDialog
          driverId={driverId}
          record={editing === 'new' ? null : editing}
          defaultDay={monthOf(today) === month ? today : from}
          zone={zone}
          dayLabel={formatDay}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        opened={toClear !== null}
        title={t('attendance.clear.title')}
        body={
          toClear
            ? t('attendance.clear.body', { day: formatDay(toClear.record.day), status: t(`attendance.status.${toClear.status}`) })
            : ''
        }
        confirmLabel={t('attendance.clear.confirm')}
        busy={setAttendance.isPending}
        onConfirm={() => toClear && changeStatus(toClear.record, toClear.status)}
        onClose={() => setToClear(null)}
      />
      <DeleteDialog
        title={t('attendance.delete.title')}
        recordName={toDelete ? `${driverName}: ${formatDay(toDelete.day)}` : null}
        busy={remove.isPending}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete.id, {
            onSuccess: () => {
              toastSuccess(t('attendance.toast.deleted', { day: formatDay(toDelete.day) }));
              setToDelete(null);
            },
          })
        }
        onClose={() => setToDelete(null)}
      />
    </Section>
  );
}

/** The month's paid and unpaid hours and amounts, and a warning when worked days have no rate. */
function MonthTotals({ totals, monthName }: { totals: PaidDetails | null; monthName: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  if (!totals) return null;
  const value = (minutesHours: number, amount: number, count: number) =>
    `${t('attendance.summary.value', { hours: formatNumber(minutesHours), amount: money.format(amount) })} · ${t('attendance.summary.days', { count })}`;
  return (
    <Stack gap="xs" aria-label={t('attendance.summary.title', { month: monthName })} role="group">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xs">
        {[
          { label: t('attendance.summary.unpaid'), value: value(totals.unpaid_hours, totals.unpaid_amount, totals.unpaid_days) },
          { label: t('attendance.summary.paid'), value: value(totals.paid_hours, totals.paid_amount, totals.paid_days) },
        ].map((row) => (
          <Stack key={row.label} gap={0}>
            <Text size="sm" fw={700}>
              {row.label}
            </Text>
            <Text>{row.value}</Text>
          </Stack>
        ))}
      </SimpleGrid>
      {totals.days_without_rate > 0 ? (
        <Alert color="orange" variant="light" p="xs">
          <Text size="sm">{t('attendance.summary.noRate', { count: totals.days_without_rate })}</Text>
        </Alert>
      ) : null}
    </Stack>
  );
}
