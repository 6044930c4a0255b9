import { Badge, Box, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Handover, HandoverKind } from '@ps/contracts/handovers';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Facts } from '../../components/Section';
import { formatDateTime, formatNumber } from '../../lib/format';
import { CarOutline } from './CarOutline';
import { useFuelText } from './FuelGauge';
import { PhotoThumbnails, StoredImage } from './HandoverImages';
import { MarksList } from './MarksEditor';

/** A check-in and a check-out told apart by colour and by word (AA for white text). */
export const kindColors: Record<HandoverKind, string> = { check_in: 'teal.9', check_out: 'grape.8' };

export function KindBadge({ kind }: { kind: HandoverKind }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={kindColors[kind]}
      variant="filled"
      tt="none"
      size="md"
      styles={{ root: { height: 'auto' }, label: { whiteSpace: 'normal' } }}
    >
      {t(`handovers.kinds.${kind}`)}
    </Badge>
  );
}

/** "A1 · North yard", the position alone, or the key alone: where the car and key were. */
export function placeText(position: string | null, place: string | null): string | null {
  if (!position) return null;
  return place ? `${position} · ${place}` : position;
}

/**
 * One handover as recorded: when and by whom, mileage, fuel, where the car and key went, the damage marks on the
 * outline and as text, the photos (thumbnails that open large), the customer's signature or typed name, the note;
 * undone ones say by whom. `actions` holds its Undo while that is open.
 */
export function HandoverRecord({
  handover,
  timeZone,
  actions,
  outline = true,
}: {
  handover: Handover;
  timeZone: string;
  actions?: ReactNode;
  /** Its marks drawn on a small outline too; off where a large outline shows them already (the check-out screen). */
  outline?: boolean;
}) {
  const { t } = useTranslation();
  const fuel = useFuelText();
  const kindWord = t(`handovers.kinds.${handover.kind}`);
  const undone = handover.undone_at !== null;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="handover-record" data-kind={handover.kind} data-undone={undone || undefined}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2} miw={0}>
            <Group gap="xs">
              <KindBadge kind={handover.kind} />
              <Text fw={600} td={undone ? 'line-through' : undefined}>
                {formatDateTime(handover.recorded_at, timeZone)}
              </Text>
            </Group>
            <Text size="sm" c="dimmed" className="ps-wrap">
              {t('handovers.record.by', { who: handover.recorded_by_name ?? t('handovers.record.someone') })}
            </Text>
            {undone ? (
              <Text size="sm" c="red.8" fw={600} data-testid="handover-undone">
                {t('handovers.record.undone', {
                  who: handover.undone_by_name ?? t('handovers.record.someone'),
                  when: formatDateTime(handover.undone_at as string, timeZone),
                })}
              </Text>
            ) : null}
          </Stack>
          {actions}
        </Group>
        <Facts
          rows={[
            { label: t('handovers.fields.mileage'), value: handover.mileage === null ? null : formatNumber(handover.mileage) },
            { label: t('handovers.fields.fuel'), value: fuel(handover.fuel_eighths) },
            { label: t('handovers.fields.position'), value: placeText(handover.position_name, handover.place_name) },
            { label: t('handovers.fields.key'), value: handover.key_location },
          ]}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              {t('handovers.fields.marks')}
            </Text>
            <MarksList marks={handover.marks} testId="record-marks" />
          </Stack>
          {outline && handover.marks.length > 0 ? (
            <Box maw={160}>
              <CarOutline marks={handover.marks} maxWidth={160} />
            </Box>
          ) : null}
        </SimpleGrid>
        {handover.photos.length > 0 ? (
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              {t('handovers.fields.photos')}
            </Text>
            <PhotoThumbnails photos={handover.photos} label={t('handovers.photos.setOf', { kind: kindWord })} />
          </Stack>
        ) : null}
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {t('handovers.fields.acknowledgement')}
          </Text>
          {handover.signature ? (
            <Box maw={240} style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}>
              <StoredImage
                file={handover.signature}
                alt={t('handovers.record.signatureAlt', { kind: kindWord })}
                className="ps-signature-image"
              />
            </Box>
          ) : null}
          {handover.signed_name ? (
            <Text size="sm" className="ps-wrap" data-testid="handover-signed-name">
              {t('handovers.record.signedName', { name: handover.signed_name })}
            </Text>
          ) : null}
          {!handover.signature && !handover.signed_name ? (
            <Text size="sm" c="dimmed">
              {t('handovers.record.notAcknowledged')}
            </Text>
          ) : null}
        </Stack>
        {handover.note ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} className="ps-wrap">
            <Text span fw={600} size="sm">
              {t('handovers.fields.note')}:{' '}
            </Text>
            {handover.note}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
