import { Alert, Button, Checkbox, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { type Booking, type PaymentMethod, paymentEndpoints } from '@ps/contracts';
import { paymentMethods } from '@ps/contracts/common/bookingStates';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyInput } from '../../components/MoneyInput';
import { ApiError } from '../../lib/api';
import { bookingMoney, useCanCall } from '../../lib/finance';
import { useMoney } from '../../lib/format';
import { translateMessage } from '../../lib/i18n';
import { toastSuccess } from '../../lib/toast';
// The ledger's own call (Idempotency-Key, deposit/credit flag, what it refreshes): the one way a payment is recorded.
import { useRecordPayment } from '../bookings/api.ledger';
import { newIdempotencyKey } from './rules';

type Field = 'amount' | 'method' | 'reference';

/**
 * "Take payment" at the handover: the booking's payment form in a dialog, its amount the outstanding balance, so the
 * money owed is taken with one tap before the car goes (or comes). An amount above the outstanding goes only as a
 * declared deposit/credit, as on the booking page; the API's refusals show at their fields.
 */
export function TakePaymentDialog({
  booking,
  outstanding,
  opened,
  onClose,
}: {
  booking: Booking;
  outstanding: number;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const record = useRecordPayment(booking.id);
  const [amount, setAmount] = useState<number | null>(outstanding);
  const [method, setMethod] = useState<PaymentMethod | null>('card');
  const [reference, setReference] = useState('');
  const [asCredit, setAsCredit] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  // One key per payment being taken: a retry of the same body records it once.
  const attempt = useRef<{ key: string; body: string } | null>(null);

  // Each opening starts from what is owed now.
  useEffect(() => {
    if (!opened) return;
    setAmount(outstanding);
    setMethod('card');
    setReference('');
    setAsCredit(false);
    setErrors({});
  }, [opened, outstanding]);

  const excess = amount !== null && amount > outstanding ? amount - outstanding : 0;

  const submit = () => {
    const problems: Partial<Record<Field, string>> = {};
    if (amount === null || amount <= 0) problems.amount = t('handovers.payment.amountRequired');
    else if (excess > 0 && !asCredit) problems.amount = t('handovers.payment.exceedsError', { outstanding: money.format(outstanding) });
    if (!method) problems.method = t('handovers.payment.methodRequired');
    setErrors(problems);
    if (Object.keys(problems).length > 0 || amount === null || !method) return;
    const payment = { amount, method, reference: reference.trim() || null, ...(excess > 0 ? { as_credit: true as const } : {}) };
    const body = JSON.stringify(payment);
    if (attempt.current?.body !== body) attempt.current = { key: newIdempotencyKey(), body };
    record.mutate(
      { ...payment, idempotencyKey: attempt.current.key },
      {
        onSuccess: () => {
          attempt.current = null;
          toastSuccess(t('handovers.payment.recorded', { amount: money.format(amount), reference: booking.reference }));
          onClose();
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          const fields: Partial<Record<Field, string>> = {};
          for (const detail of error.details) {
            if (detail.field === 'amount' || detail.field === 'method' || detail.field === 'reference') {
              const known = translateMessage(detail.code);
              fields[detail.field] = known && known !== detail.code ? known : detail.message;
            }
          }
          setErrors(fields);
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={record.isPending ? () => undefined : onClose}
      title={t('handovers.payment.title', { reference: booking.reference })}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { fontWeight: 700 } }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // The dialog is a portal: React would bubble its submit to a form around the component that opened it.
          event.stopPropagation();
          submit();
        }}
      >
        <Stack gap="sm">
          <Text>{t('handovers.payment.outstanding', { amount: money.format(outstanding) })}</Text>
          <MoneyInput
            label={t('handovers.payment.amount')}
            currency={money.currency}
            value={amount}
            onChange={(value) => {
              setAmount(value);
              setErrors((current) => ({ ...current, amount: undefined }));
            }}
            error={errors.amount}
            required
            size="lg"
            data-autofocus
          />
          <Select
            label={t('handovers.payment.method')}
            data={paymentMethods.map((value) => ({ value, label: t(`handovers.payment.methods.${value}`) }))}
            value={method}
            onChange={(value) => {
              setMethod(value as PaymentMethod | null);
              setErrors((current) => ({ ...current, method: undefined }));
            }}
            error={errors.method}
            required
            size="lg"
          />
          <TextInput
            label={t('handovers.payment.reference')}
            description={t('handovers.payment.referenceHint')}
            value={reference}
            maxLength={100}
            onChange={(event) => setReference(event.currentTarget.value)}
            error={errors.reference}
            size="lg"
          />
          {excess > 0 && amount !== null ? (
            <Alert color="orange" variant="light" p="sm" role="status">
              <Stack gap="xs">
                <Text size="sm">
                  {t('handovers.payment.exceeds', {
                    amount: money.format(amount),
                    excess: money.format(excess),
                    outstanding: money.format(outstanding),
                  })}
                </Text>
                <Checkbox
                  size="md"
                  checked={asCredit}
                  onChange={(event) => {
                    setAsCredit(event.currentTarget.checked);
                    setErrors((current) => ({ ...current, amount: undefined }));
                  }}
                  label={t('handovers.payment.asCredit', { excess: money.format(excess) })}
                />
              </Stack>
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" size="md" className="ps-primary-action" onClick={onClose} disabled={record.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" size="md" className="ps-primary-action" loading={record.isPending}>
              {t('handovers.payment.record')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The screen's one payment dialog and how to open it: from the booking's outstanding line and from the confirmation
 * step, which comes back once the payment is taken (or the dialog closed). `open` is null when nothing is owed or the
 * user may not take payments.
 */
export function usePaymentDialog(booking: Booking): { open: ((after?: () => void) => void) | null; dialog: ReactNode } {
  const canCall = useCanCall();
  const [opened, setOpened] = useState(false);
  const after = useRef<(() => void) | null>(null);
  // Taking a payment needs payments.create and finance.view (its call does), and a figure to start from.
  const figures = bookingMoney(booking);
  const mayTake = canCall(paymentEndpoints.add) && figures !== null;
  return {
    open:
      mayTake && figures.outstanding > 0
        ? (then) => {
            after.current = then ?? null;
            setOpened(true);
          }
        : null,
    dialog: mayTake ? (
      <TakePaymentDialog
        booking={booking}
        outstanding={figures.outstanding}
        opened={opened}
        onClose={() => {
          setOpened(false);
          const then = after.current;
          after.current = null;
          then?.();
        }}
      />
    ) : null,
  };
}
