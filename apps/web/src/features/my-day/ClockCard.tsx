import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconClockPlay, IconClockStop, IconCloudUpload } from '../../components/icons';
import { formatDuration, formatTime } from '../../lib/format';
import { type ClockView, clockAction } from './optimistic';
import { useTapGuard } from './useTapGuard';

/**
 * The driver's clock at the top of My day: clock in, clock out, or what the day holds (worked, absent, on leave). A tap
 * goes into the queue like a trip's action, so it works without signal; the time is the phone's when tapped.
 */
export function ClockCard({ view, zone, onClock }: { view: ClockView; zone: string; onClock: (kind: 'clockIn' | 'clockOut') => void }) {
  const { t } = useTranslation();
  const action = clockAction(view);
  const { resting, guard } = useTapGuard();
  const state = (() => {
    if (view.status === 'absent') return t('myDay.clock.absent');
    if (view.status === 'leave') return t('myDay.clock.leave');
    if (view.startAt === null) return t('myDay.clock.none');
    if (view.endAt === null) return t('myDay.clock.in', { time: formatTime(view.startAt, zone) });
    const minutes = Math.max(0, Math.round((Date.parse(view.endAt) - Date.parse(view.startAt)) / 60_000));
    return t('myDay.clock.worked', {
      from: formatTime(view.startAt, zone),
      to: formatTime(view.endAt, zone),
      duration: formatDuration(minutes),
    });
  })();
  return (
    <Paper component="section" withBorder radius="md" p="sm" aria-labelledby="my-day-clock" data-testid="my-day-clock">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={2} className="ps-wrap" style={{ flex: '1 1 12rem' }}>
          <Title order={2} size="h5" id="my-day-clock">
            {t('myDay.clock.title')}
          </Title>
          <Text data-testid="my-day-clock-state">{state}</Text>
          {view.pending ? (
            <Badge color="yellow.3" autoContrast tt="none" maw="100%" leftSection={<IconCloudUpload size={14} aria-hidden />}>
              {t('myDay.trip.waiting')}
            </Badge>
          ) : null}
        </Stack>
        {action ? (
          <Button
            size="lg"
            className="ps-myday-tap"
            color={action === 'clockIn' ? undefined : 'gray.8'}
            leftSection={action === 'clockIn' ? <IconClockPlay size={20} aria-hidden /> : <IconClockStop size={20} aria-hidden />}
            disabled={resting}
            onClick={() => guard(() => onClock(action))}
            style={{ flex: '1 1 10rem' }}
          >
            {t(`myDay.clock.${action}`)}
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}
