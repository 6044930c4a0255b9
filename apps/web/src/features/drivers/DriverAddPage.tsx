import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, Text, Title } from '@mantine/core';
import { type DriverAddBody, driverAddBodySchema } from '@ps/contracts';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { BackToListLink } from '../../components/FormKit';
import { useFormToasts } from '../../lib/forms';
import { usePageTitle } from '../../lib/pageTitle';
import { driversResource } from './api';
import { DriverProfileForm, showServerErrors } from './DriverProfileForm';
import { fullName } from './DriversListPage';

const route = getRouteApi('/$companyId/drivers/new');
const resolver = zodResolver(driverAddBodySchema);

/** A new driver: the sign-in account with a temporary password and the profile; the driver's page comes next. */
export function DriverAddPage() {
  const { t } = useTranslation();
  usePageTitle(t('drivers.createTitle'));
  const { companyId } = route.useParams();
  const navigate = useNavigate();
  const create = driversResource.useCreate();
  const toasts = useFormToasts();
  return (
    <Stack gap="md" maw={960}>
      <BackToListLink path={`/${companyId}/drivers`} label={t('drivers.backToList')} />
      <Title order={1} size="h2">
        {t('drivers.createTitle')}
      </Title>
      <Text size="sm">{t('drivers.createIntro')}</Text>
      <DriverProfileForm<DriverAddBody>
        mode="add"
        resolver={resolver}
        cancelHref={`/${companyId}/drivers`}
        defaultValues={{ first_name: '', last_name: '', email: '', temporary_password: '', licence_number: '' }}
        submitLabel={t('drivers.form.create')}
        onSubmit={async (values, setError, allowLeave) => {
          try {
            const driver = await create.mutateAsync(values);
            toasts.success(t('drivers.toast.created', { name: fullName(driver) }));
            allowLeave();
            await navigate({ to: '/$companyId/drivers/$driverId', params: { companyId, driverId: String(driver.id) } });
          } catch (error) {
            toasts.error(error);
            showServerErrors(error, setError);
          }
        }}
      />
    </Stack>
  );
}
