import { mailEndpoints } from '@ps/contracts';
import type { FastifyInstance } from 'fastify';
import { endpointServer, listAnswer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { companyActorOf } from '../../kit/routes.ts';
import { createMailService } from './mail.service.ts';

/** The booking confirmation (spec 7 `booking/send-mail/{id}`) and the outbox screen's calls. */
export function registerMailRoutes(app: FastifyInstance, { db, config }: ModuleDeps): void {
  const service = createMailService(db);
  const smtpConfigured = config.SMTP_URL !== undefined;
  const serve = endpointServer(app, 'mail');

  serve(mailEndpoints.sendBookingMail, {
    summary: "Send a booking's confirmation to the customer",
    description: `Puts the confirmation (in the booking's language: reference, times at the airport, route, vehicle, package,
services, price breakdown, paid and outstanding) in the outbox and answers 202 with the message; a worker sends it over
SMTP. A mail server that is down only delays it. No \`customer_email\`: 409 \`booking_no_email\`. Audited.`,
    errors: [409],
    handler: async (request) => ({
      message: request.t('success.created'),
      data: await service.sendBookingMail(companyActorOf(request), request.params.id),
    }),
  });

  serve(mailEndpoints.outboxList, {
    summary: "Your company's outbox",
    description: `Messages without their bodies, newest first (\`sort\`: created_at, state, sent_at), filters \`state\` (queued,
sending, sent, failed) and \`booking_id\`, \`search\` in the address and subject. \`smtp_configured\` says whether a mail
server is set: without one every message waits as \`queued\`.`,
    handler: async (request) => {
      // Beside the page: whether a mail server sends the messages at all.
      return { ...listAnswer(request, await service.list(companyActorOf(request), request.query)), smtp_configured: smtpConfigured };
    },
  });

  serve(mailEndpoints.outboxGet, {
    summary: 'One outbox message with its bodies',
    description:
      'The message with its plain-text and HTML bodies, state, tries and last error; 404 when your company has none with this id.',
    handler: async (request) => ({
      message: request.t('success.fetched'),
      data: await service.get(companyActorOf(request), request.params.id),
    }),
  });

  serve(mailEndpoints.resend, {
    summary: 'Try a message again now',
    description: `A queued message is due at once; a failed one is queued again with its tries counted afresh; a sent one is
copied into a new queued message (answered here; the sent one stays as it was). One being sent right now: 409
\`mail_in_progress\`. Audited.`,
    errors: [409],
    handler: async (request) => ({
      message: request.t('success.updated'),
      data: await service.resend(companyActorOf(request), request.params.id),
    }),
  });
}
