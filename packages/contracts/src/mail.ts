import { z } from 'zod';
import { mailStates } from './common/bookingStates.ts';
import { endpoint } from './common/endpoint.ts';
import { languages } from './common/languages.ts';
import { idParamsSchema, listQuerySchema, recordIdParamSchema } from './common/pagination.ts';
import { V } from './common/validation.ts';

/**
 * The mail outbox (issue 7 "Booking mail"): every message is a row before it is sent; a worker sends it over
 * SMTP and retries a failed try later. `smtp_configured` (in the list) says whether any worker sends at all.
 */

/** A message as the outbox list shows it (no bodies). */
export const mailMessageSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  kind: z.string(),
  booking_id: z.number().int().nullable(),
  language: z.enum(languages),
  to_address: z.string(),
  /** The sender name and reply-to address it goes with (the company's when it was written), or null for none. */
  from_name: z.string().nullable(),
  reply_to: z.string().nullable(),
  subject: z.string(),
  state: z.enum(mailStates),
  attempts: z.number().int(),
  next_attempt_at: z.string(),
  last_error: z.string().nullable(),
  sent_at: z.string().nullable(),
  message_id: z.string().nullable(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MailMessage = z.infer<typeof mailMessageSchema>;

/** A row of the outbox list: the message and the reference of its booking, which the list names it by. */
export const mailOutboxRowSchema = mailMessageSchema.extend({ booking_reference: z.string().nullable() });
export type MailOutboxRow = z.infer<typeof mailOutboxRowSchema>;

/** One message with its plain-text and HTML bodies. */
export const mailMessageDetailSchema = mailMessageSchema.extend({ text_body: z.string(), html_body: z.string() });
export type MailMessageDetail = z.infer<typeof mailMessageDetailSchema>;

export const mailOutboxSortFields = ['created_at', 'state', 'sent_at'] as const;

/** GET /api/mail/outbox/list: newest first by default. */
export const mailOutboxListQuerySchema = listQuerySchema(mailOutboxSortFields).extend({
  state: z.enum(mailStates, { error: V.invalidValue }).optional(),
  booking_id: recordIdParamSchema.optional(),
});
export type MailOutboxListQuery = z.output<typeof mailOutboxListQuerySchema>;

/** The list's envelope: the messages, the paging, and whether a mail server is configured. */
/** The outbox list's answer beside its page: whether a mail server sends the messages at all. */
export const mailOutboxListEnvelope = { smtp_configured: z.boolean() };

/** The booking confirmation (spec 7 `booking/send-mail/{id}`) and the outbox screen's calls. */
export const mailEndpoints = {
  /** Answers 202: the message is in the outbox, a worker sends it. */
  sendBookingMail: endpoint({
    method: 'POST',
    path: '/api/booking/send-mail/:id',
    access: { permission: 'mail.send' },
    params: idParamsSchema,
    response: mailMessageDetailSchema,
    status: 202,
  }),
  /** A list with `smtp_configured` beside the page. */
  outboxList: endpoint({
    method: 'GET',
    path: '/api/mail/outbox/list',
    access: { permission: 'mail.view' },
    query: mailOutboxListQuerySchema,
    response: mailOutboxRowSchema,
    shape: 'list',
    envelope: mailOutboxListEnvelope,
  }),
  outboxGet: endpoint({
    method: 'GET',
    path: '/api/mail/outbox/get/:id',
    access: { permission: 'mail.view' },
    params: idParamsSchema,
    response: mailMessageDetailSchema,
  }),
  resend: endpoint({
    method: 'POST',
    path: '/api/mail/outbox/resend/:id',
    access: { permission: 'mail.send' },
    params: idParamsSchema,
    response: mailMessageDetailSchema,
    status: 202,
  }),
} as const;
