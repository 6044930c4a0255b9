import { Alert, Button, Group, NativeSelect, SegmentedControl, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { PayoutDetail } from '@ps/contracts';
import { todayInBrowser } from '@ps/contracts/common/zonedTime';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconAlertCircle, IconCalculator } from '../../components/icons';
import { ApiError, toastApiError } from '../../lib/api';
import { translateMessage } from '../../lib/i18n';
import { toastSuccess } from '../../lib/toast';
import { useComputePayout } from './api';
import { useFormatMonth, usePeriodText } from './format';
import { monthOf, monthPeriod, recentMonths } from './period';

/** Months offered by the picker: two years back is far enough for a late payout. */
const MONTHS_OFFERED = 24;

type Mode = 'month' | 'custom';
type Field = 'month' | 'period_start' | 'period_end' | 'notes';
type FieldErrors = Partial<Record<Field, string>>;

/**
 * Where the API's refusal belongs: a period field (the month, when a month was chosen) or, for anything else
 * (a 409 such as an overlap with an approved payout or a missing rate), a message above the button, as it comes.
 */
function refusalOf(error: ApiError, mode: Mode): { fields: FieldErrors; message: string | null } {
  const fields: FieldErrors = {};
  for (const detail of error.details) {
    if (detail.field !== 'period_start' && detail.field !== 'period_end' && detail.field !== 'notes') continue;
    const known = translateMessage(detail.code);
    // A detail that repeats the answer's own code carries no text of its own: the answer's message says it.
    const text = detail.code === `errors.${error.code}` || !known || known === detail.code ? detail.message || error.message : known;
    const field: Field = mode === 'month' && detail.field !== 'notes' ? 'month' : detail.field;
    fields[field] ??= text;
  }
  return { fields, message: Object.keys(fields).length > 0 ? null : error.message };
}

/**
 * Computes a draft payout for one driver: a month (last month unless chosen otherwise: its first to last day)
 * or two days. The draft opens below; nothing is paid until it is approved.
 */
export function ComputePayoutForm({
  driverId,
  initialMonth = null,
  onComputed,
}: {
  driverId: number;
  /** The month chosen first (the payroll's, when it opened the page); else last month. */
  initialMonth?: string | null;
  onComputed: (payout: PayoutDetail) => void;
}) {
  const { t } = useTranslation();
  const monthName = useFormatMonth();
  const periodText = usePeriodText();
  const compute = useComputePayout(driverId);
  const months = useMemo(() => recentMonths(todayInBrowser(), MONTHS_OFFERED), []);
  const [mode, setMode] = useState<Mode>('month');
  const [month, setMonth] = useState(() => (initialMonth && months.includes(initialMonth) ? initialMonth : monthOf(todayInBrowser(), -1)));
  const [from, setFrom] = useState(() => monthPeriod(month).start);
  const [to, setTo] = useState(() => monthPeriod(month).end);
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const monthDays = monthPeriod(month);

  const chooseMode = (next: Mode) => {
    // The other dates start from the chosen month, so a small change is a small edit.
    if (next === 'custom') {
      setFrom(monthDays.start);
      setTo(monthDays.end);
    }
    setMode(next);
    setErrors({});
    setRefusal(null);
  };

  const submit = () => {
    const period = mode === 'month' ? monthDays : { start: from, end: to };
    const problems: FieldErrors = {};
    if (!period.start) problems.period_start = t('validation.required');
    if (!period.end) problems.period_end = t('validation.required');
    if (period.start && period.end && period.end < period.start) problems.period_end = t('validation.dateOrder');
    setErrors(problems);
    setRefusal(null);
    if (Object.keys(problems).length > 0) return;
    compute.mutate(
      { driver_id: driverId, period_start: period.start, period_end: period.end, ...(notes.trim() ? { notes: notes.trim() } : {}) },
      {
        onSuccess: (payout) => {
          toastSuccess(t('payouts.toast.computed', { period: periodText(payout.period_start, payout.period_end) }));
          setNotes('');
          onComputed(payout);
        },
        onError: (error) => {
          if (!(error instanceof ApiError) || error.handled) {
            toastApiError(error);
            return;
          }
          const refused = refusalOf(error, mode);
          setErrors(refused.fields);
          setRefusal(refused.message);
        },
      },
    );
  };

  return (
    <form
      noValidate
      aria-labelledby="payout-compute-title"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <div>
          <Title order={3} size="h4" id="payout-compute-title">
            {t('payouts.compute.title')}
          </Title>
          <Text size="sm">{t('payouts.compute.intro')}</Text>
        </div>
        <SegmentedControl
          size="md"
          aria-label={t('payouts.compute.periodKind')}
          value={mode}
          onChange={(next) => chooseMode(next as Mode)}
          data={[
            { value: 'month', label: t('payouts.compute.aMonth') },
            { value: 'custom', label: t('payouts.compute.otherDates') },
          ]}
          style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
        />
        {mode === 'month' ? (
          <NativeSelect
            label={t('payouts.compute.month')}
            description={t('payouts.compute.monthDays', { period: periodText(monthDays.start, monthDays.end) })}
            value={month}
            onChange={(event) => {
              setMonth(event.currentTarget.value);
              setErrors({});
              setRefusal(null);
            }}
            data={months.map((value) => ({ value, label: monthName(value) }))}
            error={errors.month}
            maw={{ base: '100%', sm: 360 }}
          />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" maw={{ base: '100%', sm: 560 }}>
            <TextInput
              label={t('payouts.compute.from')}
              type="date"
              required
              value={from}
              onChange={(event) => setFrom(event.currentTarget.value)}
              error={errors.period_start}
            />
            <TextInput
              label={t('payouts.compute.to')}
              type="date"
              required
              value={to}
              onChange={(event) => setTo(event.currentTarget.value)}
              error={errors.period_end}
            />
          </SimpleGrid>
        )}
        <Textarea
          label={t('payouts.compute.notes')}
          autosize
          minRows={1}
          maxRows={4}
          maxLength={500}
          value={notes}
          onChange={(event) => setNotes(event.currentTarget.value)}
          error={errors.notes}
          maw={{ base: '100%', sm: 560 }}
        />
        {refusal ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={t('payouts.compute.refused')} role="alert">
            {refusal}
          </Alert>
        ) : null}
        <Group>
          <Button
            type="submit"
            leftSection={<IconCalculator size={18} aria-hidden />}
            loading={compute.isPending}
            className="ps-primary-action"
          >
            {t('payouts.compute.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
