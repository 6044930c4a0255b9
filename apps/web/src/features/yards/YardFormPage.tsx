import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, Title } from '@mantine/core';
import { type YardCreate, type YardUpdate, yardCreateSchema, yardUpdateSchema } from '@ps/contracts';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BackToListLink } from '../../components/FormKit';
import { RecordState } from '../../components/RecordState';
import { useFormToasts } from '../../lib/forms';
import { backToList } from '../../lib/listReturn';
import { usePageTitle } from '../../lib/pageTitle';
import { yardsResource } from './api';
import { showServerErrors, YardForm, type YardFormValues } from './YardForm';

const newRoute = getRouteApi('/$companyId/yards/new');
const editRoute = getRouteApi('/$companyId/yards/$yardId/edit');

const createResolver = zodResolver(yardCreateSchema);
const updateResolver = zodResolver(yardUpdateSchema) as unknown as Resolver<YardFormValues, unknown, YardUpdate>;

export function YardCreatePage() {
  const { t } = useTranslation();
  usePageTitle(t('yards.createTitle'));
  const { companyId } = newRoute.useParams();
  const navigate = useNavigate();
  const create = yardsResource.useCreate();
  const toasts = useFormToasts();
  return (
    <Stack gap="md" maw={960}>
      <BackToListLink path={`/${companyId}/yards`} label={t('yards.backToList')} />
      <Title order={1} size="h2">
        {t('yards.createTitle')}
      </Title>
      <YardForm<YardCreate>
        resolver={createResolver}
        cancelHref={`/${companyId}/yards`}
        defaultValues={{ name: '', address: '', capacity: 0, status: 1 }}
        submitLabel={t('yards.form.create')}
        onSubmit={async (values, setError, allowLeave) => {
          try {
            const yard = await create.mutateAsync(values);
            toasts.success(t('yards.toast.created', { name: yard.name }));
            allowLeave();
            await navigate(backToList(`/${companyId}/yards`));
          } catch (error) {
            toasts.error(error);
            showServerErrors(error, setError);
          }
        }}
      />
    </Stack>
  );
}

export function YardEditPage() {
  const { t } = useTranslation();
  const { companyId, yardId } = editRoute.useParams();
  const id = Number(yardId);
  const navigate = useNavigate();
  const yard = yardsResource.useOne(id);
  const update = yardsResource.useUpdate(id);
  const toasts = useFormToasts();
  const title = yard.data ? t('yards.editTitle', { name: yard.data.name }) : t('yards.editTitleGeneric');
  usePageTitle(title);
  return (
    <Stack gap="md" maw={960}>
      <BackToListLink path={`/${companyId}/yards`} label={t('yards.backToList')} />
      <Title order={1} size="h2">
        {title}
      </Title>
      <RecordState query={yard} notFoundTitle={t('yards.notFound')}>
        {(current) => (
          <YardForm<YardUpdate>
            key={current.id}
            resolver={updateResolver}
            cancelHref={`/${companyId}/yards`}
            defaultValues={{ name: current.name, address: current.address ?? '', capacity: current.capacity, status: current.status }}
            submitLabel={t('yards.form.save')}
            onSubmit={async (values, setError, allowLeave) => {
              try {
                const saved = await update.mutateAsync(values);
                toasts.success(t('yards.toast.updated', { name: saved.name }));
                allowLeave();
                await navigate(backToList(`/${companyId}/yards`));
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
