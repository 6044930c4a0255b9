// The booking form's sale: what is sold (the package, the additional services, the voucher) and through whom
// (the channel and, for an agency's sale, the agency).
import { MultiSelect, Select } from '@mantine/core';
import { type BookingChannel, bookingChannels } from '@ps/contracts';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { IdSelect, keyboardScrollable } from '../../components/ReferenceSelects';
import type { Choices } from './BookingFormChoices';
import { type FieldErrorOf, FormTextField, hintBelow } from './BookingFormParts';
import type { BookingFormValues } from './bookingFormModel';

interface BookingFormSaleProps {
  form: Pick<UseFormReturn<BookingFormValues>, 'control' | 'setValue'>;
  errorOf: FieldErrorOf;
  packages: Choices;
  services: Choices;
  agencies: Choices;
  /** Park and ride has no package. */
  withPackage: boolean;
  /** The services are chosen on a new booking only; an edit changes them on the booking's page. */
  withServices: boolean;
  channel: BookingChannel;
  /** Asked for a sale through an agency, and shown while the booking names one. */
  agencyAsked: boolean;
}

export function BookingFormSale({
  form,
  errorOf,
  packages,
  services,
  agencies,
  withPackage,
  withServices,
  channel,
  agencyAsked,
}: BookingFormSaleProps) {
  const { t } = useTranslation();
  const { control, setValue } = form;
  return (
    <>
      {withPackage ? (
        <Controller
          control={control}
          name="package_id"
          render={({ field }) => (
            <IdSelect
              label={t('bookings.fields.package')}
              inputWrapperOrder={hintBelow}
              description={packages.isError ? t('bookings.form.unavailable') : t('bookings.form.packageHint')}
              placeholder={packages.isLoading ? t('app.loading') : t('bookings.form.noPackage')}
              clearable
              clearButtonProps={{ 'aria-label': t('bookings.form.clearPackage') }}
              nothingFoundMessage={t('common.nothingFound')}
              data={packages.options}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={field.onChange}
              error={errorOf('package_id')}
            />
          )}
        />
      ) : null}
      {withServices ? (
        <Controller
          control={control}
          name="service_ids"
          render={({ field }) => (
            <MultiSelect
              {...keyboardScrollable}
              label={t('bookings.fields.services')}
              inputWrapperOrder={hintBelow}
              description={services.isError ? t('bookings.form.unavailable') : undefined}
              placeholder={field.value.length > 0 ? undefined : t('bookings.form.noServices')}
              searchable
              clearable
              clearButtonProps={{ 'aria-label': t('bookings.form.clearServices') }}
              nothingFoundMessage={t('common.nothingFound')}
              data={services.options}
              name={field.name}
              ref={field.ref}
              value={field.value.map(String)}
              onBlur={field.onBlur}
              onChange={(values) => field.onChange(values.map(Number))}
              error={errorOf('service_ids')}
            />
          )}
        />
      ) : null}
      <FormTextField control={control} errorOf={errorOf} name="voucher_code" label={t('bookings.fields.voucher_code')} maxLength={30} />
      <Controller
        control={control}
        name="channel"
        render={({ field }) => (
          <Select
            {...keyboardScrollable}
            label={t('bookings.fields.channel')}
            required
            allowDeselect={false}
            data={bookingChannels.map((channel) => ({ value: channel, label: t(`bookings.channels.${channel}`) }))}
            name={field.name}
            ref={field.ref}
            value={field.value}
            onBlur={field.onBlur}
            onChange={(value) => {
              const next = (value as BookingChannel | null) ?? 'phone';
              field.onChange(next);
              // Only an agency's sale names an agency.
              if (next !== 'agency') setValue('agency_id', null, { shouldDirty: true });
            }}
            error={errorOf('channel')}
          />
        )}
      />
      {agencyAsked ? (
        <Controller
          control={control}
          name="agency_id"
          render={({ field }) => (
            <IdSelect
              label={t('bookings.fields.agency')}
              inputWrapperOrder={hintBelow}
              description={agencies.isError ? t('bookings.form.unavailable') : t('bookings.form.agencyHint')}
              placeholder={agencies.isLoading ? t('app.loading') : t('bookings.form.chooseAgency')}
              required={channel === 'agency'}
              clearable={channel !== 'agency'}
              clearButtonProps={{ 'aria-label': t('bookings.form.clearAgency') }}
              nothingFoundMessage={t('common.nothingFound')}
              data={agencies.options}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={field.onChange}
              error={errorOf('agency_id')}
            />
          )}
        />
      ) : null}
    </>
  );
}
