import { Button, Group, NumberInput, Radio, Stack, Switch, TagsInput, Text } from '@mantine/core';
import {
  type CompanyDetails,
  MAX_PUBLIC_BOOKING_ORIGINS,
  MAX_REFUND_HOURS,
  type PublicBookingPayment,
  publicBookingPayments,
  webOriginSchema,
} from '@ps/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CopyField } from '../../components/CopyField';
import { Section } from '../../components/Section';
import { useFormToasts } from '../../lib/forms';
import { useClientKey, useRotateClientKey, useUpdateCompanyDetails } from './api';

/**
 * Online booking (issue 23): whether the company takes bookings through the public booking API, whether a web booking
 * is paid on arrival (confirmed at once) or in advance (pending until paid), and the key its own web site sends, with a
 * way to replace it (asked first: the old key stops at once).
 */
export function PublicBookingSection({ details }: { details: CompanyDetails }) {
  const { t } = useTranslation();
  const toasts = useFormToasts();
  const update = useUpdateCompanyDetails();
  const key = useClientKey();
  const rotate = useRotateClientKey();
  const [enabled, setEnabled] = useState(details.public_booking_enabled);
  const [payment, setPayment] = useState<PublicBookingPayment>(details.public_booking_payment);
  const [refundHours, setRefundHours] = useState<number | ''>(details.public_booking_refund_hours);
  const [origins, setOrigins] = useState<string[]>(details.public_booking_origins);
  const [confirmRotate, setConfirmRotate] = useState(false);
  const changed =
    enabled !== details.public_booking_enabled ||
    payment !== details.public_booking_payment ||
    refundHours !== details.public_booking_refund_hours ||
    origins.join(' ') !== details.public_booking_origins.join(' ');
  // Each address as the server keeps it (https://www.example.com); the first one that is not an address is named.
  const wrongOrigin = origins.find((origin) => !webOriginSchema.safeParse(origin).success);
  const refundHoursValid = refundHours !== '' && Number.isInteger(refundHours) && refundHours >= 0 && refundHours <= MAX_REFUND_HOURS;

  const save = async () => {
    try {
      if (!refundHoursValid || wrongOrigin !== undefined) return;
      const saved = await update.mutateAsync({
        public_booking_enabled: enabled,
        public_booking_payment: payment,
        public_booking_refund_hours: refundHours,
        public_booking_origins: origins,
      });
      setOrigins(saved.public_booking_origins);
      toasts.success(t('settings.publicBooking.saved'));
    } catch (failure) {
      toasts.error(failure);
    }
  };
  // A refusal is said by the call's own error toast.
  const replaceKey = () =>
    rotate.mutate(undefined, {
      onSuccess: () => toasts.success(t('settings.publicBooking.keyReplaced')),
      onSettled: () => setConfirmRotate(false),
    });

  return (
    <Section id="settings-public-booking" title={t('settings.publicBooking.title')}>
      <Stack gap="md">
        <Text size="sm">{t('settings.publicBooking.intro')}</Text>
        <Switch
          size="md"
          checked={enabled}
          onChange={(event) => setEnabled(event.currentTarget.checked)}
          label={t('settings.publicBooking.enabled')}
          description={t(enabled ? 'settings.publicBooking.enabledOn' : 'settings.publicBooking.enabledOff')}
        />
        <Radio.Group
          label={t('settings.publicBooking.payment')}
          value={payment}
          onChange={(value) => setPayment(value as PublicBookingPayment)}
        >
          <Stack gap="xs" mt="xs">
            {publicBookingPayments.map((option) => (
              <Radio
                key={option}
                value={option}
                label={t(`settings.publicBooking.payments.${option}`)}
                description={t(`settings.publicBooking.paymentHints.${option}`)}
              />
            ))}
          </Stack>
        </Radio.Group>
        <NumberInput
          label={t('settings.publicBooking.refundHours')}
          description={t('settings.publicBooking.refundHoursHint')}
          value={refundHours}
          onChange={(value) => setRefundHours(typeof value === 'number' ? value : '')}
          min={0}
          max={MAX_REFUND_HOURS}
          allowDecimal={false}
          allowNegative={false}
          required
          maw={320}
          error={refundHoursValid ? undefined : t('settings.publicBooking.refundHoursError', { max: MAX_REFUND_HOURS })}
        />
        <TagsInput
          label={t('settings.publicBooking.origins')}
          description={t('settings.publicBooking.originsHint', { max: MAX_PUBLIC_BOOKING_ORIGINS })}
          placeholder={origins.length === 0 ? 'https://www.example.com' : undefined}
          value={origins}
          onChange={setOrigins}
          maxTags={MAX_PUBLIC_BOOKING_ORIGINS}
          splitChars={[',', ' ']}
          clearable
          error={wrongOrigin === undefined ? undefined : t('settings.publicBooking.originError', { origin: wrongOrigin })}
        />
        <Group justify="flex-end">
          <Button onClick={save} loading={update.isPending} disabled={!changed} className="ps-primary-action">
            {t('settings.publicBooking.save')}
          </Button>
        </Group>
        {key.data ? (
          <Stack gap="sm" pt="md" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
            <CopyField
              label={t('settings.publicBooking.companyId')}
              value={String(key.data.company_id)}
              testId="public-booking-company-id"
            />
            <CopyField
              label={t('settings.publicBooking.clientKey')}
              description={t('settings.publicBooking.clientKeyHint')}
              value={key.data.client_key}
              testId="public-booking-client-key"
            />
            <Group>
              <Button variant="default" onClick={() => setConfirmRotate(true)} className="ps-primary-action">
                {t('settings.publicBooking.replaceKey')}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Stack>
      <ConfirmDialog
        opened={confirmRotate}
        title={t('settings.publicBooking.replaceKeyTitle')}
        body={t('settings.publicBooking.replaceKeyBody')}
        confirmLabel={t('settings.publicBooking.replaceKey')}
        busy={rotate.isPending}
        onConfirm={replaceKey}
        onClose={() => setConfirmRotate(false)}
      />
    </Section>
  );
}
