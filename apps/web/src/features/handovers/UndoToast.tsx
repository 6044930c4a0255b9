import { Button, Group, Text } from '@mantine/core';
import type { Handover } from '@ps/contracts/handovers';
import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { toastApiError } from '../../lib/api';
import { queryKeys } from '../../lib/resource';
import { toastSuccess, toastSuccessWithAction } from '../../lib/toast';
import { handoverKeys, undoHandover } from './api';

/** The toast's words and its Undo button: the button is busy while the undo is sent, then the toast goes. */
function UndoToastBody({ message, label, onUndo }: { message: string; label: string; onUndo: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text size="sm" className="ps-wrap">
        {message}
      </Text>
      <Button
        size="md"
        variant="default"
        className="ps-primary-action"
        // The words wrap, never the button's.
        style={{ flexShrink: 0, whiteSpace: 'nowrap' }}
        loading={busy}
        onClick={() => {
          setBusy(true);
          void onUndo().finally(() => setBusy(false));
        }}
      >
        {label}
      </Button>
    </Group>
  );
}

/**
 * "AB12 CDE checked in. [Undo]": the toast after a handover, its Undo there while the record's window is open
 * (`undo_until`; the booking page offers it too). The toast outlives the screen that recorded the handover (the app
 * goes on to the booking page), so it calls the API and refreshes the booking itself.
 */
export function showUndoToast({
  handover,
  reference,
  queryClient,
  t,
}: {
  handover: Handover;
  reference: string;
  queryClient: QueryClient;
  t: TFunction;
}): void {
  const message = t(`handovers.toast.recorded.${handover.kind}`, { reference });
  if (!handover.undo_until) {
    toastSuccess(message);
    return;
  }
  const openFor = Date.parse(handover.undo_until) - Date.now();
  toastSuccessWithAction(
    (close) => (
      <UndoToastBody
        message={message}
        label={t('handovers.undo.button')}
        onUndo={async () => {
          try {
            await undoHandover(handover.id);
            close();
            toastSuccess(t(`handovers.undo.done.${handover.kind}`, { reference }));
          } catch (error) {
            toastApiError(error);
          } finally {
            await Promise.all([
              queryClient.invalidateQueries({ queryKey: handoverKeys.booking(handover.booking_id) }),
              queryClient.invalidateQueries({ queryKey: queryKeys('bookings').lists() }),
              queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
            ]);
          }
        }}
      />
    ),
    openFor,
  );
}
