import { type MailOutboxRow, mailEndpoints } from '@ps/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';
import { listQuery } from '../../lib/list';
import { OUTBOX_DEFAULT_SORT, type OutboxSearch } from './search';

const keys = {
  all: ['outbox'] as const,
  list: (search: OutboxSearch) => ['outbox', 'list', search] as const,
  detail: (id: number) => ['outbox', 'detail', id] as const,
};

export interface OutboxPage {
  records: MailOutboxRow[];
  total: number;
  /** False when no mail server is configured: messages wait in the outbox. */
  smtpConfigured: boolean;
}

/** `GET /api/mail/outbox/list`: the page of messages and whether any mail server sends them (its whole body). */
export function useOutbox(search: OutboxSearch) {
  return useQuery({
    queryKey: keys.list(search),
    queryFn: async ({ signal }): Promise<OutboxPage> => {
      const response = await callEndpoint(mailEndpoints.outboxList, {
        query: { ...listQuery(search, OUTBOX_DEFAULT_SORT), state: search.state },
        signal,
      });
      // The list's envelope has `smtp_configured` beside the page.
      return {
        records: response.data,
        total: response.pagination?.total ?? response.data.length,
        smtpConfigured: response.extra.smtp_configured !== false,
      };
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** One message with its text. */
export function useOutboxMessage(id: number | null) {
  return useQuery({
    queryKey: keys.detail(id ?? 0),
    enabled: id !== null,
    queryFn: async ({ signal }) => (await callEndpoint(mailEndpoints.outboxGet, { params: { id: id ?? 0 }, signal })).data,
  });
}

/** `POST /api/mail/outbox/resend/{id}`: due again now (a sent one is copied into a new message). */
export function useResend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (message: MailOutboxRow) => (await callEndpoint(mailEndpoints.resend, { params: { id: message.id } })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
