// The booking form's customer: who they are, how to reach them, how many travel and on which flights.
import { NumberInput, Select, SimpleGrid } from '@mantine/core';
import { type Language, languages } from '@ps/contracts';
import { type Control, Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type FieldErrorOf, FormSection, FormTextField } from './BookingFormParts';
import type { BookingFormValues } from './bookingFormModel';

export function BookingFormCustomer({ control, errorOf }: { control: Control<BookingFormValues>; errorOf: FieldErrorOf }) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('bookings.page.customer')}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        <FormTextField
          control={control}
          errorOf={errorOf}
          name="customer_name"
          label={t('bookings.fields.customer_name')}
          required
          maxLength={100}
          autoComplete="off"
        />
        <FormTextField
          control={control}
          errorOf={errorOf}
          name="customer_phone"
          label={t('bookings.fields.customer_phone')}
          type="tel"
          maxLength={20}
          description={t('bookings.form.contactHint')}
        />
        <FormTextField
          control={control}
          errorOf={errorOf}
          name="customer_email"
          label={t('bookings.fields.customer_email')}
          type="email"
          maxLength={254}
        />
        <Controller
          control={control}
          name="language"
          render={({ field }) => (
            <Select
              label={t('bookings.fields.language')}
              description={t('bookings.form.languageHint')}
              data={languages.map((language) => ({ value: language, label: t(`common.languageNames.${language}`) }))}
              allowDeselect={false}
              required
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(value) => value && field.onChange(value as Language)}
              error={errorOf('language')}
            />
          )}
        />
        <Controller
          control={control}
          name="passengers"
          render={({ field }) => (
            <NumberInput
              label={t('bookings.fields.passengers')}
              required
              min={1}
              max={60}
              allowDecimal={false}
              allowNegative={false}
              name={field.name}
              ref={field.ref}
              value={field.value ?? ''}
              onBlur={field.onBlur}
              onChange={(value) => field.onChange(value === '' ? null : Number(value))}
              error={errorOf('passengers')}
            />
          )}
        />
        <FormTextField
          control={control}
          errorOf={errorOf}
          name="outbound_flight"
          label={t('bookings.fields.outbound_flight')}
          maxLength={10}
          description={t('bookings.form.flightHint')}
        />
        <FormTextField control={control} errorOf={errorOf} name="return_flight" label={t('bookings.fields.return_flight')} maxLength={10} />
      </SimpleGrid>
    </FormSection>
  );
}
