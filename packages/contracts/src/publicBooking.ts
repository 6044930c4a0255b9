import { z } from 'zod';
import { bookingFields, bookingSchema, stayInOrder } from './bookings.ts';
import { bandTypes } from './common/bandTypes.ts';
import { bookingStatuses } from './common/bookingStates.ts';
import { endpoint } from './common/endpoint.ts';
import { listQuerySchema } from './common/pagination.ts';
import { V } from './common/validation.ts';
import { IDEMPOTENCY_KEY_PATTERN } from './payments.ts';
import { quoteQuerySchema, quoteSchema } from './quote.ts';

/**
 * The public booking API (issue 23, section 1): what a company's own web site programs against, authorised like
 * `location/public/list` with `Authorization: Basic <company id>:<client key>` and no user. Each call answers only the
 * key's company's active records.
 */

/** An airport the company's customers can book at. */
export const publicAirportSchema = z.object({
  id: z.number().int(),
  iata_code: z.string(),
  name: z.string(),
  /** ISO 3166 code of its country, so a site can name it in its reader's language. */
  country_iso_code: z.string(),
  /** Where its times are read: a booking's times are the airport's local times. */
  time_zone: z.string(),
});
export type PublicAirport = z.infer<typeof publicAirportSchema>;

export const publicAirportSortFields = ['iata_code', 'name'] as const;
/** GET /api/public/airport/list: paging (a site asks with page_size=1000), sort, search by code or name. */
export const publicAirportListQuerySchema = listQuerySchema(publicAirportSortFields);
export type PublicAirportListQuery = z.output<typeof publicAirportListQuerySchema>;

/** A package a customer can choose (Meet and Greet Standard...): its price is a supplement to the stay's (minor units). */
export const publicPackageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.enum(bandTypes),
  price: z.number().int(),
});
export type PublicPackage = z.infer<typeof publicPackageSchema>;

export const publicPackageSortFields = ['name', 'type', 'price'] as const;
/** GET /api/public/package/list: paging, sort, search by name. */
export const publicPackageListQuerySchema = listQuerySchema(publicPackageSortFields);
export type PublicPackageListQuery = z.output<typeof publicPackageListQuerySchema>;

/** An additional service a customer can add to a stay (car wash, EV charging...): its price in minor units. */
export const publicServiceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number().int(),
});
export type PublicService = z.infer<typeof publicServiceSchema>;

export const publicServiceSortFields = ['name', 'price'] as const;
/** GET /api/public/service/list: paging, sort, search by name. */
export const publicServiceListQuerySchema = listQuerySchema(publicServiceSortFields);
export type PublicServiceListQuery = z.output<typeof publicServiceListQuerySchema>;

/** GET /api/public/quote: the price search's quote alone (never the route's price list). */
export const publicQuoteSchema = z.object({ quote: quoteSchema });
export type PublicQuote = z.infer<typeof publicQuoteSchema>;

/**
 * How a company takes its web bookings (its settings): paid at the car park, so a web booking is confirmed at once, or
 * paid before, so it stays pending until the company records the payment.
 */
export const publicBookingPayments = ['on_arrival', 'in_advance'] as const;
export type PublicBookingPayment = (typeof publicBookingPayments)[number];

/** A form sent sooner than this after it was shown was not filled in by a person (the add's minimum form time). */
export const MIN_PUBLIC_FORM_SECONDS = 3;
/** A form shown longer ago than this is stale: the page is loaded again (and the price asked again). */
export const MAX_PUBLIC_FORM_HOURS = 24;

/**
 * POST /api/public/booking/add: the customer's fields of `booking/add` (the e-mail is required: the confirmation and
 * the manage-my-booking code go to it). No channel, agency, notes or status: a web booking's channel is `web` and its
 * status the company's setting. Two fields guard against scripts: `website` is a field people never see (it must stay
 * empty) and `form_started_at` when the form was shown (at least MIN_PUBLIC_FORM_SECONDS before it is sent).
 */
export const publicBookingCreateSchema = z
  .strictObject({
    customer_name: bookingFields.customer_name,
    customer_email: bookingFields.customer_email.refine((email) => email !== null, { error: V.required }),
    customer_phone: bookingFields.customer_phone.default(null),
    vehicle_reg: bookingFields.vehicle_reg,
    vehicle_make: bookingFields.vehicle_make.default(null),
    vehicle_model: bookingFields.vehicle_model.default(null),
    vehicle_colour: bookingFields.vehicle_colour.default(null),
    airport_id: bookingFields.airport_id,
    departure_id: bookingFields.departure_id,
    arrival_id: bookingFields.arrival_id,
    departure_at: bookingFields.departure_at,
    arrival_at: bookingFields.arrival_at,
    outbound_flight: bookingFields.outbound_flight.default(null),
    return_flight: bookingFields.return_flight.default(null),
    passengers: bookingFields.passengers.default(1),
    package_id: bookingFields.package_id.default(null),
    service_ids: bookingFields.service_ids.default([]),
    voucher_code: bookingFields.voucher_code.default(null),
    language: bookingFields.language.optional(),
    type: bookingFields.type.default('parking'),
    /** The honeypot: hidden from people (and from screen readers); a script that fills every field fills it. */
    website: z.string().max(200, { error: V.invalidValue }).default(''),
    form_started_at: z.iso.datetime({ offset: true, error: V.invalidValue }),
  })
  .refine(stayInOrder, { path: ['arrival_at'], error: V.dateOrder })
  .meta({
    examples: [
      {
        customer_name: 'Amara Okafor',
        customer_email: 'amara@example.com',
        customer_phone: '+44 7700 900123',
        vehicle_reg: 'LK21 ZPB',
        airport_id: 1,
        departure_id: 3,
        arrival_id: 3,
        departure_at: '2026-12-10T08:00:00Z',
        arrival_at: '2026-12-14T18:00:00Z',
        return_flight: 'BA 2491',
        passengers: 2,
        service_ids: [4],
        voucher_code: 'WELCOME5',
        language: 'en',
        website: '',
        form_started_at: '2026-11-28T09:58:30Z',
      },
    ],
  });
export type PublicBookingCreateInput = z.input<typeof publicBookingCreateSchema>;
export type PublicBookingCreate = z.output<typeof publicBookingCreateSchema>;

/** The add's headers: its `Idempotency-Key` is required (a retried form books once). */
export const publicBookingAddHeadersSchema = z.looseObject({
  'idempotency-key': z.string({ error: V.required }).regex(IDEMPOTENCY_KEY_PATTERN, { error: V.invalidValue }),
});

/**
 * What the add answers: the reference the customer quotes, the status, the price and what they do next (`pay_on_arrival`:
 * the booking stands and is paid at the car park; `pay_in_advance`: it is held, pending, until the company has the
 * payment), with `next_step_text` saying so in the request's language.
 */
export const publicBookingReceiptSchema = z
  .object({
    reference: z.string(),
    status: z.enum(bookingStatuses),
    total: z.number().int(),
    currency: z.string(),
    next_step: z.enum(['pay_on_arrival', 'pay_in_advance']),
    next_step_text: z.string(),
  })
  .meta({
    examples: [
      {
        reference: 'PS-7KQ4-2M',
        status: 'confirmed',
        total: 9399,
        currency: 'GBP',
        next_step: 'pay_on_arrival',
        next_step_text:
          'Your booking PS-7KQ4-2M is confirmed: you pay at the car park when you arrive. A confirmation is on its way to your e-mail.',
      },
    ],
  });
export type PublicBookingReceipt = z.infer<typeof publicBookingReceiptSchema>;

/** How long a manage-my-booking code lasts, and how many wrong tries end it. */
export const BOOKING_CODE_MINUTES = 15;
export const BOOKING_CODE_TRIES = 5;
/** How long a booking token lasts once a code is verified (the customer asks for a new code after). */
export const BOOKING_TOKEN_MINUTES = 30;

/** A booking reference as the customer types it: trimmed and in capitals (`ps-7kq4-2m` is `PS-7KQ4-2M`). */
const typedReference = z
  .string({ error: V.required })
  .trim()
  .toUpperCase()
  .pipe(z.string().min(1, { error: V.required }).max(20, { error: V.tooLong }));

/**
 * POST /api/public/booking/access: the customer names their booking by its reference and e-mail. Always 202 with the
 * same body, whether or not they match: when they do, a 6-digit code goes to that e-mail.
 */
export const publicBookingAccessSchema = z
  .strictObject({
    reference: typedReference,
    email: z
      .string({ error: V.required })
      .trim()
      .toLowerCase()
      .pipe(z.email({ error: V.wrongEmail }).max(254, { error: V.tooLong })),
  })
  .meta({ examples: [{ reference: 'PS-7KQ4-2M', email: 'amara@example.com' }] });
export type PublicBookingAccess = z.output<typeof publicBookingAccessSchema>;

/** POST /api/public/booking/verify: the reference and the code from the mail. */
export const publicBookingVerifySchema = z
  .strictObject({
    reference: typedReference,
    code: z
      .string({ error: V.required })
      .trim()
      .regex(/^\d{6}$/, { error: V.invalidValue }),
  })
  .meta({ examples: [{ reference: 'PS-7KQ4-2M', code: '482913' }] });
export type PublicBookingVerify = z.output<typeof publicBookingVerifySchema>;

/** The booking token: sent as the `Booking-Token` header (never in a URL) beside the client key. */
export const publicBookingTokenSchema = z
  .object({ booking_token: z.string(), expires_at: z.string() })
  .meta({ examples: [{ booking_token: 'q3Yy1mN8d0Jx2r5Tn4sWc7pL9vHfA6eKzGbUjXoQiRM', expires_at: '2026-11-28T10:45:00.000Z' }] });
export type PublicBookingToken = z.infer<typeof publicBookingTokenSchema>;
export const publicBookingTokenHeadersSchema = z.looseObject({
  'booking-token': z.string({ error: V.required }).min(20, { error: V.invalidValue }).max(200, { error: V.invalidValue }),
});

/**
 * A car asked for ("bring my car"): when, and when it is wanted at the terminal (UTC ISO). The customer's view, the
 * board's OUT list and Dispatch's trip show it.
 */
export const carRequestSchema = z.object({ requested_at: z.string(), wanted_at: z.string() });
export type CarRequest = z.infer<typeof carRequestSchema>;

/**
 * What the customer sees of their booking: the stay, the car, the price and what is paid. Nothing of the office's
 * (ids, channel, agency, notes, who made it).
 */
export const publicBookingViewSchema = bookingSchema
  .pick({
    reference: true,
    status: true,
    type: true,
    language: true,
    customer_name: true,
    customer_email: true,
    customer_phone: true,
    vehicle_reg: true,
    vehicle_make: true,
    vehicle_model: true,
    vehicle_colour: true,
    airport_iata_code: true,
    airport_name: true,
    airport_time_zone: true,
    departure_name: true,
    arrival_name: true,
    departure_at: true,
    arrival_at: true,
    outbound_flight: true,
    return_flight: true,
    passengers: true,
    package_name: true,
    voucher_code: true,
    currency: true,
  })
  .extend({
    base_price: z.number().int(),
    package_price: z.number().int(),
    services_price: z.number().int(),
    discount: z.number().int(),
    total: z.number().int(),
    paid: z.number().int(),
    outstanding: z.number().int(),
    /** The booking's services (`id` is the service's, as `service_ids` names it). */
    services: z.array(z.object({ id: z.number().int(), name: z.string(), quantity: z.number().int(), price: z.number().int() })),
    /** The car asked for today ("bring my car"), or null. */
    car_request: carRequestSchema.nullable(),
  });
export type PublicBookingView = z.infer<typeof publicBookingViewSchema>;

/**
 * What a customer's own cancel answers: the booking is cancelled, and what is due back by the company's policy (all that
 * was paid until `public_booking_refund_hours` before drop-off, nothing after), said in the request's language.
 */
export const publicBookingCancellationSchema = z
  .object({
    reference: z.string(),
    status: z.enum(bookingStatuses),
    paid: z.number().int(),
    refund_due: z.number().int(),
    currency: z.string(),
    refund_text: z.string(),
  })
  .meta({
    examples: [
      {
        reference: 'PS-7KQ4-2M',
        status: 'cancelled',
        paid: 1500,
        refund_due: 1500,
        currency: 'GBP',
        refund_text: 'Your booking PS-7KQ4-2M is cancelled. The £15.00 you paid will be refunded.',
      },
    ],
  });
export type PublicBookingCancellation = z.infer<typeof publicBookingCancellationSchema>;

/**
 * PATCH /api/public/booking/update: what a customer may change of their booking online: the stay's times, the flights,
 * the car, the passengers and the services (`service_ids`: the set they want). A change of price is made only once the
 * customer has seen it: without `confirm_price`, or with another figure, nothing is written and the answer carries the
 * new price (`updated: false`); sent again with `confirm_price` equal to the new total, it is made.
 */
export const publicBookingUpdateSchema = z
  .strictObject({
    departure_at: bookingFields.departure_at.optional(),
    arrival_at: bookingFields.arrival_at.optional(),
    outbound_flight: bookingFields.outbound_flight.optional(),
    return_flight: bookingFields.return_flight.optional(),
    vehicle_reg: bookingFields.vehicle_reg.optional(),
    vehicle_make: bookingFields.vehicle_make.optional(),
    vehicle_model: bookingFields.vehicle_model.optional(),
    vehicle_colour: bookingFields.vehicle_colour.optional(),
    passengers: bookingFields.passengers.optional(),
    service_ids: bookingFields.service_ids.optional(),
    /** The new total (minor units) the customer agreed to, as the first answer stated it. */
    confirm_price: z.number({ error: V.invalidValue }).int({ error: V.invalidValue }).min(0, { error: V.invalidValue }).optional(),
  })
  .refine((body) => Object.keys(body).some((key) => key !== 'confirm_price'), { error: V.required })
  .refine(stayInOrder, { path: ['arrival_at'], error: V.dateOrder })
  .meta({
    examples: [
      { arrival_at: '2026-12-16T18:00:00Z', return_flight: 'BA 2493' },
      { arrival_at: '2026-12-16T18:00:00Z', return_flight: 'BA 2493', confirm_price: 11899 },
    ],
  });
export type PublicBookingUpdateInput = z.input<typeof publicBookingUpdateSchema>;
export type PublicBookingUpdate = z.output<typeof publicBookingUpdateSchema>;

/** A price's lines as the customer sees them (the view's own). */
const priceFigures = publicBookingViewSchema.pick({
  base_price: true,
  package_price: true,
  services_price: true,
  discount: true,
  total: true,
});

/**
 * What the update answers: whether it was made (`updated`), the price before and after the change, `price_text` saying
 * it in the request's language (and, when not made, that `confirm_price` makes it), and the booking as it now stands.
 */
export const publicBookingChangeSchema = z.object({
  updated: z.boolean(),
  before: priceFigures,
  after: priceFigures,
  price_text: z.string(),
  booking: publicBookingViewSchema,
});
export type PublicBookingChange = z.infer<typeof publicBookingChangeSchema>;

/** The longest a customer may say baggage claim takes them ("bring my car" in N minutes). */
export const MAX_BAG_CLAIM_MINUTES = 180;
/** What a customer who says nothing is given for baggage claim. */
export const DEFAULT_BAG_CLAIM_MINUTES = 30;

/**
 * POST /api/public/booking/request-car: "I have landed, bring my car" (meet and greet): `bag_claim_minutes` is how long
 * until the customer is out of baggage claim, when the car is wanted at the terminal.
 */
export const publicCarRequestSchema = z
  .strictObject({
    bag_claim_minutes: z
      .number({ error: V.invalidValue })
      .int({ error: V.invalidValue })
      .min(0, { error: V.invalidValue })
      .max(MAX_BAG_CLAIM_MINUTES, { error: V.invalidValue })
      .default(DEFAULT_BAG_CLAIM_MINUTES),
  })
  .meta({ examples: [{ bag_claim_minutes: 20 }] });
export type PublicCarRequestInput = z.input<typeof publicCarRequestSchema>;
export type PublicCarRequest = z.output<typeof publicCarRequestSchema>;

/** What request-car answers: the request, and `text` saying it in the request's language. */
export const publicCarRequestAnswerSchema = carRequestSchema.extend({ reference: z.string(), text: z.string() }).meta({
  examples: [
    {
      reference: 'PS-7KQ4-2M',
      requested_at: '2026-12-14T17:40:00.000Z',
      wanted_at: '2026-12-14T18:00:00.000Z',
      text: 'We are bringing your car: it will be at the terminal at about 18:00.',
    },
  ],
});
export type PublicCarRequestAnswer = z.infer<typeof publicCarRequestAnswerSchema>;

export const publicBookingEndpoints = {
  /** The company's active airports. */
  airports: endpoint({
    method: 'GET',
    path: '/api/public/airport/list',
    access: { public: 'client-key' },
    query: publicAirportListQuerySchema,
    response: publicAirportSchema,
    shape: 'list',
  }),
  /** The company's active packages. */
  packages: endpoint({
    method: 'GET',
    path: '/api/public/package/list',
    access: { public: 'client-key' },
    query: publicPackageListQuerySchema,
    response: publicPackageSchema,
    shape: 'list',
  }),
  /** The company's active additional services. */
  services: endpoint({
    method: 'GET',
    path: '/api/public/service/list',
    access: { public: 'client-key' },
    query: publicServiceListQuerySchema,
    response: publicServiceSchema,
    shape: 'list',
  }),
  /** The quote of a stay with its explanation, from the same query as `location-price/admin/list`. */
  quote: endpoint({
    method: 'GET',
    path: '/api/public/quote',
    access: { public: 'client-key' },
    query: quoteQuerySchema,
    response: publicQuoteSchema,
  }),
  /** A customer's booking from the company's web site (channel `web`). */
  add: endpoint({
    method: 'POST',
    path: '/api/public/booking/add',
    access: { public: 'client-key' },
    status: 201,
    headers: publicBookingAddHeadersSchema,
    body: publicBookingCreateSchema,
    response: publicBookingReceiptSchema,
  }),
  /** Asks for a manage-my-booking code by the reference and e-mail (always the same 202). */
  access: endpoint({
    method: 'POST',
    path: '/api/public/booking/access',
    access: { public: 'client-key' },
    status: 202,
    body: publicBookingAccessSchema,
    shape: 'message',
  }),
  /** Exchanges the code for a booking token. */
  verify: endpoint({
    method: 'POST',
    path: '/api/public/booking/verify',
    access: { public: 'client-key' },
    body: publicBookingVerifySchema,
    response: publicBookingTokenSchema,
  }),
  /** The booking the token is for. */
  get: endpoint({
    method: 'GET',
    path: '/api/public/booking/get',
    access: { public: 'client-key' },
    headers: publicBookingTokenHeadersSchema,
    response: publicBookingViewSchema,
  }),
  /** The customer cancels the token's booking; the answer states the refund due. The token ends with it. */
  cancel: endpoint({
    method: 'POST',
    path: '/api/public/booking/cancel',
    access: { public: 'client-key' },
    headers: publicBookingTokenHeadersSchema,
    response: publicBookingCancellationSchema,
  }),
  /** The customer changes the token's booking; a change of price waits for `confirm_price`. */
  update: endpoint({
    method: 'PATCH',
    path: '/api/public/booking/update',
    access: { public: 'client-key' },
    headers: publicBookingTokenHeadersSchema,
    body: publicBookingUpdateSchema,
    response: publicBookingChangeSchema,
  }),
  /** "Bring my car": a meet-and-greet customer has landed; once per booking per day. */
  requestCar: endpoint({
    method: 'POST',
    path: '/api/public/booking/request-car',
    access: { public: 'client-key' },
    status: 201,
    headers: publicBookingTokenHeadersSchema,
    body: publicCarRequestSchema,
    response: publicCarRequestAnswerSchema,
  }),
} as const;

/**
 * The hosted booking page (issue 23, section 2), `/book/<slug>` and `/book/<slug>/manage`: the server puts this object
 * into the page as `<script type="application/json" id="ps-booking-page">`, so the page knows its company, key and brand
 * before its first call.
 */
export { BOOKING_PAGE_DATA_ID } from './common/bookingPage.ts';

export const bookingPageSchema = z.object({
  company_id: z.number().int(),
  /** The company's publishable client key: the page calls the public booking API with it. */
  client_key: z.string(),
  /** The page's address: `/book/<slug>`. */
  slug: z.string(),
  /** The company's name as its sign-in page shows it (its web config). */
  name: z.string(),
  /** The logo as a `data:` URL (the web config's `login_page_logo`), or null. */
  logo: z.string().nullable(),
  primary_color: z.string(),
  background_color: z.string(),
  /** Whether the company takes bookings online (`public_booking_enabled`): off, the page says so and offers nothing. */
  enabled: z.boolean(),
  /** ISO 4217: the currency of every price the page shows. */
  currency: z.string(),
});
export type BookingPage = z.infer<typeof bookingPageSchema>;
