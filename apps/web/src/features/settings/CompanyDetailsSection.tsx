import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Fieldset, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type CompanyDetails, companyDetailsFieldsSchema, isoWeekdays, MAX_TERMS_LENGTH } from '@ps/contracts';
import { type ReactNode, useMemo } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { UnsavedChangesDialog } from '../../components/ConfirmDialog';
import { Section } from '../../components/Section';
import { formatWeekday } from '../../lib/format';
import { applyServerFieldErrors, sameNameField, useFormToasts, useUnsavedChangesGuard } from '../../lib/forms';
import { translateMessage } from '../../lib/i18n';
import { useUpdateCompanyDetails } from './api';

/** The form's values: every text as typed (blank clears it; the shared schema turns blank into null). */
type DetailsValues = {
  contact_email: string;
  contact_phone: string;
  address: string;
  tax_number: string;
  mail_sender_name: string;
  mail_reply_to: string;
  first_day_of_week: number;
  terms: string;
};
const detailFields = [
  'contact_email',
  'contact_phone',
  'address',
  'tax_number',
  'mail_sender_name',
  'mail_reply_to',
  'first_day_of_week',
  'terms',
] as const;
const detailsResolver = zodResolver(companyDetailsFieldsSchema) as unknown as Resolver<DetailsValues>;

const valuesOf = (details: CompanyDetails): DetailsValues => ({
  contact_email: details.contact_email ?? '',
  contact_phone: details.contact_phone ?? '',
  address: details.address ?? '',
  tax_number: details.tax_number ?? '',
  mail_sender_name: details.mail_sender_name ?? '',
  mail_reply_to: details.mail_reply_to ?? '',
  first_day_of_week: details.first_day_of_week,
  terms: details.terms ?? '',
});

/** One group of the form (Contact, Tax...): a fieldset, its legend as a small heading, a line above it. */
function DetailsGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Fieldset
      legend={legend}
      variant="unstyled"
      pt="md"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
      styles={{
        legend: {
          fontWeight: 700,
          fontSize: 'var(--mantine-font-size-lg)',
          float: 'left',
          width: '100%',
          marginBottom: 'var(--mantine-spacing-sm)',
        },
      }}
    >
      {/* A floated legend sits inside the box like a heading; the fields start below it. */}
      <Box style={{ clear: 'both' }}>{children}</Box>
    </Fieldset>
  );
}

/** Monday to Sunday (ISO 1 to 7) in the user's language: 1 January 2024 was a Monday. */
function useWeekdayOptions() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    return isoWeekdays.map((day) => ({ value: String(day), label: formatWeekday(day, 'long') }));
  }, [i18n.language]);
}

/**
 * What the company's mails and agency statements carry (contact, tax/VAT number, terms), how its mails are signed, and
 * the first day of its week: one form in four groups, saved together.
 */
export function CompanyDetailsSection({ details }: { details: CompanyDetails }) {
  const { t } = useTranslation();
  const toasts = useFormToasts();
  const update = useUpdateCompanyDetails();
  const weekdays = useWeekdayOptions();
  const {
    control,
    register,
    handleSubmit,
    setError,
    watch,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<DetailsValues>({ resolver: detailsResolver, defaultValues: valuesOf(details) });
  const { blocker } = useUnsavedChangesGuard(isDirty && !isSubmitting);
  const error = (message: string | undefined) => translateMessage(message);
  const senderName = watch('mail_sender_name').trim();
  const replyTo = watch('mail_reply_to').trim();

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      reset(valuesOf(saved));
      toasts.success(t('settings.details.saved'));
    } catch (failure) {
      if (!applyServerFieldErrors(failure, setError, sameNameField<DetailsValues>(detailFields))) toasts.error(failure);
    }
  });

  return (
    <Section id="settings-details" title={t('settings.details.title')}>
      <form noValidate onSubmit={submit}>
        <Stack gap="lg">
          <Text size="sm">{t('settings.details.intro', { name: details.name })}</Text>

          <DetailsGroup legend={t('settings.details.contact')}>
            <Stack gap="md">
              <Textarea
                label={t('settings.details.address')}
                description={t('settings.details.addressHint')}
                autoComplete="street-address"
                autosize
                minRows={3}
                maxRows={8}
                maxLength={300}
                error={error(errors.address?.message)}
                {...register('address')}
              />
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
                <TextInput
                  label={t('settings.details.phone')}
                  description={t('settings.details.phoneHint')}
                  type="tel"
                  autoComplete="tel"
                  maxLength={20}
                  error={error(errors.contact_phone?.message)}
                  {...register('contact_phone')}
                />
                <TextInput
                  label={t('settings.details.email')}
                  description={t('settings.details.emailHint')}
                  type="email"
                  autoComplete="email"
                  required
                  maxLength={100}
                  error={error(errors.contact_email?.message)}
                  {...register('contact_email')}
                />
              </SimpleGrid>
            </Stack>
          </DetailsGroup>

          <DetailsGroup legend={t('settings.details.tax')}>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <TextInput
                label={t('settings.details.taxNumber')}
                description={t('settings.details.taxNumberHint')}
                autoComplete="off"
                maxLength={30}
                error={error(errors.tax_number?.message)}
                {...register('tax_number')}
              />
            </SimpleGrid>
          </DetailsGroup>

          <DetailsGroup legend={t('settings.details.mail')}>
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
                <TextInput
                  label={t('settings.details.senderName')}
                  description={t('settings.details.senderNameHint')}
                  autoComplete="off"
                  maxLength={100}
                  error={error(errors.mail_sender_name?.message)}
                  {...register('mail_sender_name')}
                />
                <TextInput
                  label={t('settings.details.replyTo')}
                  description={t('settings.details.replyToHint')}
                  type="email"
                  autoComplete="off"
                  maxLength={100}
                  error={error(errors.mail_reply_to?.message)}
                  {...register('mail_reply_to')}
                />
              </SimpleGrid>
              {/* How a customer's mail program will show the message, from what is typed now. */}
              <Text size="sm" data-testid="settings-mail-preview" style={{ overflowWrap: 'anywhere' }}>
                {senderName
                  ? t('settings.details.fromNamed', { name: senderName, address: details.mail_from_address })
                  : t('settings.details.fromServer', { address: details.mail_from_address })}{' '}
                {replyTo ? t('settings.details.repliesTo', { address: replyTo }) : t('settings.details.repliesToSender')}
              </Text>
            </Stack>
          </DetailsGroup>

          <DetailsGroup legend={t('settings.details.weekAndTerms')}>
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
                <Controller
                  control={control}
                  name="first_day_of_week"
                  render={({ field }) => (
                    <Select
                      label={t('settings.details.firstDay')}
                      description={t('settings.details.firstDayHint')}
                      data={weekdays}
                      required
                      name={field.name}
                      ref={field.ref}
                      value={String(field.value)}
                      onBlur={field.onBlur}
                      onChange={(value) => value && field.onChange(Number(value))}
                      error={error(errors.first_day_of_week?.message)}
                    />
                  )}
                />
              </SimpleGrid>
              <Textarea
                label={t('settings.details.terms')}
                description={t('settings.details.termsHint', { max: MAX_TERMS_LENGTH })}
                autosize
                minRows={4}
                maxRows={14}
                maxLength={MAX_TERMS_LENGTH}
                error={error(errors.terms?.message)}
                {...register('terms')}
              />
            </Stack>
          </DetailsGroup>

          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting} className="ps-primary-action">
              {t('settings.details.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      <UnsavedChangesDialog blocked={blocker.status === 'blocked'} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
    </Section>
  );
}
