import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, Title } from '@mantine/core';
import { type CompanyCreate, type CompanyUpdate, companyCreateSchema, companyUpdateSchema } from '@ps/contracts';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BackToListLink } from '../../components/FormKit';
import { RecordState } from '../../components/RecordState';
import { useFormToasts } from '../../lib/forms';
import { backToList } from '../../lib/listReturn';
import { usePageTitle } from '../../lib/pageTitle';
import { companiesResource } from './api';
import { CompanyForm, type CompanyFormValues, showServerErrors } from './CompanyForm';

const editRoute = getRouteApi('/org/companies/$companyId/edit');

const createResolver = zodResolver(companyCreateSchema) as unknown as Resolver<CompanyFormValues, unknown, CompanyCreate>;
// The edit form shows every field but the first admin, so the partial update schema checks the same values.
const updateResolver = zodResolver(companyUpdateSchema) as unknown as Resolver<CompanyFormValues, unknown, CompanyUpdate>;

export function CompanyCreatePage() {
  const { t } = useTranslation();
  usePageTitle(t('companies.createTitle'));
  const navigate = useNavigate();
  const create = companiesResource.useCreate();
  const toasts = useFormToasts();

  return (
    <Stack gap="md" maw={1040}>
      <BackToListLink path={'/org/companies'} label={t('companies.backToList')} />
      <Title order={1} size="h2">
        {t('companies.createTitle')}
      </Title>
      <CompanyForm<CompanyCreate>
        resolver={createResolver}
        defaultValues={{
          name: '',
          contact_email: '',
          time_zone: 'Europe/London',
          currency: 'GBP',
          status: 1,
          partner_ids: [],
          admin: { name: '', email: '', temporary_password: '' },
        }}
        submitLabel={t('companies.form.create')}
        onSubmit={async (values, setError, allowLeave) => {
          try {
            const company = await create.mutateAsync(values);
            toasts.success(t('companies.toast.created', { name: company.name }));
            allowLeave();
            await navigate(backToList('/org/companies'));
          } catch (error) {
            toasts.error(error);
            showServerErrors(error, setError);
          }
        }}
      />
    </Stack>
  );
}

export function CompanyEditPage() {
  const { t } = useTranslation();
  const { companyId } = editRoute.useParams();
  const id = Number(companyId);
  const navigate = useNavigate();
  const company = companiesResource.useOne(id);
  const update = companiesResource.useUpdate(id);
  const toasts = useFormToasts();
  const title = company.data ? t('companies.editTitle', { name: company.data.name }) : t('companies.editTitleGeneric');
  usePageTitle(title);

  const body = (
    <RecordState query={company} notFoundTitle={t('companies.notFound')}>
      {(current) => (
        <CompanyForm<CompanyUpdate>
          key={current.id}
          resolver={updateResolver}
          companyId={current.id}
          clientKey={current.client_key}
          defaultValues={{
            name: current.name,
            contact_email: current.contact_email ?? '',
            contact_phone: current.contact_phone,
            address: current.address,
            country_id: current.country_id,
            time_zone: current.time_zone,
            currency: current.currency,
            status: current.status,
            partner_ids: current.partner_ids,
          }}
          submitLabel={t('companies.form.save')}
          onSubmit={async (values, setError, allowLeave) => {
            try {
              const saved = await update.mutateAsync(values);
              toasts.success(t('companies.toast.updated', { name: saved.name }));
              allowLeave();
              await navigate(backToList('/org/companies'));
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
    <Stack gap="md" maw={1040}>
      <BackToListLink path={'/org/companies'} label={t('companies.backToList')} />
      <Title order={1} size="h2">
        {title}
      </Title>
      {body}
    </Stack>
  );
}
