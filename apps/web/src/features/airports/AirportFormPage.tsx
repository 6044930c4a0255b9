import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, Title } from '@mantine/core';
import { type AirportCreate, type AirportUpdate, airportCreateSchema, airportUpdateSchema } from '@ps/contracts';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BackToListLink } from '../../components/FormKit';
import { RecordState } from '../../components/RecordState';
import { useFormToasts } from '../../lib/forms';
import { backToList } from '../../lib/listReturn';
import { usePageTitle } from '../../lib/pageTitle';
import { AirportForm, type AirportFormValues, showServerErrors } from './AirportForm';
import { airportsResource } from './api';

const newRoute = getRouteApi('/$companyId/airports/new');
const editRoute = getRouteApi('/$companyId/airports/$airportId/edit');

const createResolver = zodResolver(airportCreateSchema);
// The edit form shows every field, so the partial update schema checks the same values.
const updateResolver = zodResolver(airportUpdateSchema) as unknown as Resolver<AirportFormValues, unknown, AirportUpdate>;

export function AirportCreatePage() {
  const { t } = useTranslation();
  usePageTitle(t('airports.createTitle'));
  const { companyId } = newRoute.useParams();
  const navigate = useNavigate();
  const create = airportsResource.useCreate();
  const toasts = useFormToasts();

  return (
    <Stack gap="md" maw={960}>
      <BackToListLink path={`/${companyId}/airports`} label={t('airports.backToList')} />
      <Title order={1} size="h2">
        {t('airports.createTitle')}
      </Title>
      <AirportForm<AirportCreate>
        resolver={createResolver}
        cancelHref={`/${companyId}/airports`}
        offerCoreAirports
        defaultValues={{ iata_code: '', name: '', time_zone: '', status: 1 }}
        submitLabel={t('airports.form.create')}
        onSubmit={async (values, setError, allowLeave) => {
          try {
            const airport = await create.mutateAsync(values);
            toasts.success(t('airports.toast.created', { code: airport.iata_code }));
            allowLeave();
            await navigate(backToList(`/${companyId}/airports`));
          } catch (error) {
            toasts.error(error);
            showServerErrors(error, setError);
          }
        }}
      />
    </Stack>
  );
}

export function AirportEditPage() {
  const { t } = useTranslation();
  const { companyId, airportId } = editRoute.useParams();
  const id = Number(airportId);
  const navigate = useNavigate();
  const airport = airportsResource.useOne(id);
  const update = airportsResource.useUpdate(id);
  const toasts = useFormToasts();
  const title = airport.data ? t('airports.editTitle', { code: airport.data.iata_code }) : t('airports.editTitleGeneric');
  usePageTitle(title);

  const body = (
    <RecordState query={airport} notFoundTitle={t('airports.notFound')}>
      {(current) => (
        <AirportForm<AirportUpdate>
          key={current.id}
          resolver={updateResolver}
          cancelHref={`/${companyId}/airports`}
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
              await navigate(backToList(`/${companyId}/airports`));
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
      <BackToListLink path={`/${companyId}/airports`} label={t('airports.backToList')} />
      <Title order={1} size="h2">
        {title}
      </Title>
      {body}
    </Stack>
  );
}
