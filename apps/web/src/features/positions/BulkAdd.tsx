import { Alert, Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { PositionKind } from '@ps/contracts/common/handoverStates';
import { positionEndpoints } from '@ps/contracts/positions';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconPlus } from '../../components/icons';
import { keyboardScrollable } from '../../components/ReferenceSelects';
import { ApiError, callEndpoint } from '../../lib/api';
import { useCan } from '../../lib/currentUser';
import { formatNumber } from '../../lib/format';
import { translateMessage } from '../../lib/i18n';
import { toastSuccess } from '../../lib/toast';
import { placeIds, positionsResource, usePlaces } from './api';
import { KindChoice, placeOptions } from './choices';

/** At most this many names at once: a row of a car park, not the whole site by mistake. */
export const MAX_BULK_POSITIONS = 100;

/** "A1" to "A40": the prefix and each number of the range (the numbers as typed: no padding). */
export function bulkNames(prefix: string, from: number, to: number): string[] {
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to < from) return [];
  return Array.from({ length: to - from + 1 }, (_, index) => `${prefix.trim()}${from + index}`);
}

interface Outcome {
  added: string[];
  taken: string[];
  failed: { name: string; message: string }[];
}

/** "Add several": a range of names in one place and of one kind, each added as a position; taken names are reported. */
export function BulkAddButton() {
  const { t } = useTranslation();
  const can = useCan();
  const [opened, setOpened] = useState(false);
  if (!can('positions.create')) return null;
  return (
    <>
      <Button variant="default" size="md" leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setOpened(true)}>
        {t('positions.bulk.open')}
      </Button>
      {opened ? <BulkAddDialog onClose={() => setOpened(false)} /> : null}
    </>
  );
}

function BulkAddDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { places, loading } = usePlaces();
  const [place, setPlace] = useState<string | null>(null);
  const [kind, setKind] = useState<PositionKind>('bay');
  const [prefix, setPrefix] = useState('');
  const [from, setFrom] = useState<number | string>(1);
  const [to, setTo] = useState<number | string>(10);
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const names = bulkNames(prefix, Number(from), Number(to));
  const tooLong = names.some((name) => name.length > 40);
  const rangeError =
    names.length === 0
      ? t('positions.bulk.rangeInvalid')
      : names.length > MAX_BULK_POSITIONS
        ? t('positions.bulk.tooMany', { max: formatNumber(MAX_BULK_POSITIONS) })
        : tooLong
          ? t('positions.bulk.tooLong')
          : null;
  const placeError = tried && !place ? translateMessage('validation.required') : undefined;

  const submit = async () => {
    setTried(true);
    if (!place || rangeError) return;
    setBusy(true);
    const result: Outcome = { added: [], taken: [], failed: [] };
    // One after another: the API answers each name on its own (a taken one is a 409 on that name only).
    for (const name of names) {
      try {
        await callEndpoint(positionEndpoints.add, { body: { ...placeIds(place), kind, name } });
        result.added.push(name);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'name_taken') result.taken.push(name);
        else result.failed.push({ name, message: error instanceof Error ? error.message : String(error) });
        // Anything but a taken name (the connection, a permission) would fail the rest the same way.
        if (!(error instanceof ApiError && error.code === 'name_taken')) break;
      }
    }
    setBusy(false);
    setOutcome(result);
    await queryClient.invalidateQueries({ queryKey: positionsResource.keys.lists() });
    if (result.added.length > 0) toastSuccess(t('positions.bulk.added', { count: result.added.length }));
  };

  return (
    <Modal
      opened
      onClose={busy ? () => undefined : onClose}
      title={t('positions.bulk.title')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { fontWeight: 700 } }}
    >
      <Stack gap="md">
        <Text size="sm">{t('positions.bulk.intro')}</Text>
        <Select
          label={t('positions.fields.place')}
          placeholder={loading ? t('app.loading') : t('positions.form.choosePlace')}
          required
          searchable
          nothingFoundMessage={t('common.nothingFound')}
          {...keyboardScrollable}
          data={placeOptions(
            places.filter((choice) => choice.active),
            t,
          )}
          value={place}
          onChange={setPlace}
          error={placeError}
        />
        <KindChoice name="bulk-kind" value={kind} onChange={setKind} />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <TextInput
            label={t('positions.bulk.prefix')}
            description={t('positions.bulk.prefixHint')}
            autoComplete="off"
            maxLength={30}
            value={prefix}
            onChange={(event) => setPrefix(event.currentTarget.value)}
          />
          <NumberInput
            label={t('positions.bulk.from')}
            min={0}
            max={99_999}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator={false}
            value={from}
            onChange={setFrom}
          />
          <NumberInput
            label={t('positions.bulk.to')}
            min={0}
            max={99_999}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator={false}
            value={to}
            onChange={setTo}
          />
        </SimpleGrid>
        <Text size="sm" aria-live="polite" c={rangeError ? 'red.8' : undefined} data-testid="bulk-preview">
          {rangeError ??
            t('positions.bulk.preview', {
              count: names.length,
              first: names[0],
              last: names.at(-1),
            })}
        </Text>
        {outcome ? <OutcomeReport outcome={outcome} /> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy} className="ps-primary-action">
            {outcome ? t('common.close') : t('common.cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={busy} className="ps-primary-action">
            {t('positions.bulk.submit', { count: names.length })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** What was added, which names the place already had, and what failed. */
function OutcomeReport({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation();
  return (
    <Alert
      color={outcome.failed.length > 0 ? 'red' : outcome.taken.length > 0 ? 'yellow' : 'teal'}
      variant="light"
      role="status"
      title={t('positions.bulk.added', { count: outcome.added.length })}
      data-testid="bulk-outcome"
    >
      <Stack gap={4}>
        {outcome.taken.length > 0 ? (
          <Text size="sm">{t('positions.bulk.taken', { count: outcome.taken.length, names: outcome.taken.join(', ') })}</Text>
        ) : null}
        {outcome.failed.map((failure) => (
          <Text size="sm" key={failure.name}>
            {t('positions.bulk.failed', { name: failure.name, message: failure.message })}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
