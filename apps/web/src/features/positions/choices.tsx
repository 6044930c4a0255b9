import { Group, Radio } from '@mantine/core';
import type { PositionKind } from '@ps/contracts/common/handoverStates';
import { type Position, positionKinds } from '@ps/contracts/positions';
import { useTranslation } from 'react-i18next';
import type { Place } from './api';

// The choices the position form and the "add several" dialog share.

/** The place's kind in words: "Yard" or "Car park". */
export const placeKindKey = (position: Pick<Position, 'yard_id'>) =>
  position.yard_id ? 'positions.placeKinds.yard' : 'positions.placeKinds.car_park';

/** The places as a select's groups: yards, then car parks (inactive ones said so). */
export function placeOptions(places: Place[], t: (key: string) => string) {
  const label = (place: Place) => (place.active ? place.name : `${place.name} (${t('status.inactive')})`);
  const group = (kind: Place['kind'], title: string) => ({
    group: title,
    items: places
      .filter((place) => place.kind === kind)
      .map((place) => ({ value: kind === 'yard' ? `yard:${place.id}` : `location:${place.id}`, label: label(place) })),
  });
  return [group('yard', t('positions.placeKinds.yards')), group('car_park', t('positions.placeKinds.car_parks'))].filter(
    (entry) => entry.items.length > 0,
  );
}

/** The kind as three choices, each with what it holds. */
export function KindChoice({
  value,
  onChange,
  error,
  name,
}: {
  value: PositionKind | undefined;
  onChange: (kind: PositionKind) => void;
  error?: string | undefined;
  name: string;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      label={t('positions.fields.kind')}
      description={t('positions.form.kindHint')}
      required
      name={name}
      value={value ?? 'bay'}
      onChange={(next) => onChange(positionKinds.find((kind) => kind === next) ?? 'bay')}
      error={error}
    >
      <Group gap="lg" mt={6}>
        {positionKinds.map((kind) => (
          <Radio key={kind} size="md" value={kind} label={t(`positions.kinds.${kind}`)} description={t(`positions.kindHints.${kind}`)} />
        ))}
      </Group>
    </Radio.Group>
  );
}
