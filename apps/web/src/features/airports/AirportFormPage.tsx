import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { type AirportCreate, type AirportUpdate, airportCreateSchema, airportUpdateSchema } from '@ps/contracts';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import type { Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../lib/toast';
import { AirportForm, type AirportFormValues, showServerErrors } from './AirportForm';
import { useAirport, useCreateAirport, useUpdateAirport } from './api';

const newRoute = getRouteApi('/$companyId/airports/new');
const editRoute = getRouteApi('/$companyId/airports/$airportId/edit');

const createResolver = zodResolver(airportCreateSchema);
// The edit form shows every field, so the partial update schema checks the same values.
const updateResolver = zodResolver(airportUpdateSchema) as unknown as Resolver<AirportFormValues, unknown, AirportUpdate>;

function BackToList({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={`/${companyId}/airports`} size="sm">
      {t('airports.backToList')}
    </Anchor>
  );
}

export function AirportCreatePage() {
  const { t } = useTranslation();
  const { companyId } = newRoute.useParams();
  const navigate = useNavigate();
  const create = useCreateAirport();

  return (
    <Stack gap="md" maw={960}>
      <BackToList companyId={companyId} />
      <Title order={1} size="h2">
        {t('airports.createTitle')}
      </Title>
      <AirportForm<AirportCreate>
        resolver={createResolver}
        companyId={companyId}
        defaultValues={{ iata_code: '', name: '', time_zone: '', status: 1 }}
        submitLabel={t('airports.form.create')}
        onSubmit={async (values, setError) => {
          try {
            const airport = await create.mutateAsync(values);
            toastSuccess(t('airports.toast.created', { code: airport.iata_code }));
            await navigate({ to: '/$companyId/airports', params: { companyId } });
          } catch (error) {
            showServerErrors(error, setError, t('errors.airport_iata_taken'));
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
  const airport = useAirport(id);
  const update = useUpdateAirport(id);

  let body: React.ReactNode;
  if (airport.isPending && airport.fetchStatus !== 'idle') {
    body = (
      <Center py="xl" role="status">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  } else if (!airport.data) {
    body = (
      <Alert color="red" variant="light" title={t('airports.notFound')} role="alert">
        <Text size="sm">{airport.error?.message ?? t('errors.not_found')}</Text>
      </Alert>
    );
  } else {
    const current = airport.data;
    body = (
      <AirportForm<AirportUpdate>
        key={current.id}
        resolver={updateResolver}
        companyId={companyId}
        defaultValues={{
          iata_code: current.iata_code,
          name: current.name,
          country_id: current.country_id,
          time_zone: current.time_zone,
          status: current.status,
        }}
        submitLabel={t('airports.form.save')}
        onSubmit={async (values, setError) => {
          try {
            const saved = await update.mutateAsync(values);
            toastSuccess(t('airports.toast.updated', { code: saved.iata_code }));
            await navigate({ to: '/$companyId/airports', params: { companyId } });
          } catch (error) {
            showServerErrors(error, setError, t('errors.airport_iata_taken'));
          }
        }}
      />
    );
  }

  return (
    <Stack gap="md" maw={960}>
      <BackToList companyId={companyId} />
      <Title order={1} size="h2">
        {airport.data ? t('airports.editTitle', { code: airport.data.iata_code }) : t('airports.editTitleGeneric')}
      </Title>
      {body}
    </Stack>
  );
}
