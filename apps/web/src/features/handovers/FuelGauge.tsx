import { Button, Group, Slider, Stack, Text } from '@mantine/core';
import { FUEL_EIGHTHS_MAX } from '@ps/contracts/common/handoverStates';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** "5/8", "Empty (0/8)", "Full (8/8)"; "not recorded" for null. */
export function useFuelText() {
  const { t } = useTranslation();
  return (eighths: number | null) => {
    if (eighths === null) return t('handovers.fuel.none');
    if (eighths === 0) return t('handovers.fuel.empty');
    if (eighths === FUEL_EIGHTHS_MAX) return t('handovers.fuel.full');
    return t('handovers.fuel.eighths', { eighths });
  };
}

/**
 * The fuel gauge in eighths, as the car's own gauge reads: a slider from empty to full whose thumb is a big target, its
 * value written beside the label ("5/8"); arrows, Home and End move it from the keyboard. Not recorded until touched
 * (null), so a gauge nobody looked at is never sent as empty.
 */
export function FuelGauge({ value, onChange, error }: { value: number | null; onChange: (next: number | null) => void; error?: string }) {
  const { t } = useTranslation();
  const text = useFuelText();
  const labelId = useId();
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs" align="baseline">
        <Text id={labelId} fw={500} size="lg">
          {t('handovers.fields.fuel')}
        </Text>
        <Text fw={700} data-testid="fuel-value" aria-live="polite">
          {text(value)}
        </Text>
      </Group>
      <Slider
        min={0}
        max={FUEL_EIGHTHS_MAX}
        step={1}
        value={value ?? 0}
        onChange={onChange}
        label={null}
        size="lg"
        thumbSize={32}
        color={value === null ? 'gray.5' : undefined}
        marks={[
          { value: 0, label: t('handovers.fuel.emptyShort') },
          { value: 4, label: '½' },
          { value: FUEL_EIGHTHS_MAX, label: t('handovers.fuel.fullShort') },
        ]}
        thumbProps={{ 'aria-labelledby': labelId, 'aria-valuetext': text(value) }}
        mx="md"
        mb="lg"
        py="md"
      />
      <Group justify="space-between" gap="xs">
        {error ? (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        ) : (
          <span />
        )}
        {value !== null ? (
          <Button variant="subtle" size="md" className="ps-primary-action" onClick={() => onChange(null)}>
            {t('handovers.fuel.clear')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
