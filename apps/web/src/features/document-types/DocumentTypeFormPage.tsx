import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, Title } from '@mantine/core';
import { type DocumentTypeCreate, type DocumentTypeUpdate, documentTypeCreateSchema, documentTypeUpdateSchema } from '@ps/contracts';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BackToListLink } from '../../components/FormKit';
import { RecordState } from '../../components/RecordState';
import { useFormToasts } from '../../lib/forms';
import { backToList } from '../../lib/listReturn';
import { usePageTitle } from '../../lib/pageTitle';
import { documentTypesResource } from './api';
import { DocumentTypeForm, type DocumentTypeFormValues, showServerErrors } from './DocumentTypeForm';

const newRoute = getRouteApi('/$companyId/document-types/new');
const editRoute = getRouteApi('/$companyId/document-types/$documentTypeId/edit');

const createResolver = zodResolver(documentTypeCreateSchema);
const updateResolver = zodResolver(documentTypeUpdateSchema) as unknown as Resolver<DocumentTypeFormValues, unknown, DocumentTypeUpdate>;

export function DocumentTypeCreatePage() {
  const { t } = useTranslation();
  usePageTitle(t('documentTypes.createTitle'));
  const { companyId } = newRoute.useParams();
  const navigate = useNavigate();
  const create = documentTypesResource.useCreate();
  const toasts = useFormToasts();
  return (
    <Stack gap="md" maw={960}>
      <BackToListLink path={`/${companyId}/document-types`} label={t('documentTypes.backToList')} />
      <Title order={1} size="h2">
        {t('documentTypes.createTitle')}
      </Title>
      <DocumentTypeForm<DocumentTypeCreate>
        resolver={createResolver}
        cancelHref={`/${companyId}/document-types`}
        defaultValues={{ name: '', required: false, has_expiry: false, status: 1 }}
        submitLabel={t('documentTypes.form.create')}
        onSubmit={async (values, setError, allowLeave) => {
          try {
            const type = await create.mutateAsync(values);
            toasts.success(t('documentTypes.toast.created', { name: type.name }));
            allowLeave();
            await navigate(backToList(`/${companyId}/document-types`));
          } catch (error) {
            toasts.error(error);
            showServerErrors(error, setError);
          }
        }}
      />
    </Stack>
  );
}

export function DocumentTypeEditPage() {
  const { t } = useTranslation();
  const { companyId, documentTypeId } = editRoute.useParams();
  const id = Number(documentTypeId);
  const navigate = useNavigate();
  const type = documentTypesResource.useOne(id);
  const update = documentTypesResource.useUpdate(id);
  const toasts = useFormToasts();
  const title = type.data ? t('documentTypes.editTitle', { name: type.data.name }) : t('documentTypes.editTitleGeneric');
  usePageTitle(title);
  return (
    <Stack gap="md" maw={960}>
      <BackToListLink path={`/${companyId}/document-types`} label={t('documentTypes.backToList')} />
      <Title order={1} size="h2">
        {title}
      </Title>
      <RecordState query={type} notFoundTitle={t('documentTypes.notFound')}>
        {(current) => (
          <DocumentTypeForm<DocumentTypeUpdate>
            key={current.id}
            resolver={updateResolver}
            cancelHref={`/${companyId}/document-types`}
            defaultValues={{ name: current.name, required: current.required, has_expiry: current.has_expiry, status: current.status }}
            submitLabel={t('documentTypes.form.save')}
            onSubmit={async (values, setError, allowLeave) => {
              try {
                const saved = await update.mutateAsync(values);
                toasts.success(t('documentTypes.toast.updated', { name: saved.name }));
                allowLeave();
                await navigate(backToList(`/${companyId}/document-types`));
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
