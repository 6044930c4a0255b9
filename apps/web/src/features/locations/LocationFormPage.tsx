import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, Title } from '@mantine/core';
import { type Location, type LocationCreate, type LocationUpdate, locationCreateSchema, locationUpdateSchema } from '@ps/contracts';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BackToListLink } from '../../components/FormKit';
import { RecordState } from '../../components/RecordState';
import { useFormToasts } from '../../lib/forms';
import { backToList } from '../../lib/listReturn';
import { usePageTitle } from '../../lib/pageTitle';
import { locationsResource, useCompanyAirports } from './api';
import { type AirportChoice, LocationForm, type LocationFormValues, showServerErrors } from './LocationForm';

const newRoute = getRouteApi('/$companyId/locations/new');
const editRoute = getRouteApi('/$companyId/locations/$locationId/edit');

const createResolver = zodResolver(locationCreateSchema) as unknown as Resolver<LocationFormValues, unknown, LocationCreate>;
// The edit form shows every field, so the partial update schema checks the same values.
const updateResolver = zodResolver(locationUpdateSchema) as unknown as Resolver<LocationFormValues, unknown, LocationUpdate>;

/** The company's active airports; an edited location's own airport stays offered even if it was deactivated since. */
function useAirportChoices(current?: Pick<Location, 'airport_id' | 'airport_iata_code' | 'airport_name'>) {
  const airports = useCompanyAirports(true);
  const choices: AirportChoice[] | undefined = airports.data?.records.map(({ id, iata_code, name }) => ({ id, iata_code, name }));
  if (choices && current && !choices.some((airport) => airport.id === current.airport_id)) {
    choices.push({ id: current.airport_id, iata_code: current.airport_iata_code, name: current.airport_name });
  }
  return { choices, loading: airports.isLoading };
}

export function LocationCreatePage() {
  const { t } = useTranslation();
  usePageTitle(t('locations.createTitle'));
  const { companyId } = newRoute.useParams();
  const navigate = useNavigate();
  const create = locationsResource.useCreate();
  const toasts = useFormToasts();
  const airports = useAirportChoices();

  return (
    <Stack gap="md" maw={960}>
      <BackToListLink path={`/${companyId}/locations`} label={t('locations.backToList')} />
      <Title order={1} size="h2">
        {t('locations.createTitle')}
      </Title>
      <LocationForm<LocationCreate>
        resolver={createResolver}
        cancelHref={`/${companyId}/locations`}
        airportField="airport_id"
        airports={airports.choices}
        airportsLoading={airports.loading}
        airportHint={t('locations.form.airportHint')}
        noAirportsText={t('locations.form.noAirports')}
        offerCoreLocations
        defaultValues={{ name: '', address: '', latitude: null, longitude: null, capacity: 0, status: 1 }}
        submitLabel={t('locations.form.create')}
        onSubmit={async (values, setError, allowLeave) => {
          try {
            const location = await create.mutateAsync(values);
            toasts.success(t('locations.toast.created', { name: location.name }));
            allowLeave();
            await navigate(backToList(`/${companyId}/locations`));
          } catch (error) {
            toasts.error(error);
            showServerErrors(error, setError);
          }
        }}
      />
    </Stack>
  );
}

function EditForm({ companyId, current }: { companyId: string; current: Location }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = locationsResource.useUpdate(current.id);
  const toasts = useFormToasts();
  const airports = useAirportChoices(current);
  return (
    <LocationForm<LocationUpdate>
      key={current.id}
      resolver={updateResolver}
      cancelHref={`/${companyId}/locations`}
      airportField="airport_id"
      airports={airports.choices}
      airportsLoading={airports.loading}
      airportHint={t('locations.form.airportHint')}
      defaultValues={{
        airport_id: current.airport_id,
        name: current.name,
        type: current.type,
        address: current.address ?? '',
        latitude: current.latitude,
        longitude: current.longitude,
        capacity: current.capacity,
        status: current.status,
      }}
      submitLabel={t('locations.form.save')}
      onSubmit={async (values, setError, allowLeave) => {
        try {
          const saved = await update.mutateAsync(values);
          toasts.success(t('locations.toast.updated', { name: saved.name }));
          allowLeave();
          await navigate(backToList(`/${companyId}/locations`));
        } catch (error) {
          toasts.error(error);
          showServerErrors(error, setError);
        }
      }}
    />
  );
}

export function LocationEditPage() {
  const { t } = useTranslation();
  const { companyId, locationId } = editRoute.useParams();
  const location = locationsResource.useOne(Number(locationId));
  const title = location.data ? t('locations.editTitle', { name: location.data.name }) : t('locations.editTitleGeneric');
  usePageTitle(title);
  return (
    <Stack gap="md" maw={960}>
      <BackToListLink path={`/${companyId}/locations`} label={t('locations.backToList')} />
      <Title order={1} size="h2">
        {title}
      </Title>
      <RecordState query={location} notFoundTitle={t('locations.notFound')}>
        {(current) => <EditForm companyId={companyId} current={current} />}
      </RecordState>
    </Stack>
  );
}
