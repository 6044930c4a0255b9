import { ActionIcon, Button, Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconChevronLeft, IconChevronRight } from '../../components/icons';
import { addDays, isDay } from './time';

/** The day a screen shows: the day before, a date field, the day after, and back to today. */
export function DayNavigator({ day, today, onChange }: { day: string; today: string; onChange: (day: string) => void }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <ActionIcon variant="default" size={42} onClick={() => onChange(addDays(day, -1))} aria-label={t('dispatch.day.previous')}>
        <IconChevronLeft size={20} aria-hidden />
      </ActionIcon>
      <TextInput
        type="date"
        size="md"
        label={t('dispatch.day.label')}
        value={day}
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (isDay(value)) onChange(value);
        }}
        style={{ flex: '0 1 200px' }}
      />
      <ActionIcon variant="default" size={42} onClick={() => onChange(addDays(day, 1))} aria-label={t('dispatch.day.next')}>
        <IconChevronRight size={20} aria-hidden />
      </ActionIcon>
      {day !== today ? (
        <Button variant="light" size="md" onClick={() => onChange(today)}>
          {t('dispatch.day.today')}
        </Button>
      ) : null}
    </Group>
  );
}
