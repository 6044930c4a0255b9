import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { useCan } from '../../lib/currentUser';
import { toastSuccess } from '../../lib/toast';
import { useRelocate } from './api';
import { placeText } from './HandoverRecord';
import { PositionSelect } from './PositionSelect';

type Field = 'position_id' | 'key_location' | 'note';

/**
 * "Move car": a new position for the car on site, a new place for its key, or both, with an optional note; the move
 * is kept with who, when, from and to (the booking page's list of moves). A bay that holds a car already is refused
 * by the API and said at the position.
 */
export function MoveCarDialog({
  bookingId,
  reference,
  now,
  opened,
  onClose,
}: {
  bookingId: number;
  reference: string;
  now: { position: string | null; place: string | null; key: string | null };
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const relocate = useRelocate(bookingId);
  const can = useCan();
  const [positionId, setPositionId] = useState<string | null>(null);
  const [key, setKey] = useState(now.key ?? '');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!opened) return;
    setPositionId(null);
    setKey(now.key ?? '');
    setNote('');
    setErrors({});
    setProblem(null);
  }, [opened, now.key]);

  const submit = () => {
    const keyChanged = key.trim() !== (now.key ?? '');
    if (positionId === null && !keyChanged) {
      const nothing = t('handovers.move.nothing');
      setErrors(can('positions.view') ? { position_id: nothing } : { key_location: nothing });
      return;
    }
    relocate.mutate(
      {
        ...(positionId === null ? {} : { position_id: Number(positionId) }),
        ...(keyChanged ? { key_location: key.trim() || null } : {}),
        note: note.trim() || null,
      },
      {
        onSuccess: () => {
          toastSuccess(t('handovers.move.done', { reference }));
          onClose();
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) {
            setProblem(t('app.errors.unexpected'));
            return;
          }
          const fields: Partial<Record<Field, string>> = {};
          for (const detail of error.details) {
            if (detail.field === 'position_id' || detail.field === 'key_location' || detail.field === 'note') {
              fields[detail.field] = detail.message || error.message;
            }
          }
          setErrors(fields);
          setProblem(Object.keys(fields).length > 0 ? null : error.message);
        },
      },
    );
  };

  const where = placeText(now.position, now.place);
  return (
    <Modal
      opened={opened}
      onClose={relocate.isPending ? () => undefined : onClose}
      title={t('handovers.move.title', { reference })}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { fontWeight: 700 } }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // The dialog is a portal: React would bubble its submit to a form around the component that opened it.
          event.stopPropagation();
          submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            {t('handovers.move.now', { position: where ?? t('handovers.move.noPosition'), key: now.key ?? t('handovers.move.noKey') })}
          </Text>
          {/* The positions are read only by those who may (a key can be moved without them). */}
          {can('positions.view') ? (
            <PositionSelect
              label={t('handovers.move.to')}
              description={t('handovers.move.toHint')}
              value={positionId}
              onChange={(value) => {
                setPositionId(value);
                setErrors((current) => ({ ...current, position_id: undefined }));
              }}
              error={errors.position_id}
            />
          ) : null}
          <TextInput
            label={t('handovers.fields.key')}
            description={t('handovers.fields.keyHint')}
            value={key}
            maxLength={40}
            size="lg"
            onChange={(event) => {
              setKey(event.currentTarget.value);
              setErrors((current) => ({ ...current, key_location: undefined, position_id: undefined }));
            }}
            error={errors.key_location}
          />
          <Textarea
            label={t('handovers.move.note')}
            value={note}
            maxLength={200}
            autosize
            minRows={2}
            size="lg"
            onChange={(event) => setNote(event.currentTarget.value)}
            error={errors.note}
          />
          {problem ? (
            <Alert color="red" variant="light" role="alert" p="sm">
              {problem}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" size="md" className="ps-primary-action" onClick={onClose} disabled={relocate.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" size="md" className="ps-primary-action" loading={relocate.isPending}>
              {t('handovers.move.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
