import type { MailMessage, MailMessageDetail } from '@ps/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { listQuery } from '../../lib/list';
import { OUTBOX_DEFAULT_SORT, type OutboxSearch } from './search';

const keys = {
  all: ['outbox'] as const,
  list: (search: OutboxSearch) => ['outbox', 'list', search] as const,
  detail: (id: number) => ['outbox', 'detail', id] as const,
};

export interface OutboxPage {
  records: MailMessage[];
  total: number;
  /** False when no mail server is configured: messages wait in the outbox. */
  smtpConfigured: boolean;
}

/** `GET /api/mail/outbox/list`: the page of messages and whether any mail server sends them. */
export function useOutbox(search: OutboxSearch) {
  return useQuery({
    queryKey: keys.list(search),
    queryFn: async ({ signal }): Promise<OutboxPage> => {
      const response = await apiRequest<MailMessage[]>('/mail/outbox/list', {
        query: { ...listQuery(search, OUTBOX_DEFAULT_SORT), state: search.state },
        signal,
      });
      return {
        records: response.data,
        total: response.pagination?.total ?? response.data.length,
        smtpConfigured: response.envelope.smtp_configured !== false,
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
    queryFn: async ({ signal }) => (await apiRequest<MailMessageDetail>(`/mail/outbox/get/${id}`, { signal })).data,
  });
}

/** `POST /api/mail/outbox/resend/{id}`: due again now (a sent one is copied into a new message). */
export function useResend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (message: MailMessage) =>
      (await apiRequest<MailMessageDetail>(`/mail/outbox/resend/${message.id}`, { method: 'POST' })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
