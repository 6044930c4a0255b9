import { ActionIcon, Select } from '@mantine/core';
import type { Position } from '@ps/contracts/positions';
import { useTranslation } from 'react-i18next';
import { IconX } from '../../components/icons';
import { useActivePositions } from './api';

/** The positions as a select's groups: one per yard or car park (by name), its positions by name. */
export function positionGroups(positions: readonly Position[]): { group: string; items: { value: string; label: string }[] }[] {
  const byPlace = new Map<string, { value: string; label: string }[]>();
  const sorted = [...positions].sort(
    (a, b) => a.place_name.localeCompare(b.place_name) || a.name.localeCompare(b.name, undefined, { numeric: true }),
  );
  for (const position of sorted) {
    const items = byPlace.get(position.place_name) ?? [];
    items.push({ value: String(position.id), label: position.name });
    byPlace.set(position.place_name, items);
  }
  return [...byPlace].map(([group, items]) => ({ group, items }));
}

/** A choice of the company's active positions, grouped by yard or car park; empty means "none given". */
export function PositionSelect({
  value,
  onChange,
  error,
  label,
  description,
}: {
  value: string | null;
  onChange: (next: string | null) => void;
  error?: string;
  label: string;
  description?: string;
}) {
  const { t } = useTranslation();
  const positions = useActivePositions();
  const rows = positions.data ?? [];
  return (
    <Select
      label={label}
      description={rows.length === 0 && !positions.isLoading ? t('handovers.position.noneYet') : description}
      placeholder={positions.isLoading ? t('app.loading') : t('handovers.position.placeholder')}
      data={positionGroups(rows)}
      value={value}
      onChange={onChange}
      error={error}
      searchable
      size="lg"
      nothingFoundMessage={t('common.nothingFound')}
      // Its own clear button, a 44 px target (the select's is 28 px), in the room of the chevron while a position is chosen.
      rightSection={
        value === null ? undefined : (
          <ActionIcon size={44} variant="subtle" color="gray.8" aria-label={t('handovers.position.clear')} onClick={() => onChange(null)}>
            <IconX size={20} aria-hidden />
          </ActionIcon>
        )
      }
      rightSectionWidth={50}
      rightSectionPointerEvents={value === null ? 'none' : 'all'}
    />
  );
}
