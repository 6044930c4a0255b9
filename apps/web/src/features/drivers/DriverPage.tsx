import { zodResolver } from '@hookform/resolvers/zod';
import { Badge, Button, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { type Driver, type DriverUpdate, driverRateEndpoints, driverUpdateSchema, payoutEndpoints } from '@ps/contracts';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, DeleteDialog } from '../../components/ConfirmDialog';
import { BackToListLink } from '../../components/FormKit';
import { IconCheck, IconTrash, IconX } from '../../components/icons';
import { RecordState } from '../../components/RecordState';
import { Section } from '../../components/Section';
import { StatusSwitch } from '../../components/StatusSwitch';
import { useCan } from '../../lib/currentUser';
import { useCanCall } from '../../lib/finance';
import { useFormToasts } from '../../lib/forms';
import { backToList } from '../../lib/listReturn';
import { usePageTitle } from '../../lib/pageTitle';
import { toastSuccess } from '../../lib/toast';
import { AttendanceSection } from '../attendance';
import { PayoutsSection } from '../payouts';
import { driversResource, useSetSignIn } from './api';
import { DocumentsSection } from './DriverDocuments';
import { type DriverFormValues, DriverProfileForm, showServerErrors, useLicenceType } from './DriverProfileForm';
import { RatesSection } from './DriverRates';
import { approvalColour, fullName } from './DriversListPage';
import { EndSessionsButton } from './EndSessionsButton';
import { EligibilityBadge, EligibilityReasons } from './eligibility';

const route = getRouteApi('/$companyId/drivers/$driverId');
const updateResolver = zodResolver(driverUpdateSchema) as unknown as Resolver<DriverFormValues, unknown, DriverUpdate>;

/** One driver: approval, whether they can take trips and why not, their profile, documents, hourly rate and attendance. */
export function DriverPage() {
  const { t } = useTranslation();
  const { companyId, driverId } = route.useParams();
  const id = Number(driverId);
  const driver = driversResource.useOne(id);
  const title = driver.data ? fullName(driver.data) : t('drivers.driverTitle');
  usePageTitle(title);
  return (
    <Stack gap="md" maw={1100}>
      <BackToListLink path={`/${companyId}/drivers`} label={t('drivers.backToList')} />
      <RecordState query={driver} notFoundTitle={t('drivers.notFound')}>
        {(current) => <DriverDetails key={current.id} driver={current} companyId={companyId} />}
      </RecordState>
    </Stack>
  );
}

function DriverDetails({ driver, companyId }: { driver: Driver; companyId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = driversResource.useUpdate(driver.id);
  const setStatus = driversResource.useSetStatus();
  const remove = driversResource.useDelete();
  const signIn = useSetSignIn(driver);
  const toasts = useFormToasts();
  const [deleting, setDeleting] = useState(false);
  const [askSignIn, setAskSignIn] = useState<0 | 1 | null>(null);
  const name = fullName(driver);
  // Only what the role may do is offered (the API refuses the rest anyway).
  const can = useCan();
  const canCall = useCanCall();
  const licenceType = useLicenceType();

  const approve = (approve_status: 'approved' | 'rejected') =>
    update.mutate(
      { approve_status },
      {
        onSuccess: () => toastSuccess(t(`drivers.toast.${approve_status}`, { name })),
        onError: (error) => toasts.error(error),
      },
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={6} className="ps-wrap">
          <Title order={1} size="h2">
            {name}
          </Title>
          <Group gap="xs">
            <Badge color={approvalColour[driver.approve_status]} variant="dot" size="lg" tt="none" miw="max-content">
              {t(`drivers.approval.${driver.approve_status}`)}
            </Badge>
            <EligibilityBadge driver={driver} />
          </Group>
        </Stack>
        <Group gap="sm">
          {driver.approve_status !== 'approved' && can('drivers.update') ? (
            <Button
              leftSection={<IconCheck size={18} aria-hidden />}
              onClick={() => approve('approved')}
              loading={update.isPending}
              className="ps-primary-action"
            >
              {t('drivers.approve')}
            </Button>
          ) : null}
          {driver.approve_status !== 'rejected' && can('drivers.update') ? (
            <Button
              leftSection={<IconX size={18} aria-hidden />}
              variant="default"
              onClick={() => approve('rejected')}
              disabled={update.isPending}
              className="ps-primary-action"
            >
              {t('drivers.reject')}
            </Button>
          ) : null}
          {can('drivers.delete') ? (
            <Button
              leftSection={<IconTrash size={18} aria-hidden />}
              variant="outline"
              color="red.9"
              onClick={() => setDeleting(true)}
              className="ps-primary-action"
            >
              {t('drivers.deleteButton')}
            </Button>
          ) : null}
        </Group>
      </Group>

      <Section title={t('drivers.sections.trips')} id="driver-trips">
        <Stack gap="sm">
          <EligibilityReasons driver={driver} />
          <Group gap="xl">
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                {t('drivers.fields.status')}
              </Text>
              <StatusSwitch
                permission="drivers.update"
                active={driver.status === 1}
                recordName={name}
                busy={setStatus.isPending}
                onChange={(status) =>
                  setStatus.mutate(
                    { ids: [driver.id], status },
                    { onSuccess: () => toastSuccess(t(status === 1 ? 'drivers.toast.activated' : 'drivers.toast.deactivated', { name })) },
                  )
                }
              />
              <Text size="xs">{t('drivers.statusHint')}</Text>
            </Stack>
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                {t('drivers.fields.admin_status')}
              </Text>
              <Switch
                size="md"
                checked={driver.admin_status === 1}
                aria-label={t('drivers.signInSwitch', { name })}
                label={driver.admin_status === 1 ? t('drivers.signInOn') : t('drivers.signInOff')}
                onChange={(event) => setAskSignIn(event.currentTarget.checked ? 1 : 0)}
                disabled={signIn.isPending || !can('users.update')}
              />
              <Text size="xs">{t('drivers.signInHint')}</Text>
              {driver.admin_status === 1 && can('users.update') ? <EndSessionsButton driver={driver} name={name} /> : null}
            </Stack>
          </Group>
        </Stack>
      </Section>

      {can('drivers.update') ? (
        <Section title={t('drivers.sections.profile')} id="driver-profile">
          <DriverProfileForm<DriverUpdate>
            mode="edit"
            resolver={updateResolver}
            cancelHref={`/${companyId}/drivers`}
            defaultValues={{
              first_name: driver.first_name,
              last_name: driver.last_name,
              email: driver.email ?? '',
              phn_nbr: driver.phn_nbr ?? '',
              licence_number: driver.licence_number ?? '',
              licence_expiry: driver.licence_expiry ?? '',
            }}
            licenceExpiry={driver.licence_expiry}
            submitLabel={t('drivers.form.save')}
            onSubmit={async (values, setError, allowLeave) => {
              try {
                // Where the licence document gives the date, the profile does not send one.
                const saved = await update.mutateAsync(licenceType ? { ...values, licence_expiry: undefined } : values);
                toasts.success(t('drivers.toast.updated', { name: fullName(saved) }));
                allowLeave();
              } catch (error) {
                toasts.error(error);
                showServerErrors(error, setError);
              }
            }}
          />
        </Section>
      ) : null}

      <DocumentsSection driver={driver} />
      {/* Pay rates and payouts are money: finance.view as well, as their calls need. */}
      {canCall(driverRateEndpoints.list) ? <RatesSection driver={driver} /> : null}
      {can('attendance.view') ? <AttendanceSection driverId={driver.id} driverName={name} /> : null}
      {canCall(payoutEndpoints.list) ? <PayoutsSection driver={driver} /> : null}

      <ConfirmDialog
        opened={askSignIn !== null}
        title={t(askSignIn === 1 ? 'drivers.signInOnTitle' : 'drivers.signInOffTitle')}
        body={t(askSignIn === 1 ? 'drivers.signInOnBody' : 'drivers.signInOffBody', { name })}
        confirmLabel={t(askSignIn === 1 ? 'drivers.signInOnConfirm' : 'drivers.signInOffConfirm')}
        busy={signIn.isPending}
        onConfirm={() =>
          askSignIn !== null &&
          signIn.mutate(
            { admin_status: askSignIn },
            {
              onSuccess: () => {
                toastSuccess(t(askSignIn === 1 ? 'drivers.toast.signInOn' : 'drivers.toast.signInOff', { name }));
                setAskSignIn(null);
              },
            },
          )
        }
        onClose={() => setAskSignIn(null)}
      />
      <DeleteDialog
        title={t('drivers.delete.title')}
        recordName={deleting ? name : null}
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(driver.id, {
            onSuccess: async () => {
              toastSuccess(t('drivers.toast.deleted', { name }));
              await navigate(backToList(`/${companyId}/drivers`));
            },
          })
        }
        onClose={() => setDeleting(false)}
      />
    </Stack>
  );
}
