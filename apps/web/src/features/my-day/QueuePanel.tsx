import { Alert, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { IconCloudUpload, IconRefresh, IconTrash } from '../../components/icons';
import { formatTime } from '../../lib/format';
import { type QueuedAction, stoppedAt } from './queue';

/** An action in the driver's words: "Complete the 18:30 trip PS-1001", "Clock in at 08:02". */
export function actionText(t: TFunction, action: QueuedAction, zone: string): string {
  const request = action.request;
  const subject = action.subject;
  const trip = subject
    ? t('myDay.trip.name', { time: formatTime(subject.scheduledAt, zone), name: subject.reference ?? t('myDay.kind.shuttle') })
    : t('myDay.queue.action.trip');
  switch (request.kind) {
    case 'tripStatus':
      return t(`myDay.queue.action.${request.status}`, { trip });
    case 'movement':
      return t('myDay.queue.action.movement', { place: request.place.name, trip });
    case 'clockIn':
      return t('myDay.queue.action.clockIn', { time: formatTime(request.at, zone) });
    case 'clockOut':
      return t('myDay.queue.action.clockOut', { time: formatTime(request.at, zone) });
  }
}

interface QueuePanelProps {
  queue: readonly QueuedAction[];
  online: boolean;
  zone: string;
  onSend: () => void;
  onDiscard: (key: string) => void;
  onTryAgain: (key: string) => void;
}

/**
 * What waits to be sent (issue 22, section 3: "a visible queue"): how many, why they wait, each in the order it goes.
 * A refused one holds the rest and says why in the API's words, with "Try again" and "Discard".
 */
export function QueuePanel({ queue, online, zone, onSend, onDiscard, onTryAgain }: QueuePanelProps) {
  const { t } = useTranslation();
  const stopped = stoppedAt(queue);
  const why = !online ? t('myDay.queue.offline') : stopped ? t('myDay.queue.stopped') : t('myDay.queue.later');
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p="sm"
      bg="yellow.0"
      style={{ borderColor: 'var(--mantine-color-yellow-6)' }}
      aria-labelledby="my-day-queue-title"
      data-testid="my-day-queue"
    >
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconCloudUpload size={22} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
          <Title order={2} size="h5" id="my-day-queue-title" className="ps-wrap">
            {t('myDay.queue.title', { count: queue.length })}
          </Title>
        </Group>
        <Text size="sm">{why}</Text>
        <List spacing="xs" type="ordered" data-testid="my-day-queue-list">
          {queue.map((action) => {
            const text = actionText(t, action, zone);
            return (
              <List.Item key={action.key} data-testid="my-day-queued">
                <Text span fw={600} className="ps-wrap">
                  {text}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('myDay.queue.made', { time: formatTime(action.madeAt, zone) })}
                </Text>
                {action.failure ? (
                  <Alert color="red" variant="light" mt={4} p="xs" role="alert">
                    <Stack gap="xs">
                      <Text size="sm" className="ps-wrap">
                        {action.failure.message || t('app.errors.unexpected')}
                      </Text>
                      <Group gap="xs" grow>
                        <Button
                          size="md"
                          className="ps-myday-tap"
                          leftSection={<IconRefresh size={18} aria-hidden />}
                          aria-label={t('myDay.queue.tryAgainNamed', { action: text })}
                          onClick={() => onTryAgain(action.key)}
                        >
                          {t('myDay.queue.tryAgain')}
                        </Button>
                        <Button
                          size="md"
                          variant="default"
                          className="ps-myday-tap"
                          leftSection={<IconTrash size={18} aria-hidden />}
                          aria-label={t('myDay.queue.discardNamed', { action: text })}
                          onClick={() => onDiscard(action.key)}
                        >
                          {t('myDay.queue.discard')}
                        </Button>
                      </Group>
                    </Stack>
                  </Alert>
                ) : null}
              </List.Item>
            );
          })}
        </List>
        {online && !stopped ? (
          <Button
            size="md"
            variant="default"
            className="ps-myday-tap"
            leftSection={<IconCloudUpload size={18} aria-hidden />}
            onClick={onSend}
          >
            {t('myDay.queue.sendNow')}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
