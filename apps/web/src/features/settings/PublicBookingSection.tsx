import { Button, Group, NumberInput, Radio, Stack, Switch, TagsInput, Text, TextInput } from '@mantine/core';
import {
  bookingSlugSchema,
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
import { ApiError } from '../../lib/api';
import { useFormToasts } from '../../lib/forms';
import { useClientKey, useRotateClientKey, useUpdateCompanyDetails } from './api';

/** An attribute's value in the HTML the admin pastes (a company name may hold `"`, `&` or `<`). */
const attributeText = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Online booking (issue 23): whether the company takes bookings through the public booking API, whether a web booking
 * is paid on arrival (confirmed at once) or in advance (pending until paid), the address of its hosted booking page,
 * and the key its own web site sends, with a way to replace it (asked first: the old key stops at once). Below the key,
 * the page's link and the `<iframe>` that shows it in the company's own site (framing is allowed to the listed origins).
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
  const [slug, setSlug] = useState(details.booking_slug);
  // The server's refusal of the address (another company's page has it), shown beside it until it is changed.
  const [slugRefusal, setSlugRefusal] = useState<string | null>(null);
  const [confirmRotate, setConfirmRotate] = useState(false);
  const changed =
    enabled !== details.public_booking_enabled ||
    payment !== details.public_booking_payment ||
    refundHours !== details.public_booking_refund_hours ||
    origins.join(' ') !== details.public_booking_origins.join(' ') ||
    slug !== details.booking_slug;
  // Each address as the server keeps it (https://www.example.com); the first one that is not an address is named.
  const wrongOrigin = origins.find((origin) => !webOriginSchema.safeParse(origin).success);
  const refundHoursValid = refundHours !== '' && Number.isInteger(refundHours) && refundHours >= 0 && refundHours <= MAX_REFUND_HOURS;
  // The address by the server's own rule (trimmed, lower case, letters, digits and single hyphens, 2 to 60).
  const slugCheck = bookingSlugSchema.safeParse(slug);
  const slugError = slugCheck.success ? slugRefusal : t(slugCheck.error.issues[0]?.message ?? 'validation.slug');
  // What is live: the saved address (an edit not yet saved would hand out a link that does not work).
  const pageLink = `${window.location.origin}/book/${details.booking_slug}`;
  const embedCode = `<iframe src="${attributeText(pageLink)}" title="${attributeText(
    t('settings.publicBooking.iframeTitle', { name: details.name }),
  )}" style="width:100%;min-height:900px;border:0" loading="lazy"></iframe>`;

  const save = async () => {
    try {
      if (!refundHoursValid || wrongOrigin !== undefined || !slugCheck.success) return;
      const saved = await update.mutateAsync({
        public_booking_enabled: enabled,
        public_booking_payment: payment,
        public_booking_refund_hours: refundHours,
        public_booking_origins: origins,
        booking_slug: slugCheck.data,
      });
      setOrigins(saved.public_booking_origins);
      setSlug(saved.booking_slug);
      toasts.success(t('settings.publicBooking.saved'));
    } catch (failure) {
      const onSlug = failure instanceof ApiError && failure.details.some((detail) => detail.field === 'booking_slug');
      if (onSlug) setSlugRefusal(failure.message);
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
        <TextInput
          label={t('settings.publicBooking.slug')}
          description={t('settings.publicBooking.slugHint')}
          value={slug}
          onChange={(event) => {
            setSlug(event.currentTarget.value);
            setSlugRefusal(null);
          }}
          required
          maw={480}
          autoCapitalize="none"
          spellCheck={false}
          error={slugError ?? undefined}
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
            <CopyField
              label={t('settings.publicBooking.pageLink')}
              description={t('settings.publicBooking.pageLinkHint')}
              value={pageLink}
              testId="public-booking-page-link"
            />
            <CopyField
              label={t('settings.publicBooking.embedCode')}
              description={t('settings.publicBooking.embedCodeHint')}
              value={embedCode}
              testId="public-booking-embed-code"
              multiline
            />
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
