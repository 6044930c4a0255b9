// The pages of a new booking, parking or park and ride, around the booking form (BookingForm.tsx).
import { Loader, Stack, Title } from '@mantine/core';
import { type Booking, bookingCreateSchema, parkRideCreateSchema } from '@ps/contracts';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BackToListLink } from '../../components/FormKit';
import { useFormToasts } from '../../lib/forms';
import { usePageTitle } from '../../lib/pageTitle';
import { getLanguage } from '../../lib/session';
import { bookingsResource, parkRideResource } from './api';
import { useAirports } from './api.choices';
import { BookingForm, type BookingFormProps } from './BookingForm';
import {
  type BookingFormValues,
  emptyValues,
  type FormKind,
  freeSlotsOf,
  showServerErrors,
  toCreateBody,
  toParkRideBody,
} from './bookingFormModel';
import { validateBookingPrefill } from './search';

const newRoute = getRouteApi('/$companyId/bookings/new');
const parkRideNewRoute = getRouteApi('/$companyId/park-ride/new');

export function BackToList({ companyId, kind = 'parking' }: { companyId: string; kind?: FormKind }) {
  const { t } = useTranslation();
  const parkRide = kind === 'park_and_ride';
  return (
    <BackToListLink
      path={`/${companyId}/${parkRide ? 'park-ride' : 'bookings'}`}
      label={t(parkRide ? 'bookings.parkRide.backToList' : 'bookings.backToList')}
    />
  );
}

/** A local wall-clock time on `day` (`YYYY-MM-DD`), e.g. the Quote screen's dates. */
const at = (day: string | undefined, time: string) => (day ? `${day}T${time}` : '');

/**
 * The submit of a new booking of either kind: `save` sends it; then the toast and its booking page, or the
 * server's refusals beside their fields.
 */
function useCreateSubmit(companyId: string, kind: FormKind, save: (values: BookingFormValues, zone: string) => Promise<Booking>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toasts = useFormToasts();
  const submit: BookingFormProps['onSubmit'] = async (values, zone, setError, allowLeave, offerSlots) => {
    try {
      const saved = await save(values, zone);
      toasts.success(t('bookings.toast.created', { reference: saved.reference }));
      allowLeave();
      await navigate({ to: '/$companyId/bookings/$bookingId', params: { companyId, bookingId: String(saved.id) } });
    } catch (error) {
      toasts.error(error);
      showServerErrors(error, setError, kind);
      offerSlots(freeSlotsOf(error));
    }
  };
  return submit;
}

export function BookingCreatePage() {
  const { t } = useTranslation();
  usePageTitle(t('bookings.createTitle'));
  const { companyId } = newRoute.useParams();
  const raw = newRoute.useSearch() as Record<string, unknown>;
  const prefill = useMemo(() => validateBookingPrefill(raw), [raw]);
  const create = bookingsResource.useCreate();
  const submit = useCreateSubmit(companyId, 'parking', (values, zone) =>
    create.mutateAsync(bookingCreateSchema.parse(toCreateBody(values, zone))),
  );
  const defaultValues = useMemo<BookingFormValues>(
    () => ({
      ...emptyValues,
      // The customer's mail is in the operator's language unless they choose the customer's.
      language: getLanguage(),
      airport_id: prefill.airport_id ?? null,
      departure_id: prefill.departure_id ?? null,
      arrival_id: prefill.arrival_id ?? prefill.departure_id ?? null,
      departure_local: at(prefill.departure_date, '08:00'),
      arrival_local: at(prefill.arrival_date, '18:00'),
      package_id: prefill.package_id ?? null,
      service_ids: prefill.service_ids ?? [],
      voucher_code: prefill.voucher_code ?? '',
    }),
    [prefill],
  );
  const airports = useAirports();
  return (
    <Stack gap="md" maw={1200}>
      <BackToList companyId={companyId} />
      <Title order={1} size="h2">
        {t('bookings.createTitle')}
      </Title>
      {prefill.airport_id && airports.isLoading ? (
        <Loader aria-label={t('app.loading')} />
      ) : (
        <BookingForm
          defaultValues={defaultValues}
          cancelHref={`/${companyId}/bookings`}
          submitLabel={t('bookings.form.create')}
          onSubmit={submit}
        />
      )}
    </Stack>
  );
}

/** A new park-and-ride booking: saved through `POST /api/park-ride/booking/add`, then its booking page. */
export function ParkRideCreatePage() {
  const { t } = useTranslation();
  usePageTitle(t('bookings.parkRide.createTitle'));
  const { companyId } = parkRideNewRoute.useParams();
  const create = parkRideResource.useCreate();
  const parkRideDefaults = useMemo<BookingFormValues>(() => ({ ...emptyValues, language: getLanguage() }), []);
  const submit = useCreateSubmit(companyId, 'park_and_ride', (values, zone) =>
    create.mutateAsync(parkRideCreateSchema.parse(toParkRideBody(values, zone))),
  );
  return (
    <Stack gap="md" maw={1200}>
      <BackToList companyId={companyId} kind="park_and_ride" />
      <Title order={1} size="h2">
        {t('bookings.parkRide.createTitle')}
      </Title>
      <BookingForm
        kind="park_and_ride"
        defaultValues={parkRideDefaults}
        cancelHref={`/${companyId}/park-ride`}
        submitLabel={t('bookings.form.create')}
        onSubmit={submit}
      />
    </Stack>
  );
}
