import { handoverEndpoints, MAX_HANDOVER_PHOTO_BYTES, MAX_HANDOVER_PHOTOS, MAX_SIGNATURE_BYTES } from '@ps/contracts/handovers';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { crewActorOf } from '../../kit/crew.ts';
import { endpointServer, wholeListAnswer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { bookingCaller } from '../bookings/bookings.routes.ts';
import { createRelocationsService } from './handovers.places.ts';
import { createHandoversService, type HandoverCaller } from './handovers.service.ts';

/** The photos and the signature as base64 (4 characters per 3 bytes), with room for the rest of the body. */
const HANDOVER_BODY_LIMIT = Math.ceil(((MAX_HANDOVER_PHOTOS * MAX_HANDOVER_PHOTO_BYTES + MAX_SIGNATURE_BYTES) * 4) / 3) + 64 * 1024;

/** Issue 22, sections 1 and 2: handovers (check-in and check-out as a record), their images, and cars moved on site. */
export function registerHandoverRoutes(app: FastifyInstance, { db, uploads }: ModuleDeps): void {
  const service = createHandoversService(db, uploads, app.log);
  const moves = createRelocationsService(db);
  const callerOf = async (request: FastifyRequest): Promise<HandoverCaller> => ({
    ...bookingCaller(request),
    driverId: (await crewActorOf(db, request)).driverId,
  });
  const serve = endpointServer(app, 'handovers');

  serve(handoverEndpoints.add, {
    summary: 'Check a car in or out, with what was seen',
    description: `\`kind\` \`check_in\` (the booking must be confirmed: it becomes checked in) or \`check_out\` (checked in or parked:
it becomes checked out, and its unfinished trips close: completed when a driver had them, cancelled otherwise); any other
status is 400 \`booking_transition_invalid\`. With \`mileage\`, \`fuel_eighths\` (0-8), \`key_location\`, damage \`marks\` (area of
the outline, \`x\`/\`y\` 0-1 on it, a note), up to ${MAX_HANDOVER_PHOTOS} \`photos\` (base64 JPEG, PNG or WebP of at most
${MAX_HANDOVER_PHOTO_BYTES} bytes each, checked by their bytes: 400 \`handover_image_invalid\` on \`photos.<n>\`), the customer's
\`signature\` (base64 PNG; 400 \`handover_signature_invalid\`) or \`signed_name\`, a \`note\`, and \`recorded_at\` when it happened
earlier (a phone that was offline).

Check-in places the car: \`position_id\` (an active position of your company; a bay holds one car: 409 \`position_taken\`,
also when two check-ins race) and the key's \`key_location\`. Check-out frees the position and records where the car and key
were fetched from. Another company's \`booking_id\` or \`position_id\`: 400 on the field.

With an \`Idempotency-Key\` header the handover is recorded once: the same key and body answer the first one (201 with
\`Idempotent-Replayed: true\`), the same key with another body is 409 \`idempotency_key_reused\`. Audited; the boards hear of it.`,
    errors: [409],
    options: { bodyLimit: HANDOVER_BODY_LIMIT },
    handler: async (request, reply) => {
      const { handover, replayed } = await service.record(await callerOf(request), request.body, request.headers['idempotency-key']);
      if (replayed) reply.header('idempotent-replayed', 'true');
      return { message: request.t('success.created'), data: handover };
    },
  });

  serve(handoverEndpoints.booking, {
    summary: 'The booking of a handover',
    description: `The booking as \`GET /api/booking/get/{id}\` answers it, for the handover screen: the office reaches every booking of
the company, a driver only the bookings of trips given to them (not cancelled); any other is a 404.`,
    handler: async (request) => ({
      message: request.t('success.fetched'),
      data: await service.booking(await callerOf(request), request.params.id),
    }),
  });

  serve(handoverEndpoints.list, {
    summary: "A booking's handovers",
    description: `Oldest first, undone ones too (\`undone_at\`, \`undone_by_name\`); each with its photos and signature (fetch them with
\`GET /api/handover/file/get/{id}\`) and \`undo_until\` while its author may still undo it. Another company's booking: 404.`,
    errors: [404],
    handler: async (request) => wholeListAnswer(request, await service.list(await callerOf(request), request.query.booking_id)),
  });

  serve(handoverEndpoints.undo, {
    summary: 'Undo a handover',
    description: `Only its author (403 \`handover_undo_not_author\`), only within 10 minutes (409 \`handover_undo_expired\`), only while the
booking is still where the handover moved it (409 \`handover_undo_superseded\`), once (409 \`handover_undone\`). The booking goes
back to its status before (with its history line), the trips a check-out closed reopen, the car's position is as before. The
handover stays on record, marked undone; audited. Another company's handover: 404.`,
    errors: [403, 404, 409],
    handler: async (request) => ({
      message: request.t('success.updated'),
      data: await service.undo(await callerOf(request), request.params.id),
    }),
  });

  const fileSchema = z.string().meta({ format: 'binary' });
  serve(handoverEndpoints.file, {
    summary: "A handover's photo or signature",
    description: `The image as stored, with the \`Content-Type\` its bytes were recognised as; \`Cache-Control: private, no-store\`.
Another company's: 404.`,
    errors: [404],
    responses: {
      200: {
        description: 'The image',
        content: Object.fromEntries(['image/jpeg', 'image/png', 'image/webp'].map((type) => [type, { schema: fileSchema }])),
      },
    },
    options: { compress: false },
    handler: async (request, reply) => {
      const { file, size, stream } = await service.openFile(await callerOf(request), request.params.id);
      return reply
        .header('content-type', file.content_type)
        .header('content-length', String(size))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  });

  serve(handoverEndpoints.relocate, {
    summary: 'Move a car on site, or its key',
    description: `The car's new \`position_id\` (null: no position) and/or its key's new \`key_location\`, with an optional \`note\`;
at least one must change (400 otherwise). The car must be on site (409 \`car_not_on_site\`); a bay holds one car (409
\`position_taken\`). Recorded with who, when, from and to; audited.`,
    errors: [409],
    handler: async (request) => ({
      message: request.t('success.created'),
      data: await moves.relocate(await callerOf(request), request.body),
    }),
  });

  serve(handoverEndpoints.relocations, {
    summary: "A booking's moves on site",
    description: "Oldest first: from and to (position and key), who and when. Another company's booking: 404.",
    errors: [404],
    handler: async (request) => wholeListAnswer(request, await moves.relocations(await callerOf(request), request.query.booking_id)),
  });
}
