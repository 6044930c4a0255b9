import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import type { Booking, Payment, PaymentMethod } from '@ps/contracts';
import { paymentMethods } from '@ps/contracts/common/bookingStates';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { IconTrash } from '../../components/icons';
import { MoneyInput } from '../../components/MoneyInput';
import { Section } from '../../components/Section';
import { ApiError } from '../../lib/api';
import { useCan } from '../../lib/currentUser';
import type { BookingMoney } from '../../lib/finance';
import { translateMessage } from '../../lib/i18n';
import { toastSuccess } from '../../lib/toast';
import { useBookingPayments, useDeletePayment, useRecordPayment } from './api.ledger';
import { useBookingText } from './format';

type Kind = 'payment' | 'refund';
type FieldErrors = Partial<Record<'amount' | 'method' | 'reference', string>>;

/** A key no other payment has, from the browser's random source (randomUUID needs a secure origin; this does not). */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `pay-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** The server's per-field messages of a refused payment, in the user's language when the web knows the code. */
function fieldErrorsOf(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiError) || error.details.length === 0) return null;
  const errors: FieldErrors = {};
  for (const detail of error.details) {
    if (detail.field === 'amount' || detail.field === 'method' || detail.field === 'reference') {
      const known = translateMessage(detail.code);
      errors[detail.field] = known && known !== detail.code ? known : detail.message;
    }
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** The reason the server refused for a deletion (400 on `reason`), in the user's language when the web knows it. */
function reasonErrorOf(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const detail = error.details.find((item) => item.field === 'reason');
  if (!detail) return null;
  const known = translateMessage(detail.code);
  return known && known !== detail.code ? known : detail.message;
}

/**
 * The booking's ledger: what was paid and refunded (deleted lines struck through with who, when and why, never
 * hidden), and a form to record a payment or a refund. A payment above the outstanding is said so before it is
 * sent, and goes only with "record the excess as a deposit/credit" ticked (the API refuses it otherwise, 409, shown
 * on the amount). Each recording carries an Idempotency-Key kept across retries of the same payment, so a double
 * click or a lost answer records it once. A deletion asks for its reason.
 */
export function PaymentsSection({ booking, money }: { booking: Booking; money: BookingMoney }) {
  const { t } = useTranslation();
  const text = useBookingText();
  const payments = useBookingPayments(booking.id);
  const record = useRecordPayment(booking.id);
  const remove = useDeletePayment(booking.id);
  const can = useCan();
  const [kind, setKind] = useState<Kind>('payment');
  const [amount, setAmount] = useState<number | null>(null);
  const [method, setMethod] = useState<PaymentMethod | null>('card');
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [asCredit, setAsCredit] = useState(false);
  const [toDelete, setToDelete] = useState<Payment | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  // The key of the payment being recorded: the same body sent again (a retry) keeps it, a changed one gets a new one.
  const attempt = useRef<{ key: string; body: string } | null>(null);

  const rows = payments.data ?? [];
  const methodLabel = (value: PaymentMethod) => t(`bookings.payments.methods.${value}`);
  // What the amount goes beyond the outstanding by: said before sending, and sent only as a declared deposit/credit.
  const excess = kind === 'payment' && amount !== null && amount > money.outstanding ? amount - money.outstanding : 0;

  const submit = () => {
    const problems: FieldErrors = {};
    if (amount === null || amount <= 0) problems.amount = t('bookings.payments.amountRequired');
    else if (excess > 0 && !asCredit) problems.amount = t('bookings.payments.exceedsError', { outstanding: text.money(money.outstanding) });
    if (!method) problems.method = t('bookings.payments.methodRequired');
    setErrors(problems);
    if (amount === null || amount <= 0 || !method || problems.amount) return;
    const payment = {
      amount: kind === 'refund' ? -amount : amount,
      method,
      reference: reference.trim() || null,
      ...(excess > 0 ? { as_credit: true as const } : {}),
    };
    const body = JSON.stringify(payment);
    if (attempt.current?.body !== body) attempt.current = { key: newIdempotencyKey(), body };
    record.mutate(
      { ...payment, idempotencyKey: attempt.current.key },
      {
        onSuccess: (recorded) => {
          attempt.current = null;
          const key = kind === 'refund' ? 'refunded' : recorded.credit > 0 ? 'recordedCredit' : 'recorded';
          toastSuccess(
            t(`bookings.payments.${key}`, {
              amount: text.money(amount),
              reference: booking.reference,
              excess: text.money(recorded.credit),
            }),
          );
          setAmount(null);
          setReference('');
          setKind('payment');
          setAsCredit(false);
        },
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          if (fields) setErrors(fields);
        },
      },
    );
  };

  return (
    <Section title={t('bookings.payments.title')} id="booking-payments">
      <Stack gap="md">
        <Group gap="lg" wrap="wrap">
          <Text>
            {t('bookings.fields.paid')}:{' '}
            <Text span fw={700} data-testid="booking-paid">
              {text.money(money.paid)}
            </Text>
          </Text>
          <Text>
            {t('bookings.fields.outstanding')}:{' '}
            <Text span fw={700} data-testid="booking-outstanding">
              {text.money(money.outstanding)}
            </Text>
          </Text>
          {money.credit > 0 ? (
            <Text data-testid="booking-credit">
              {t('bookings.fields.credit')}{' '}
              <Text span fw={700}>
                {text.money(money.credit)}
              </Text>
            </Text>
          ) : null}
        </Group>

        {rows.length === 0 ? (
          <Text c="dimmed">{payments.isLoading ? t('app.loading') : t('bookings.payments.none')}</Text>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} data-testid="booking-payments">
            {rows.map((payment) => {
              const deleted = payment.deleted_at !== null;
              const refund = payment.amount < 0;
              return (
                <Group
                  component="li"
                  key={payment.id}
                  justify="space-between"
                  align="flex-start"
                  wrap="nowrap"
                  gap="xs"
                  data-testid="booking-payment"
                  c={deleted ? 'dimmed' : undefined}
                >
                  <Stack gap={2} miw={0}>
                    {deleted ? (
                      // Struck through, and said in words for a screen reader (which does not read the line).
                      <Text
                        component="s"
                        fw={700}
                        // Mantine's Text resets text-decoration: the line is set again.
                        style={{ whiteSpace: 'nowrap', textDecoration: 'line-through' }}
                        data-testid="booking-payment-struck"
                      >
                        <VisuallyHidden>{t('bookings.payments.deletedLabel')} </VisuallyHidden>
                        {refund ? `− ${text.money(-payment.amount)}` : text.money(payment.amount)}
                      </Text>
                    ) : (
                      <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
                        {refund ? `− ${text.money(-payment.amount)}` : text.money(payment.amount)}
                      </Text>
                    )}
                    {payment.credit > 0 ? (
                      <Text size="sm">{t('bookings.payments.ofWhichCredit', { amount: text.money(payment.credit) })}</Text>
                    ) : null}
                    <Text size="sm">
                      {methodLabel(payment.method)}
                      {refund ? ` · ${t('bookings.payments.refund')}` : ''}
                      {payment.reference ? (
                        <Text span size="sm" ff="monospace">
                          {' · '}
                          {payment.reference}
                        </Text>
                      ) : null}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {text.time(booking, payment.paid_at)}
                    </Text>
                    {deleted ? (
                      <>
                        <Badge color="gray.7" variant="outline" tt="none" maw="100%" styles={{ label: { whiteSpace: 'normal' } }} h="auto">
                          {payment.deleted_by_name
                            ? t('bookings.payments.deletedBy', {
                                when: text.time(booking, payment.deleted_at as string),
                                who: payment.deleted_by_name,
                              })
                            : t('bookings.payments.deleted', { when: text.time(booking, payment.deleted_at as string) })}
                        </Badge>
                        {payment.delete_reason ? (
                          <Text size="sm" c="gray.8" style={{ overflowWrap: 'anywhere' }} data-testid="booking-payment-reason">
                            {t('bookings.payments.deletedReason', { reason: payment.delete_reason })}
                          </Text>
                        ) : null}
                      </>
                    ) : null}
                  </Stack>
                  {deleted || !can('payments.delete') ? null : (
                    <ActionIcon
                      variant="subtle"
                      color="red.8"
                      size="lg"
                      aria-label={t('bookings.payments.deleteNamed', {
                        amount: text.money(Math.abs(payment.amount)),
                        method: methodLabel(payment.method),
                      })}
                      onClick={() => {
                        setReason('');
                        setReasonError(null);
                        setToDelete(payment);
                      }}
                    >
                      <IconTrash size={20} aria-hidden />
                    </ActionIcon>
                  )}
                </Group>
              );
            })}
          </Stack>
        )}

        {can('payments.create') ? (
          <form
            aria-label={t('bookings.payments.formLabel')}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <Stack gap="sm">
              <SegmentedControl
                value={kind}
                onChange={(value) => setKind(value as Kind)}
                data={[
                  { value: 'payment', label: t('bookings.payments.kinds.payment') },
                  { value: 'refund', label: t('bookings.payments.kinds.refund') },
                ]}
                aria-label={t('bookings.payments.kind')}
                w="fit-content"
              />
              <Group gap="sm" align="flex-start" wrap="wrap">
                <MoneyInput
                  label={t('bookings.payments.amount')}
                  description={kind === 'payment' ? t('bookings.payments.suggested', { amount: text.money(money.outstanding) }) : undefined}
                  currency={text.currency}
                  value={amount}
                  onChange={(value) => {
                    setAmount(value);
                    setErrors((current) => ({ ...current, amount: undefined }));
                  }}
                  error={errors.amount}
                  required
                  style={{ flex: '1 1 140px' }}
                />
                <Select
                  label={t('bookings.payments.method')}
                  data={paymentMethods.map((value) => ({ value, label: methodLabel(value) }))}
                  value={method}
                  onChange={(value) => {
                    setMethod(value as PaymentMethod | null);
                    setErrors((current) => ({ ...current, method: undefined }));
                  }}
                  allowDeselect={false}
                  error={errors.method}
                  required
                  style={{ flex: '1 1 140px' }}
                />
                <TextInput
                  label={t('bookings.payments.reference')}
                  description={t('bookings.payments.referenceHint')}
                  value={reference}
                  maxLength={100}
                  onChange={(event) => setReference(event.currentTarget.value)}
                  error={errors.reference}
                  style={{ flex: '2 1 180px' }}
                />
              </Group>
              {excess > 0 && amount !== null ? (
                <Alert color="orange" variant="light" p="sm" role="status" data-testid="payment-excess">
                  <Stack gap="xs">
                    <Text size="sm">
                      {t('bookings.payments.exceeds', {
                        amount: text.money(amount),
                        excess: text.money(excess),
                        outstanding: text.money(money.outstanding),
                      })}
                    </Text>
                    <Checkbox
                      size="md"
                      checked={asCredit}
                      onChange={(event) => {
                        setAsCredit(event.currentTarget.checked);
                        setErrors((current) => ({ ...current, amount: undefined }));
                      }}
                      label={t('bookings.payments.asCredit', { excess: text.money(excess) })}
                    />
                  </Stack>
                </Alert>
              ) : null}
              <Group justify="flex-end">
                <Button type="submit" size="md" loading={record.isPending} className="ps-primary-action">
                  {kind === 'refund' ? t('bookings.payments.recordRefund') : t('bookings.payments.record')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : null}
      </Stack>
      <ConfirmDialog
        opened={toDelete !== null}
        title={t('bookings.payments.deleteTitle')}
        body={
          toDelete ? (
            <Stack gap="sm">
              <Text>
                {t('bookings.payments.deleteBody', {
                  amount: text.money(Math.abs(toDelete.amount)),
                  method: methodLabel(toDelete.method),
                })}
              </Text>
              <Textarea
                label={t('bookings.payments.reason')}
                description={t('bookings.payments.reasonHint')}
                value={reason}
                onChange={(event) => {
                  setReason(event.currentTarget.value);
                  setReasonError(null);
                }}
                error={reasonError}
                required
                maxLength={500}
                autosize
                minRows={2}
                data-autofocus
              />
            </Stack>
          ) : (
            ''
          )
        }
        confirmLabel={t('bookings.payments.deleteConfirm')}
        tone="danger"
        busy={remove.isPending}
        onConfirm={() => {
          if (!toDelete) return;
          if (reason.trim() === '') {
            setReasonError(t('bookings.payments.reasonRequired'));
            return;
          }
          remove.mutate(
            { id: toDelete.id, reason: reason.trim() },
            {
              onSuccess: () => {
                toastSuccess(t('bookings.payments.removed', { amount: text.money(Math.abs(toDelete.amount)) }));
                setToDelete(null);
              },
              onError: (error) => {
                // A refused reason stays in the dialog to be corrected; any other failure is the app's toast.
                const refused = reasonErrorOf(error);
                if (refused) setReasonError(refused);
                else setToDelete(null);
              },
            },
          );
        }}
        onClose={() => setToDelete(null)}
      />
    </Section>
  );
}
