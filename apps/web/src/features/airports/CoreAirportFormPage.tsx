import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, Title } from '@mantine/core';
import { type CoreAirportCreate, type CoreAirportUpdate, coreAirportCreateSchema, coreAirportUpdateSchema } from '@ps/contracts';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BackToListLink } from '../../components/FormKit';
import { RecordState } from '../../components/RecordState';
import { useFormToasts } from '../../lib/forms';
import { backToList } from '../../lib/listReturn';
import { usePageTitle } from '../../lib/pageTitle';
import { AirportForm, type AirportFormValues, showServerErrors } from './AirportForm';
import { coreAirportsResource } from './api';

const editRoute = getRouteApi('/org/core-airports/$airportId/edit');
const LIST = '/org/core-airports';

// A core airport has the company airport's fields but no core link: the same form, checked by the core schemas.
const createResolver = zodResolver(coreAirportCreateSchema) as unknown as Resolver<AirportFormValues, unknown, CoreAirportCreate>;
const updateResolver = zodResolver(coreAirportUpdateSchema) as unknown as Resolver<AirportFormValues, unknown, CoreAirportUpdate>;

export function CoreAirportCreatePage() {
  const { t } = useTranslation();
  usePageTitle(t('coreAirports.createTitle'));
  const navigate = useNavigate();
  const create = coreAirportsResource.useCreate();
  const toasts = useFormToasts();
  return (
    <Stack gap="md" maw={960}>
      <BackToListLink path={LIST} label={t('coreAirports.backToList')} />
      <Title order={1} size="h2">
        {t('coreAirports.createTitle')}
      </Title>
      <AirportForm<CoreAirportCreate>
        resolver={createResolver}
        cancelHref={LIST}
        defaultValues={{ iata_code: '', name: '', time_zone: '', status: 1 }}
        submitLabel={t('airports.form.create')}
        onSubmit={async (values, setError, allowLeave) => {
          try {
            const airport = await create.mutateAsync(values);
            toasts.success(t('airports.toast.created', { code: airport.iata_code }));
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

export function CoreAirportEditPage() {
  const { t } = useTranslation();
  const { airportId } = editRoute.useParams();
  const id = Number(airportId);
  const navigate = useNavigate();
  const airport = coreAirportsResource.useOne(id);
  const update = coreAirportsResource.useUpdate(id);
  const toasts = useFormToasts();
  const title = airport.data ? t('airports.editTitle', { code: airport.data.iata_code }) : t('airports.editTitleGeneric');
  usePageTitle(title);

  const body = (
    <RecordState query={airport} notFoundTitle={t('airports.notFound')}>
      {(current) => (
        <AirportForm<CoreAirportUpdate>
          key={current.id}
          resolver={updateResolver}
          cancelHref={LIST}
          defaultValues={{
            iata_code: current.iata_code,
            name: current.name,
            country_id: current.country_id,
            time_zone: current.time_zone,
            status: current.status,
          }}
          submitLabel={t('airports.form.save')}
          onSubmit={async (values, setError, allowLeave) => {
            try {
              const saved = await update.mutateAsync(values);
              toasts.success(t('airports.toast.updated', { code: saved.iata_code }));
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
  );

  return (
    <Stack gap="md" maw={960}>
      <BackToListLink path={LIST} label={t('coreAirports.backToList')} />
      <Title order={1} size="h2">
        {title}
      </Title>
      {body}
    </Stack>
  );
}
