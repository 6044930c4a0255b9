import { ActionIcon, Alert, Anchor, Group, Loader, Modal, Select, Stack, Text, Title } from '@mantine/core';
import type { MailOutboxRow, MailState } from '@ps/contracts';
import { mailStates } from '@ps/contracts/common/bookingStates';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { IconAlertCircle, IconMail, IconSend } from '../../components/icons';
import { ListError, ResourceTable } from '../../components/ListKit';
import { MailStateBadge } from '../../components/MailStateBadge';
import { keyboardScrollable } from '../../components/ReferenceSelects';
import { useCurrentUser } from '../../lib/currentUser';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useListTableProps } from '../../lib/list';
import { usePageTitle } from '../../lib/pageTitle';
import { toastSuccess } from '../../lib/toast';
import { useOutbox, useOutboxMessage, useResend } from './api';
import { OUTBOX_DEFAULT_SORT, type OutboxSearch, parseOutboxSearch } from './search';

const route = getRouteApi('/$companyId/outbox');

function MessageLine({ label, value }: { label: string; value: string }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span c="dimmed" size="sm">
        {label}:{' '}
      </Text>
      {value}
    </Text>
  );
}

/** A message's text, read from the API when it is opened. */
function MessageDialog({ message, onClose }: { message: MailOutboxRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useOutboxMessage(message?.id ?? null);
  return (
    <Modal
      opened={message !== null}
      onClose={onClose}
      title={message?.subject ?? ''}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { fontWeight: 700 } }}
    >
      {message ? (
        <Stack gap="xs">
          <Text size="sm">
            <Text span c="dimmed" size="sm">
              {t('outbox.fields.to')}:{' '}
            </Text>
            {message.to_address}
          </Text>
          {/* How it is signed: the company's sender name and reply-to when the message was written. */}
          {message.from_name ? <MessageLine label={t('outbox.fields.fromName')} value={message.from_name} /> : null}
          {message.reply_to ? <MessageLine label={t('outbox.fields.replyTo')} value={message.reply_to} /> : null}
          {detail.data ? (
            <Text component="pre" data-testid="outbox-text" style={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', margin: 0 }}>
              {detail.data.text_body}
            </Text>
          ) : detail.isError ? (
            <Text c="red.8">{t('outbox.textError')}</Text>
          ) : (
            <Loader size="sm" aria-label={t('outbox.loadingText')} />
          )}
        </Stack>
      ) : null}
    </Modal>
  );
}

/** `/{company}/outbox`: every booking mail with its state; read one, or try it again. */
export function OutboxPage() {
  const { t } = useTranslation();
  usePageTitle(t('outbox.title'));
  const { companyId } = route.useParams();
  // The route has no validateSearch (its parser stays out of the sign-in bundle): the page reads the URL itself.
  const raw = route.useSearch() as Record<string, unknown>;
  const search = useMemo(() => parseOutboxSearch(raw), [raw]);
  const navigate = route.useNavigate();
  const setSearch = (patch: Partial<OutboxSearch>, resetPage = true) =>
    navigate({
      search: ((previous: Record<string, unknown>) => ({ ...previous, ...(resetPage ? { page: undefined } : {}), ...patch })) as never,
      replace: true,
    });

  const user = useCurrentUser();
  const canSend = user.data?.permissions.includes('mail.send') ?? false;
  const outbox = useOutbox(search);
  const table = useListTableProps<MailOutboxRow, OutboxSearch>(search, setSearch, outbox.data?.total ?? 0, OUTBOX_DEFAULT_SORT);
  const resend = useResend();
  const [reading, setReading] = useState<MailOutboxRow | null>(null);
  const [toResend, setToResend] = useState<MailOutboxRow | null>(null);

  const confirmResend = () => {
    if (!toResend) return;
    resend.mutate(toResend, {
      onSuccess: (message) => {
        toastSuccess(t(message.id === toResend.id ? 'outbox.resend.done' : 'outbox.resend.copied', { to: message.to_address }));
        setToResend(null);
      },
      onError: () => setToResend(null),
    });
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('outbox.title')}
      </Title>
      {outbox.data && !outbox.data.smtpConfigured ? (
        <Alert color="yellow" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} data-testid="no-smtp">
          <Text c="var(--mantine-color-text)">{t('outbox.noServer')}</Text>
        </Alert>
      ) : null}
      <Select
        {...keyboardScrollable}
        label={t('outbox.stateFilter')}
        size="md"
        allowDeselect={false}
        data={[
          { value: 'all', label: t('outbox.allStates') },
          ...mailStates.map((state) => ({ value: state, label: t(`outbox.states.${state}`) })),
        ]}
        value={search.state ?? 'all'}
        onChange={(value) => void setSearch({ state: value === 'all' || !value ? undefined : (value as MailState) })}
        maw={{ base: '100%', sm: 280 }}
      />
      {outbox.isError && !outbox.data ? (
        <ListError title={t('outbox.loadError')} error={outbox.error} onRetry={() => void outbox.refetch()} />
      ) : (
        <ResourceTable<MailOutboxRow>
          label={t('outbox.title')}
          records={outbox.data?.records ?? []}
          fetching={outbox.isFetching}
          noRecordsText={search.state ? t('outbox.emptyFiltered') : t('outbox.empty')}
          table={table}
          cardTitle={(message) => (
            <Text fw={700} c="var(--ps-color-title)" className="ps-wrap">
              {message.subject}
            </Text>
          )}
          columns={[
            {
              accessor: 'state',
              title: t('outbox.fields.state'),
              sortable: true,
              render: (message) => <MailStateBadge state={message.state} label={t(`outbox.states.${message.state}`)} />,
            },
            {
              accessor: 'subject',
              title: t('outbox.fields.subject'),
              hideInCard: true,
              render: (message) => (
                <Text fw={700} size="sm" className="ps-wrap">
                  {message.subject}
                </Text>
              ),
            },
            {
              accessor: 'to_address',
              title: t('outbox.fields.to'),
              render: (message) => <span className="ps-wrap">{message.to_address}</span>,
            },
            {
              accessor: 'booking_id',
              title: t('outbox.fields.booking'),
              render: (message) =>
                // Named by its reference, as people quote it (a booking deleted since has none).
                message.booking_id === null || message.booking_reference === null ? (
                  '—'
                ) : (
                  <Anchor href={`/${companyId}/bookings/${message.booking_id}`} size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {message.booking_reference}
                  </Anchor>
                ),
            },
            { accessor: 'attempts', title: t('outbox.fields.attempts'), render: (message) => formatNumber(message.attempts) },
            {
              accessor: 'last_error',
              title: t('outbox.fields.lastError'),
              render: (message) => <span className="ps-wrap">{message.last_error ?? '—'}</span>,
            },
            {
              accessor: 'created_at',
              title: t('outbox.fields.created'),
              sortable: true,
              render: (message) => formatDateTime(message.created_at),
            },
            {
              accessor: 'sent_at',
              title: t('outbox.fields.sent'),
              sortable: true,
              render: (message) => (message.sent_at ? formatDateTime(message.sent_at) : t('outbox.notSent')),
            },
          ]}
          actions={(message) => (
            // Icon buttons named after the message (the kit's row actions): the card's title keeps its width.
            <Group gap="xs" justify="flex-end" wrap="nowrap">
              <ActionIcon
                variant="subtle"
                size="lg"
                onClick={() => setReading(message)}
                aria-label={t('outbox.readNamed', { subject: message.subject, to: message.to_address })}
                title={t('outbox.read')}
              >
                <IconMail size={20} aria-hidden />
              </ActionIcon>
              {canSend ? (
                <ActionIcon
                  variant="subtle"
                  size="lg"
                  onClick={() => setToResend(message)}
                  disabled={message.state === 'sending'}
                  aria-label={t('outbox.resend.named', { subject: message.subject, to: message.to_address })}
                  title={t('outbox.resend.button')}
                >
                  <IconSend size={20} aria-hidden />
                </ActionIcon>
              ) : null}
            </Group>
          )}
        />
      )}

      <MessageDialog message={reading} onClose={() => setReading(null)} />
      <ConfirmDialog
        opened={toResend !== null}
        title={t('outbox.resend.title')}
        body={
          toResend
            ? t(toResend.state === 'sent' ? 'outbox.resend.askSent' : 'outbox.resend.ask', {
                subject: toResend.subject,
                to: toResend.to_address,
              })
            : ''
        }
        confirmLabel={t('outbox.resend.confirm')}
        busy={resend.isPending}
        onConfirm={confirmResend}
        onClose={() => setToResend(null)}
      />
    </Stack>
  );
}
