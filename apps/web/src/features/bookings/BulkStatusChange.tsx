import { Alert, Button, Group, List, Paper, Select, Text } from '@mantine/core';
import type { Booking } from '@ps/contracts';
import { type BookingStatus, bookingStatuses } from '@ps/contracts/common/bookingStates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { keyboardScrollable } from '../../components/ReferenceSelects';
import { ApiError } from '../../lib/api';
import { toastSuccess } from '../../lib/toast';
import { type BulkStatusResult, useBulkStatus } from './api';

function refusalText(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

/**
 * "3 selected: move to [status] · Apply": one status update per booking, then how many changed, how many were
 * refused and why (a refused move names both statuses).
 */
/** The selected bookings moved to one status together, asked first; what was refused is listed by reference. */
export function BulkStatusChange({ selected, onDone }: { selected: Booking[]; onDone: () => void }) {
  const { t } = useTranslation();
  const bulk = useBulkStatus();
  const [target, setTarget] = useState<BookingStatus | null>(null);
  const [asking, setAsking] = useState(false);
  const [outcome, setOutcome] = useState<BulkStatusResult | null>(null);

  const apply = async () => {
    if (!target) return;
    const result = await bulk.mutateAsync({ bookings: selected, status: target });
    setAsking(false);
    setOutcome(result.refused.length > 0 ? result : null);
    if (result.changed.length > 0) toastSuccess(t('bookings.bulk.changed', { count: result.changed.length }));
    onDone();
  };

  return (
    <>
      {outcome ? (
        <Alert
          color="orange"
          variant="light"
          role="alert"
          title={t('bookings.bulk.summary', {
            changed: t('bookings.bulk.changedCount', { count: outcome.changed.length }),
            refused: t('bookings.bulk.refusedCount', { count: outcome.refused.length }),
          })}
          withCloseButton
          closeButtonLabel={t('common.close')}
          onClose={() => setOutcome(null)}
        >
          <List size="sm" spacing={4}>
            {outcome.refused.map(({ booking, error }) => (
              <List.Item key={booking.id}>
                <Text span fw={700} ff="monospace" c="blue.9">
                  {booking.reference}
                </Text>
                : {refusalText(error, t('app.errors.unexpected'))}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {selected.length > 0 ? (
        <Paper withBorder radius="md" p="sm" role="region" aria-label={t('bookings.bulk.region')}>
          <Group gap="sm" justify="space-between" wrap="wrap" align="flex-end">
            <Text fw={600}>{t('kit.bulk.selected', { count: selected.length })}</Text>
            <Group gap="sm" wrap="wrap" align="flex-end">
              <Select
                {...keyboardScrollable}
                size="md"
                label={t('bookings.bulk.moveTo')}
                placeholder={t('bookings.bulk.chooseStatus')}
                data={bookingStatuses.map((status) => ({ value: status, label: t(`bookings.statuses.${status}`) }))}
                value={target}
                onChange={(value) => setTarget((value as BookingStatus | null) ?? null)}
              />
              <Button size="md" disabled={!target} onClick={() => setAsking(true)}>
                {t('bookings.bulk.apply')}
              </Button>
              <Button size="md" variant="subtle" onClick={onDone}>
                {t('kit.bulk.clear')}
              </Button>
            </Group>
          </Group>
        </Paper>
      ) : null}
      <ConfirmDialog
        opened={asking && target !== null}
        title={t('bookings.bulk.confirmTitle')}
        body={t('bookings.bulk.confirm', { count: selected.length, status: target ? t(`bookings.statuses.${target}`) : '' })}
        confirmLabel={t('bookings.bulk.apply')}
        busy={bulk.isPending}
        onConfirm={() => void apply()}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
