import { Alert, Button, Checkbox, Group, Modal, Select, Stack, Text } from '@mantine/core';
import type { Location } from '@ps/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keyboardScrollable } from '../../components/ReferenceSelects';
import { ApiError } from '../../lib/api';
import { translateMessage } from '../../lib/i18n';
import { toastSuccess } from '../../lib/toast';
import { useCopySeason } from './api';

/**
 * "Copy season to another route": every price of the route on screen goes to the route chosen here, in one
 * action. The other route's prices for the same band and month are kept (the server says which, 409) unless
 * "replace" is ticked.
 */
export function CopySeasonDialog({
  opened,
  onClose,
  airportId,
  from,
  fromName,
  locations,
}: {
  opened: boolean;
  onClose: () => void;
  airportId: number;
  from: { departure_id: number; arrival_id: number };
  fromName: string;
  locations: Location[];
}) {
  const { t } = useTranslation();
  const copy = useCopySeason();
  const [departure, setDeparture] = useState<number | null>(null);
  const [arrival, setArrival] = useState<number | null>(null);
  const [replace, setReplace] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (!opened) return;
    setDeparture(null);
    setArrival(null);
    setReplace(false);
    setProblem(null);
    setFieldErrors({});
  }, [opened]);

  const options = locations.map((location) => ({ value: String(location.id), label: location.name }));
  const required = t('validation.required');

  const submit = async () => {
    setProblem(null);
    const missing: Record<string, string> = {};
    if (departure === null) missing['to.departure_id'] = required;
    if (arrival === null) missing['to.arrival_id'] = required;
    setFieldErrors(missing);
    if (departure === null || arrival === null) return;
    try {
      const result = await copy.mutateAsync({ airport_id: airportId, from, to: { departure_id: departure, arrival_id: arrival }, replace });
      toastSuccess(
        result.copied === 0 ? t('prices.copy.nothing') : t('prices.copy.done', { count: result.copied, replaced: result.replaced }),
      );
      onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        const fields: Record<string, string> = {};
        for (const detail of error.details) fields[detail.field] = translateMessage(detail.code) ?? detail.message;
        setFieldErrors(fields);
        setProblem(error.message);
      } else setProblem(t('app.errors.unexpected'));
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={copy.isPending ? () => undefined : onClose}
      title={t('prices.copy.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { fontWeight: 700 } }}
    >
      <Stack gap="md">
        <Text size="sm">{t('prices.copy.body', { route: fromName })}</Text>
        <Select
          label={t('prices.copy.toDeparture')}
          placeholder={t('prices.grid.chooseLocation')}
          searchable
          required
          comboboxProps={{ withinPortal: true }}
          {...keyboardScrollable}
          data={options}
          value={departure === null ? null : String(departure)}
          onChange={(value) => {
            const id = value ? Number(value) : null;
            setDeparture(id);
            if (arrival === null) setArrival(id);
          }}
          error={fieldErrors['to.departure_id'] ?? fieldErrors.to}
        />
        <Select
          label={t('prices.copy.toArrival')}
          placeholder={t('prices.grid.chooseLocation')}
          searchable
          required
          {...keyboardScrollable}
          data={options}
          value={arrival === null ? null : String(arrival)}
          onChange={(value) => setArrival(value ? Number(value) : null)}
          error={fieldErrors['to.arrival_id']}
        />
        <Checkbox
          label={t('prices.copy.replace')}
          description={t('prices.copy.replaceHint')}
          checked={replace}
          onChange={(event) => setReplace(event.currentTarget.checked)}
        />
        {problem ? (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={copy.isPending} className="ps-primary-action">
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={copy.isPending} className="ps-primary-action">
            {t('prices.copy.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
