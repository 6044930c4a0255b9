import {
  ActionIcon,
  Badge,
  Button,
  FileInput,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import type { Driver, DriverDocument } from '@ps/contracts';
import { MAX_UPLOAD_BYTES } from '@ps/contracts/common/driverStates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../components/ConfirmDialog';
import { IconDownload, IconTrash } from '../../components/icons';
import { useCardLayout } from '../../components/ListKit';
import { Section } from '../../components/Section';
import { ApiError, toastApiError } from '../../lib/api';
import { useCan } from '../../lib/currentUser';
import { formatDateTime, formatDay } from '../../lib/format';
import { translateMessage } from '../../lib/i18n';
import { toastSuccess } from '../../lib/toast';
import { downloadDocument, useDeleteDocument, useDocumentTypes, useDriverDocuments, useUploadDocument } from './api';

type Field = 'document_type_id' | 'expiry_date' | 'file';
type FieldErrors = Partial<Record<Field, string>>;

/** Where the server's refusal of an upload belongs on the form. */
const fieldOfCode: Record<string, Field> = {
  file_missing: 'file',
  file_type_not_allowed: 'file',
  file_name_invalid: 'file',
  payload_too_large: 'file',
  unsupported_media_type: 'file',
  document_expiry_required: 'expiry_date',
};

function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const errors: FieldErrors = {};
  const byCode = error.code ? fieldOfCode[error.code] : undefined;
  if (byCode) errors[byCode] = error.message;
  for (const detail of error.details) {
    if (detail.field === 'document_type_id' || detail.field === 'expiry_date' || detail.field === 'file') {
      const known = translateMessage(detail.code);
      errors[detail.field] = known && known !== detail.code ? known : detail.message;
    }
  }
  return errors;
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`;

/** The driver's documents: upload one (PDF, JPEG or PNG, up to 10 MB), download or delete each. */
export function DocumentsSection({ driver }: { driver: Driver }) {
  const { t } = useTranslation();
  const cards = useCardLayout();
  const types = useDocumentTypes();
  const documents = useDriverDocuments(driver.id);
  const upload = useUploadDocument(driver.id);
  const remove = useDeleteDocument(driver.id);
  const [typeId, setTypeId] = useState<string | null>(null);
  const [expiry, setExpiry] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [toDelete, setToDelete] = useState<DriverDocument | null>(null);
  const chosenType = types.data?.find((type) => String(type.id) === typeId);

  const submit = () => {
    const problems: FieldErrors = {};
    if (!chosenType) problems.document_type_id = t('validation.required');
    if (chosenType?.has_expiry && !expiry) problems.expiry_date = t('drivers.documents.expiryRequired');
    if (!file) problems.file = t('drivers.documents.fileRequired');
    else if (file.size > MAX_UPLOAD_BYTES) problems.file = t('drivers.documents.tooLarge');
    setErrors(problems);
    if (Object.keys(problems).length > 0 || !chosenType || !file) return;
    upload.mutate(
      { documentTypeId: chosenType.id, expiryDate: expiry || null, file },
      {
        onSuccess: (saved) => {
          toastSuccess(t('drivers.documents.uploaded', { name: saved.document_type_name }));
          setTypeId(null);
          setExpiry('');
          setFile(null);
        },
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          setErrors(fields);
          if (Object.keys(fields).length === 0) toastApiError(error);
        },
      },
    );
  };

  const rows = documents.data ?? [];
  const can = useCan();
  const download = (document: DriverDocument) => void downloadDocument(driver.id, document).catch(toastApiError);
  const actions = (document: DriverDocument) => (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label={t('drivers.documents.download', { name: document.file_name })}
        onClick={() => download(document)}
      >
        <IconDownload size={20} aria-hidden />
      </ActionIcon>
      {can('drivers.update') ? (
        <ActionIcon
          variant="subtle"
          color="red.8"
          size="lg"
          aria-label={t('drivers.documents.deleteOne', { name: document.file_name })}
          onClick={() => setToDelete(document)}
        >
          <IconTrash size={20} aria-hidden />
        </ActionIcon>
      ) : null}
    </Group>
  );
  const expiryText = (document: DriverDocument) =>
    document.expiry_date === null ? (
      t('drivers.documents.noExpiry')
    ) : (
      <Group gap={6} wrap="nowrap">
        <Text size="sm">{formatDay(document.expiry_date)}</Text>
        {document.expired ? (
          <Badge color="red.9" variant="dot" size="lg" tt="none" miw="max-content">
            {t('drivers.documents.expired')}
          </Badge>
        ) : null}
      </Group>
    );

  return (
    <Section title={t('drivers.sections.documents')} id="driver-documents">
      <Stack gap="md">
        {rows.length === 0 ? (
          <Text size="sm">{documents.isPending ? t('app.loading') : t('drivers.documents.none')}</Text>
        ) : cards ? (
          <Stack gap="sm">
            {rows.map((document) => (
              <Stack key={document.id} gap={2} p="sm" style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 8 }}>
                <Text fw={700}>{document.document_type_name}</Text>
                <Text size="sm" className="ps-wrap">
                  {document.file_name} · {sizeText(document.size_bytes)}
                </Text>
                {expiryText(document)}
                {actions(document)}
              </Stack>
            ))}
          </Stack>
        ) : (
          <Table striped withTableBorder verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('drivers.documents.type')}</Table.Th>
                <Table.Th>{t('drivers.documents.file')}</Table.Th>
                <Table.Th>{t('drivers.documents.expiry')}</Table.Th>
                <Table.Th>{t('drivers.documents.uploadedAt')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('drivers.documents.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((document) => (
                <Table.Tr key={document.id}>
                  <Table.Td>{document.document_type_name}</Table.Td>
                  <Table.Td className="ps-wrap">
                    {document.file_name} · {sizeText(document.size_bytes)}
                  </Table.Td>
                  <Table.Td>{expiryText(document)}</Table.Td>
                  <Table.Td>{formatDateTime(document.created_at)}</Table.Td>
                  <Table.Td>{actions(document)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}

        {can('drivers.update') ? (
          <form
            noValidate
            aria-labelledby="driver-upload"
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <Stack gap="sm">
              <Text fw={700} id="driver-upload">
                {t('drivers.documents.uploadTitle')}
              </Text>
              <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
                <Select
                  label={t('drivers.documents.type')}
                  placeholder={t('drivers.documents.typePlaceholder')}
                  required
                  data={(types.data ?? []).map((type) => ({
                    value: String(type.id),
                    label: type.required ? t('drivers.documents.requiredType', { name: type.name }) : type.name,
                  }))}
                  value={typeId}
                  onChange={setTypeId}
                  allowDeselect={false}
                  nothingFoundMessage={t('drivers.documents.noTypes')}
                  error={errors.document_type_id}
                />
                <TextInput
                  label={t('drivers.documents.expiry')}
                  type="date"
                  required={chosenType?.has_expiry ?? false}
                  value={expiry}
                  onChange={(event) => setExpiry(event.currentTarget.value)}
                  error={errors.expiry_date}
                />
                <FileInput
                  label={t('drivers.documents.file')}
                  description={t('drivers.documents.fileHint')}
                  placeholder={t('drivers.documents.filePlaceholder')}
                  // The placeholder is text in a button here (axe checks its contrast): the theme's grey is too light.
                  styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
                  required
                  accept="application/pdf,image/jpeg,image/png"
                  value={file}
                  onChange={setFile}
                  clearable
                  error={errors.file}
                />
              </SimpleGrid>
              <Group justify="flex-end">
                <Button type="submit" loading={upload.isPending} className="ps-primary-action">
                  {t('drivers.documents.upload')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : null}
      </Stack>
      <DeleteDialog
        title={t('drivers.documents.deleteTitle')}
        recordName={toDelete ? `${toDelete.document_type_name}: ${toDelete.file_name}` : null}
        busy={remove.isPending}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete.id, {
            onSuccess: () => {
              toastSuccess(t('drivers.documents.deleted', { name: toDelete.file_name }));
              setToDelete(null);
            },
          })
        }
        onClose={() => setToDelete(null)}
      />
    </Section>
  );
}
