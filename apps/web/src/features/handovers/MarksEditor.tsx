import { ActionIcon, Badge, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { DamageArea, DamageMark } from '@ps/contracts/handovers';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { IconTrash } from '../../components/icons';
import { CarOutline, EARLIER_MARK, NEW_MARK, type OutlineMark } from './CarOutline';

/** A mark being recorded: where, and the note typed for it. */
export interface MarkDraft extends OutlineMark {
  id: string;
  note: string;
}

let markSequence = 0;

/** The legend under an outline that shows both ends' marks: the shapes say which is which, not the colour alone. */
export function MarksLegend() {
  const { t } = useTranslation();
  return (
    <Group gap="md" justify="center" aria-hidden="true">
      <Group gap={6}>
        <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
          <circle cx="8" cy="8" r="7" fill={NEW_MARK} />
        </svg>
        <Text size="sm">{t('handovers.marks.legendNew')}</Text>
      </Group>
      <Group gap={6}>
        <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
          <rect x="3" y="3" width="10" height="10" transform="rotate(45 8 8)" fill={EARLIER_MARK} />
        </svg>
        <Text size="sm">{t('handovers.marks.legendEarlier')}</Text>
      </Group>
    </Group>
  );
}

/**
 * The damage marks of this handover: the car outline to tap (a mark at the spot, its note field focused at once so a
 * tap and a few words record it), and the marks listed below with their notes and a remove button each. At check-out
 * the check-in's marks are drawn too (`earlier`) and listed apart, so a new scratch stands out.
 */
export function MarksEditor({
  marks,
  onChange,
  earlier,
  errors,
}: {
  marks: readonly MarkDraft[];
  onChange: (next: MarkDraft[]) => void;
  earlier?: readonly DamageMark[];
  /** The API's messages by mark (`marks.<n>.note`, ...), by its place in the list. */
  errors: Record<number, string>;
}) {
  const { t } = useTranslation();
  const areaName = (area: DamageArea) => t(`handovers.areas.${area}`);
  const focusNext = useRef<string | null>(null);
  const noteInputs = useRef(new Map<string, HTMLInputElement>());

  useEffect(() => {
    if (!focusNext.current) return;
    noteInputs.current.get(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const add = (mark: OutlineMark) => {
    markSequence += 1;
    const id = `mark-${markSequence}`;
    focusNext.current = id;
    onChange([...marks, { ...mark, id, note: '' }]);
  };

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t('handovers.marks.hint')}
        </Text>
        <CarOutline marks={marks} earlier={earlier} onAdd={add} />
        {earlier && earlier.length > 0 ? <MarksLegend /> : null}
      </Stack>
      <Stack gap="sm">
        {earlier && earlier.length > 0 ? (
          <Stack gap={4}>
            <Text fw={600} size="sm">
              {t('handovers.marks.earlierTitle')}
            </Text>
            <MarksList marks={earlier} testId="earlier-marks" />
          </Stack>
        ) : null}
        <Text fw={600} size="sm">
          {t('handovers.marks.newTitle', { count: marks.length })}
        </Text>
        {marks.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('handovers.marks.none')}
          </Text>
        ) : (
          <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} data-testid="new-marks">
            {marks.map((mark, index) => (
              <Paper component="li" key={mark.id} withBorder radius="sm" p="xs">
                <Group gap="xs" align="flex-end" wrap="nowrap">
                  <Badge circle size="lg" color="red.8" aria-hidden="true">
                    {index + 1}
                  </Badge>
                  <TextInput
                    ref={(element) => {
                      if (element) noteInputs.current.set(mark.id, element);
                      else noteInputs.current.delete(mark.id);
                    }}
                    style={{ flex: 1, minWidth: 0 }}
                    size="lg"
                    label={t('handovers.marks.note', { number: index + 1, area: areaName(mark.area) })}
                    placeholder={t('handovers.marks.notePlaceholder')}
                    value={mark.note}
                    maxLength={200}
                    error={errors[index]}
                    onChange={(event) => {
                      const note = event.currentTarget.value;
                      onChange(marks.map((candidate) => (candidate.id === mark.id ? { ...candidate, note } : candidate)));
                    }}
                  />
                  <ActionIcon
                    size={44}
                    variant="subtle"
                    color="red.8"
                    aria-label={t('handovers.marks.remove', { number: index + 1, area: areaName(mark.area) })}
                    onClick={() => onChange(marks.filter((candidate) => candidate.id !== mark.id))}
                  >
                    <IconTrash size={20} aria-hidden />
                  </ActionIcon>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </SimpleGrid>
  );
}

/** Recorded marks as text: "1. Left side: scratch on the rear door". */
export function MarksList({ marks, testId }: { marks: readonly DamageMark[]; testId?: string }) {
  const { t } = useTranslation();
  if (marks.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('handovers.marks.none')}
      </Text>
    );
  }
  return (
    <Stack component="ol" gap={2} p={0} m={0} style={{ listStyle: 'none' }} data-testid={testId}>
      {marks.map((mark, index) => (
        <Text component="li" size="sm" key={index} className="ps-wrap">
          {t('handovers.marks.line', {
            number: index + 1,
            area: t(`handovers.areas.${mark.area}`),
            note: mark.note || t('handovers.marks.noNote'),
          })}
        </Text>
      ))}
    </Stack>
  );
}
