// The booking form's airport and route: a parking booking's departure and arrival, or park and ride's car park.
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { IdSelect } from '../../components/ReferenceSelects';
import type { Choices } from './BookingFormChoices';
import { type FieldErrorOf, hintBelow } from './BookingFormParts';
import type { BookingFormValues } from './bookingFormModel';

interface BookingFormRouteProps {
  form: Pick<UseFormReturn<BookingFormValues>, 'control' | 'setValue' | 'watch'>;
  errorOf: FieldErrorOf;
  airports: Choices;
  /** The chosen airport's locations (park and ride: its car parks). */
  locations: Choices;
  /** A new park-and-ride booking: a car park instead of a departure and an arrival. */
  parkRide: boolean;
  /** An edit keeps the booking's airport. */
  airportFixed: boolean;
}

export function BookingFormRoute({ form, errorOf, airports, locations, parkRide, airportFixed }: BookingFormRouteProps) {
  const { t } = useTranslation();
  const { control, setValue, watch } = form;
  const airportId = watch('airport_id');
  return (
    <>
      <Controller
        control={control}
        name="airport_id"
        render={({ field }) => (
          <IdSelect
            label={t('bookings.fields.airport')}
            inputWrapperOrder={hintBelow}
            description={airportFixed ? t('bookings.form.airportFixed') : undefined}
            placeholder={airports.isLoading ? t('app.loading') : t('bookings.form.chooseAirport')}
            required
            disabled={airportFixed}
            nothingFoundMessage={t('common.nothingFound')}
            data={airports.options}
            name={field.name}
            ref={field.ref}
            value={field.value}
            onBlur={field.onBlur}
            onChange={(value) => {
              field.onChange(value);
              // The locations belong to an airport: another airport's choices are cleared.
              setValue('departure_id', null);
              setValue('arrival_id', null);
              setValue('car_park_id', null);
            }}
            error={errorOf('airport_id')}
          />
        )}
      />
      {parkRide ? (
        <Controller
          control={control}
          name="car_park_id"
          render={({ field }) => (
            <IdSelect
              label={t('bookings.fields.car_park')}
              inputWrapperOrder={hintBelow}
              description={t('bookings.parkRide.carParkHint')}
              placeholder={locations.isLoading ? t('app.loading') : t('bookings.parkRide.chooseCarPark')}
              required
              disabled={!airportId}
              nothingFoundMessage={t('common.nothingFound')}
              data={locations.options}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={field.onChange}
              error={errorOf('car_park_id')}
            />
          )}
        />
      ) : (
        (['departure_id', 'arrival_id'] as const).map((name) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field }) => (
              <IdSelect
                label={t(`bookings.fields.${name === 'departure_id' ? 'departure' : 'arrival'}`)}
                inputWrapperOrder={hintBelow}
                description={name === 'arrival_id' ? t('bookings.form.arrivalHint') : undefined}
                placeholder={locations.isLoading ? t('app.loading') : t('bookings.form.chooseLocation')}
                required
                disabled={!airportId}
                nothingFoundMessage={t('common.nothingFound')}
                data={locations.options}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(value) => {
                  field.onChange(value);
                  // Parking starts and ends at one car park: the arrival follows until it is chosen.
                  if (name === 'departure_id' && !watch('arrival_id')) setValue('arrival_id', value, { shouldDirty: true });
                }}
                error={errorOf(name)}
              />
            )}
          />
        ))
      )}
    </>
  );
}
