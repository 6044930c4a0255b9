import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { Booking, MailMessage } from '@ps/contracts';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { IconSend } from '../../components/icons';
import { MailStateBadge } from '../../components/MailStateBadge';
import { Section } from '../../components/Section';
import { useCan } from '../../lib/currentUser';
import { formatDateTime } from '../../lib/format';
import { toastSuccess } from '../../lib/toast';
import { useBookingMail, useSendConfirmation } from './api.ledger';

function MailLine({ message }: { message: MailMessage }) {
  const { t } = useTranslation();
  const when =
    message.state === 'sent' && message.sent_at
      ? t('bookings.mail.sentAt', { when: formatDateTime(message.sent_at) })
      : message.state === 'failed'
        ? t('bookings.mail.gaveUp', { count: message.attempts })
        : message.attempts > 0
          ? t('bookings.mail.retryAt', { when: formatDateTime(message.next_attempt_at), count: message.attempts })
          : t('bookings.mail.queuedAt', { when: formatDateTime(message.created_at) });
  return (
    <Paper component="li" withBorder radius="sm" p="xs" data-testid="booking-mail">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600} style={{ flex: '1 1 200px' }}>
          {message.subject}
        </Text>
        <span data-testid="booking-mail-state">
          <MailStateBadge state={message.state} label={t(`bookings.mail.states.${message.state}`)} />
        </span>
      </Group>
      <Text size="sm" c="dimmed">
        {t('bookings.mail.to', { to: message.to_address })} · {when}
      </Text>
      {message.last_error && message.state !== 'sent' ? (
        <Text size="sm" c="red.8">
          {t('bookings.mail.lastError', { error: message.last_error })}
        </Text>
      ) : null}
    </Paper>
  );
}

/**
 * The confirmation mail: send it (again) to the customer through the outbox, and each message's delivery
 * state, looked at again every few seconds while one waits.
 */
export function MailSection({ booking, companyId }: { booking: Booking; companyId: string }) {
  const { t } = useTranslation();
  const mail = useBookingMail(booking.id);
  const send = useSendConfirmation(booking.id);
  const can = useCan();
  const messages = mail.data?.messages ?? [];
  // A confirmation already went out (or waits): a second copy is asked for first, naming where it goes.
  const [askAgain, setAskAgain] = useState(false);
  const sendConfirmation = () =>
    send.mutate(undefined, {
      onSuccess: (message) => toastSuccess(t('bookings.mail.queued', { to: message.to_address })),
      onSettled: () => setAskAgain(false),
    });
  return (
    <Section
      title={t('bookings.mail.title')}
      id="booking-mail"
      actions={
        can('mail.send') ? (
          <Button
            size="md"
            variant="default"
            leftSection={<IconSend size={18} aria-hidden />}
            disabled={!booking.customer_email}
            loading={send.isPending}
            onClick={() => (messages.length > 0 ? setAskAgain(true) : sendConfirmation())}
          >
            {messages.length > 0 ? t('bookings.mail.sendAgain') : t('bookings.mail.send')}
          </Button>
        ) : null
      }
    >
      <Stack gap="sm">
        {booking.customer_email ? null : <Text c="dimmed">{t('bookings.mail.noAddress')}</Text>}
        {mail.data && !mail.data.smtpConfigured ? (
          <Text size="sm" data-testid="booking-mail-no-server">
            {t('bookings.mail.noServer')}{' '}
            <Anchor component={Link} to={`/${companyId}/outbox`} underline="always">
              {t('bookings.mail.openOutbox')}
            </Anchor>
          </Text>
        ) : null}
        {messages.length === 0 ? (
          <Text c="dimmed">{mail.isLoading ? t('app.loading') : t('bookings.mail.none')}</Text>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {messages.map((message) => (
              <MailLine key={message.id} message={message} />
            ))}
          </Stack>
        )}
      </Stack>
      <ConfirmDialog
        opened={askAgain}
        title={t('bookings.mail.sendAgainTitle')}
        body={t('bookings.mail.sendAgainBody', { to: booking.customer_email ?? '', reference: booking.reference })}
        confirmLabel={t('bookings.mail.sendAgain')}
        busy={send.isPending}
        onConfirm={sendConfirmation}
        onClose={() => setAskAgain(false)}
      />
    </Section>
  );
}
