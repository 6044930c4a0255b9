// The booking form's car: its registration, which is required, and how to recognise it.
import { SimpleGrid } from '@mantine/core';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type FieldErrorOf, FormSection, FormTextField } from './BookingFormParts';
import type { BookingFormValues } from './bookingFormModel';

export function BookingFormVehicle({ control, errorOf }: { control: Control<BookingFormValues>; errorOf: FieldErrorOf }) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('bookings.page.vehicle')}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        <FormTextField
          control={control}
          errorOf={errorOf}
          name="vehicle_reg"
          label={t('bookings.fields.vehicle_reg')}
          required
          maxLength={15}
        />
        <FormTextField control={control} errorOf={errorOf} name="vehicle_make" label={t('bookings.fields.vehicle_make')} maxLength={50} />
        <FormTextField control={control} errorOf={errorOf} name="vehicle_model" label={t('bookings.fields.vehicle_model')} maxLength={50} />
        <FormTextField
          control={control}
          errorOf={errorOf}
          name="vehicle_colour"
          label={t('bookings.fields.vehicle_colour')}
          maxLength={50}
        />
      </SimpleGrid>
    </FormSection>
  );
}
