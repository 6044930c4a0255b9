import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Airport } from '@ps/contracts';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../lib/toast';
import { useDeleteAirport } from './api';

/** Asks before deleting. A 409 (the airport is still in use) is toasted by the query client. */
export function DeleteAirportModal({ airport, onClose }: { airport: Airport | null; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteAirport();
  const confirm = () => {
    if (!airport) return;
    remove.mutate(airport.id, {
      onSuccess: () => {
        toastSuccess(t('airports.toast.deleted', { code: airport.iata_code }));
        onClose();
      },
      onError: onClose,
    });
  };
  return (
    <Modal opened={airport !== null} onClose={onClose} title={t('airports.delete.title')} centered>
      <Stack gap="md">
        <Text>{airport ? t('airports.delete.body', { code: airport.iata_code, name: airport.name }) : null}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={remove.isPending}>
            {t('common.cancel')}
          </Button>
          <Button color="red.8" onClick={confirm} loading={remove.isPending}>
            {t('airports.delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
