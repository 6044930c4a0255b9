import {
  dataEnvelope,
  idParamsSchema,
  type MailOutboxListQuery,
  mailMessageDetailSchema,
  mailOutboxListEnvelope,
  mailOutboxListQuerySchema,
} from '@ps/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { companyActorOf } from '../../kit/routes.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { createMailService } from './mail.service.ts';

const tags = ['mail'];
const security = [{ bearer: [] }];
const idOf = (request: FastifyRequest) => (request.params as { id: number }).id;

/** The booking confirmation (spec 7 `booking/send-mail/{id}`) and the outbox screen's calls. */
export function registerMailRoutes(app: FastifyInstance, db: Db, config: Pick<Config, 'SMTP_URL'>): void {
  const service = createMailService(db);
  const smtpConfigured = config.SMTP_URL !== undefined;

  app.route({
    method: 'POST',
    url: '/api/booking/send-mail/:id',
    config: { permission: 'mail.send' },
    schema: {
      tags,
      security,
      summary: "Send a booking's confirmation to the customer",
      description: `Puts the confirmation (in the booking's language: reference, times at the airport, route, vehicle, package,
services, price breakdown, paid and outstanding) in the outbox and answers 202 with the message; a worker sends it over
SMTP. A mail server that is down only delays it. No \`customer_email\`: 409 \`booking_no_email\`. Audited.`,
      params: idParamsSchema,
      response: { 202: dataEnvelope(mailMessageDetailSchema), ...errorResponses(400, 401, 403, 404, 409, 503) },
    },
    handler: async (request, reply) => {
      const data = await service.sendBookingMail(companyActorOf(request), idOf(request));
      return reply.code(202).send({ message: request.t('success.created'), data });
    },
  });

  app.route({
    method: 'GET',
    url: '/api/mail/outbox/list',
    config: { permission: 'mail.view' },
    schema: {
      tags,
      security,
      summary: "Your company's outbox",
      description: `Messages without their bodies, newest first (\`sort\`: created_at, state, sent_at), filters \`state\` (queued,
sending, sent, failed) and \`booking_id\`, \`search\` in the address and subject. \`smtp_configured\` says whether a mail
server is set: without one every message waits as \`queued\`.`,
      querystring: mailOutboxListQuerySchema,
      response: { 200: mailOutboxListEnvelope, ...errorResponses(400, 401, 403, 503) },
    },
    handler: async (request) => {
      const query = request.query as MailOutboxListQuery;
      const { items, total } = await service.list(companyActorOf(request), query);
      return {
        message: request.t('success.list'),
        data: items,
        pagination: { page: query.page, page_size: query.page_size, total },
        smtp_configured: smtpConfigured,
      };
    },
  });

  app.route({
    method: 'GET',
    url: '/api/mail/outbox/get/:id',
    config: { permission: 'mail.view' },
    schema: {
      tags,
      security,
      summary: 'One outbox message with its bodies',
      description:
        'The message with its plain-text and HTML bodies, state, tries and last error; 404 when your company has none with this id.',
      params: idParamsSchema,
      response: { 200: dataEnvelope(mailMessageDetailSchema), ...errorResponses(400, 401, 403, 404, 503) },
    },
    handler: async (request) => ({
      message: request.t('success.fetched'),
      data: await service.get(companyActorOf(request), idOf(request)),
    }),
  });

  app.route({
    method: 'POST',
    url: '/api/mail/outbox/resend/:id',
    config: { permission: 'mail.send' },
    schema: {
      tags,
      security,
      summary: 'Try a message again now',
      description: `A queued message is due at once; a failed one is queued again with its tries counted afresh; a sent one is
copied into a new queued message (answered here; the sent one stays as it was). One being sent right now: 409
\`mail_in_progress\`. Audited.`,
      params: idParamsSchema,
      response: { 202: dataEnvelope(mailMessageDetailSchema), ...errorResponses(400, 401, 403, 404, 409, 503) },
    },
    handler: async (request, reply) => {
      const data = await service.resend(companyActorOf(request), idOf(request));
      return reply.code(202).send({ message: request.t('success.updated'), data });
    },
  });
}
