import { z } from 'zod';
import { bookingStatuses } from './common/bookingStates.ts';
import { endpoint } from './common/endpoint.ts';
import { positionKinds } from './common/handoverStates.ts';
import { MAX_PAGE_SIZE, recordIdParamSchema, requestContextQuerySchema } from './common/pagination.ts';
import { V } from './common/validation.ts';

/**
 * The cars on site (issue 22, section 2): every car the company holds now (checked in, not yet checked out: a row of
 * `car_places`), where it stands and where its key hangs, and when its customer comes back for it. The desk, the yard
 * and the gate read it; the soonest back first, so the overdue ones lead.
 */

/** Within this many hours of the customer coming back, a car is `due_soon`. */
export const DUE_SOON_HOURS = 2;

/** `overdue`: the customer's time to come back has passed; `due_soon`: within DUE_SOON_HOURS; `later`: after that. */
export const onSiteDueFlags = ['overdue', 'due_soon', 'later'] as const;
export type OnSiteDue = (typeof onSiteDueFlags)[number];

/** What the list filters on: the two flags that ask for attention. */
export const onSiteFlagFilters = ['due_soon', 'overdue'] as const;
export type OnSiteFlagFilter = (typeof onSiteFlagFilters)[number];

/** One car on site. */
export const onSiteCarSchema = z.object({
  booking_id: z.number().int(),
  reference: z.string(),
  booking_status: z.enum(bookingStatuses),
  vehicle_reg: z.string(),
  vehicle_make: z.string().nullable(),
  vehicle_model: z.string().nullable(),
  vehicle_colour: z.string().nullable(),
  customer_name: z.string(),
  /** Where it stands: null when it was checked in without a position. */
  position_id: z.number().int().nullable(),
  position_name: z.string().nullable(),
  position_kind: z.enum(positionKinds).nullable(),
  /** The position's yard or car park (one of the two ids), and its name. */
  yard_id: z.number().int().nullable(),
  location_id: z.number().int().nullable(),
  place_name: z.string().nullable(),
  /** Where its key hangs (key box, hook number), as recorded at check-in or by the last move. */
  key_location: z.string().nullable(),
  /** When it was put where it is (check-in). */
  placed_at: z.string(),
  /** Due out: when the customer comes back for it (the booking's `arrival_at`). */
  arrival_at: z.string(),
  /** The booking's airport's time zone: the screens show the times on its clock. */
  airport_time_zone: z.string(),
  /** Computed by the server when it answers. */
  due: z.enum(onSiteDueFlags),
});
export type OnSiteCar = z.infer<typeof onSiteCarSchema>;

/**
 * GET /api/handover/on-site/list: one yard's or car park's (at most one of `yard_id` and `location_id`), `search` by
 * registration (spaces and case ignored) or booking reference (dashes and case ignored), `flag` for the ones due soon or
 * overdue; paged. No sort: the soonest due out first.
 */
export const onSiteListQuerySchema = requestContextQuerySchema
  .extend({
    page: z.coerce.number().int().min(1).default(1),
    page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
    search: z.string().trim().max(100, { error: V.max100 }).optional(),
    yard_id: recordIdParamSchema.optional(),
    location_id: recordIdParamSchema.optional(),
    flag: z.enum(onSiteFlagFilters, { error: V.invalidValue }).optional(),
  })
  .superRefine((query, context) => {
    if (query.yard_id !== undefined && query.location_id !== undefined) {
      context.addIssue({ code: 'custom', message: V.invalidValue, path: ['location_id'] });
    }
  });
export type OnSiteListQuery = z.output<typeof onSiteListQuerySchema>;
export type OnSiteListQueryInput = z.input<typeof onSiteListQuerySchema>;

/** Beside the page: how many cars of the place and search are overdue, due soon and due later (whatever the flag). */
export const onSiteListEnvelope = {
  counts: z.object({ overdue: z.number().int(), due_soon: z.number().int(), later: z.number().int() }),
};

export const onSiteEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/handover/on-site/list',
    access: { permission: 'handovers.view' },
    query: onSiteListQuerySchema,
    response: onSiteCarSchema,
    shape: 'list',
    envelope: onSiteListEnvelope,
  }),
} as const;
