import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** What will happen, naming the record. */
  body: ReactNode;
  confirmLabel: string;
  /** `danger` for what cannot be undone (delete). */
  tone?: 'danger' | 'default';
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks before doing something: a delete, a status change, leaving unsaved changes. The close button has a
 * name (axe: critical without one), Escape and Cancel close, and the confirming button is a 44 px target.
 */
export function ConfirmDialog({
  opened,
  title,
  body,
  confirmLabel,
  tone = 'default',
  busy = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={busy ? () => undefined : onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { fontWeight: 700 } }}
    >
      <Stack gap="md">
        {typeof body === 'string' ? <Text>{body}</Text> : body}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy} className="ps-primary-action">
            {t('common.cancel')}
          </Button>
          <Button
            color={tone === 'danger' ? 'red.8' : undefined}
            onClick={onConfirm}
            loading={busy}
            className="ps-primary-action"
            data-autofocus
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The generic delete confirmation: "Delete LHR – London Heathrow? This cannot be undone." */
export function DeleteDialog({
  recordName,
  title,
  busy,
  onConfirm,
  onClose,
}: {
  /** The record as the user knows it; null keeps the dialog closed. */
  recordName: string | null;
  title: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      opened={recordName !== null}
      title={title}
      body={recordName ? t('kit.delete.body', { name: recordName }) : ''}
      confirmLabel={t('kit.delete.confirm')}
      tone="danger"
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}

/** Shown when an unsaved form is left through the app (a link, Cancel, back). */
export function UnsavedChangesDialog({ blocked, onStay, onLeave }: { blocked: boolean; onStay: () => void; onLeave: () => void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      opened={blocked}
      title={t('kit.unsaved.title')}
      body={t('kit.unsaved.body')}
      confirmLabel={t('kit.unsaved.leave')}
      tone="danger"
      onConfirm={onLeave}
      onClose={onStay}
    />
  );
}
