import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, Title } from '@mantine/core';
import { type CoreLocationCreate, type CoreLocationUpdate, coreLocationCreateSchema, coreLocationUpdateSchema } from '@ps/contracts';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BackToListLink } from '../../components/FormKit';
import { RecordState } from '../../components/RecordState';
import { useFormToasts } from '../../lib/forms';
import { backToList } from '../../lib/listReturn';
import { usePageTitle } from '../../lib/pageTitle';
import { coreLocationsResource, useCoreAirports } from './api';
import { LocationForm, type LocationFormValues, showServerErrors } from './LocationForm';

const editRoute = getRouteApi('/org/core-locations/$locationId/edit');
const LIST = '/org/core-locations';

// A core location has the company location's fields at a core airport: the same form, checked by the core schemas.
const createResolver = zodResolver(coreLocationCreateSchema) as unknown as Resolver<LocationFormValues, unknown, CoreLocationCreate>;
const updateResolver = zodResolver(coreLocationUpdateSchema) as unknown as Resolver<LocationFormValues, unknown, CoreLocationUpdate>;

function useCoreAirportChoices() {
  const airports = useCoreAirports(false);
  return { choices: airports.data?.records.map(({ id, iata_code, name }) => ({ id, iata_code, name })), loading: airports.isLoading };
}

export function CoreLocationCreatePage() {
  const { t } = useTranslation();
  usePageTitle(t('coreLocations.createTitle'));
  const navigate = useNavigate();
  const create = coreLocationsResource.useCreate();
  const toasts = useFormToasts();
  const airports = useCoreAirportChoices();
  return (
    <Stack gap="md" maw={960}>
      <BackToListLink path={LIST} label={t('coreLocations.backToList')} />
      <Title order={1} size="h2">
        {t('coreLocations.createTitle')}
      </Title>
      <LocationForm<CoreLocationCreate>
        resolver={createResolver}
        cancelHref={LIST}
        airportField="core_airport_id"
        airports={airports.choices}
        airportsLoading={airports.loading}
        airportHint={t('coreLocations.airportHint')}
        defaultValues={{ name: '', address: '', latitude: null, longitude: null, capacity: 0, status: 1 }}
        submitLabel={t('coreLocations.create')}
        onSubmit={async (values, setError, allowLeave) => {
          try {
            const location = await create.mutateAsync(values);
            toasts.success(t('locations.toast.created', { name: location.name }));
            allowLeave();
            await navigate(backToList(LIST));
          } catch (error) {
            toasts.error(error);
            showServerErrors(error, setError);
          }
        }}
      />
    </Stack>
  );
}

export function CoreLocationEditPage() {
  const { t } = useTranslation();
  const { locationId } = editRoute.useParams();
  const id = Number(locationId);
  const navigate = useNavigate();
  const location = coreLocationsResource.useOne(id);
  const update = coreLocationsResource.useUpdate(id);
  const toasts = useFormToasts();
  const airports = useCoreAirportChoices();
  const title = location.data ? t('locations.editTitle', { name: location.data.name }) : t('locations.editTitleGeneric');
  usePageTitle(title);
  return (
    <Stack gap="md" maw={960}>
      <BackToListLink path={LIST} label={t('coreLocations.backToList')} />
      <Title order={1} size="h2">
        {title}
      </Title>
      <RecordState query={location} notFoundTitle={t('locations.notFound')}>
        {(current) => (
          <LocationForm<CoreLocationUpdate>
            key={current.id}
            resolver={updateResolver}
            cancelHref={LIST}
            airportField="core_airport_id"
            airports={airports.choices}
            airportsLoading={airports.loading}
            airportHint={t('coreLocations.airportHint')}
            defaultValues={{
              core_airport_id: current.core_airport_id,
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
                await navigate(backToList(LIST));
              } catch (error) {
                toasts.error(error);
                showServerErrors(error, setError);
              }
            }}
          />
        )}
      </RecordState>
    </Stack>
  );
}
