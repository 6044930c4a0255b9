import { z } from 'zod';
import { endpoint } from './common/endpoint.ts';

/**
 * What the live board hears (server-sent events, `GET /api/live/events`): a booking of the caller's company
 * changed, and how. The client refetches what it shows; the event carries ids, never personal data.
 */
export const liveEventActions = ['created', 'updated', 'status', 'payment', 'mail', 'car_requested'] as const;
export type LiveEventAction = (typeof liveEventActions)[number];

export const liveEventSchema = z.object({
  company_id: z.number().int(),
  booking_id: z.number().int(),
  action: z.enum(liveEventActions),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** The live board's stream: server-sent events of `liveEventSchema`, read with fetch (its own body: the server documents it). */
export const liveEndpoints = {
  events: endpoint({
    method: 'GET',
    path: '/api/live/events',
    access: { permission: 'bookings.view' },
    shape: 'raw',
  }),
} as const;
