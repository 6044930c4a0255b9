import { z } from 'zod';
import { crudEndpoints, endpoint } from './common/endpoint.ts';
import { optionalText, recordName, wholeNumber } from './common/names.ts';
import { idParamsSchema, listQuerySchema, recordIdSchema, recordStatusQuerySchema, recordStatusSchema } from './common/pagination.ts';
import { coreLocationSortFields, locationSortFields } from './common/sortFields.ts';
import { V } from './common/validation.ts';

export { coreLocationSortFields, locationSortFields };

/** What a location is (DOMAIN.md): a car park, a terminal drop-off point, a meeting point, another point. */
export const locationTypes = ['car_park', 'terminal', 'meeting_point', 'other'] as const;
export type LocationType = (typeof locationTypes)[number];

const coordinates = {
  latitude: z.number({ error: V.invalidType }).min(-90, { error: V.invalidValue }).max(90, { error: V.invalidValue }).nullable(),
  longitude: z.number({ error: V.invalidType }).min(-180, { error: V.invalidValue }).max(180, { error: V.invalidValue }).nullable(),
};

/** A location of the company, as every location call answers it (with its airport's code and name). */
export const locationSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  airport_id: z.number().int(),
  airport_iata_code: z.string(),
  airport_name: z.string(),
  core_location_id: z.number().int().nullable(),
  name: z.string(),
  type: z.enum(locationTypes),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** What a customer does on arriving (the entrance, the barrier, whom to call): printed in the booking mail. */
  arrival_instructions: z.string().nullable(),
  /** Car spaces; 0 = not a car park. */
  capacity: z.number().int(),
  /** The most customers coming in here (departures: the car dropped off) per 15-minute slot of the airport's clock; null = no limit. */
  departure_slot_limit: z.number().int().nullable(),
  /** The most customers coming back here (arrivals: the car handed back) per 15-minute slot; null = no limit. */
  arrival_slot_limit: z.number().int().nullable(),
  status: recordStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Location = z.infer<typeof locationSchema>;

/** The longest arrival instructions a place keeps (a few short paragraphs). */
export const MAX_ARRIVAL_INSTRUCTIONS = 1000;

/** The highest limit per 15-minute slot a place takes (issue 24, section 2). */
export const MAX_SLOT_LIMIT = 1000;
/** A limit per 15-minute slot: 1 or more, or null for none. */
const slotLimit = z
  .number({ error: V.invalidType })
  .int({ error: V.positiveInteger })
  .min(1, { error: V.positiveInteger })
  .max(MAX_SLOT_LIMIT, { error: V.tooLong })
  .nullable();

const locationFields = {
  airport_id: recordIdSchema,
  core_location_id: recordIdSchema.nullable(),
  name: recordName(),
  type: z.enum(locationTypes, { error: V.invalidValue }),
  address: optionalText(200),
  arrival_instructions: optionalText(MAX_ARRIVAL_INSTRUCTIONS),
  ...coordinates,
  capacity: wholeNumber(100_000),
  departure_slot_limit: slotLimit,
  arrival_slot_limit: slotLimit,
  status: recordStatusSchema,
};

/** Latitude and longitude come together or not at all. */
const bothOrNeither = (body: { latitude?: number | null; longitude?: number | null }) =>
  (body.latitude === undefined || body.latitude === null) === (body.longitude === undefined || body.longitude === null);

/** POST /api/location/add body; also the form's schema. */
export const locationCreateSchema = z
  .strictObject({
    airport_id: locationFields.airport_id,
    name: locationFields.name,
    type: locationFields.type,
    address: locationFields.address.optional(),
    arrival_instructions: locationFields.arrival_instructions.optional(),
    latitude: locationFields.latitude.optional(),
    longitude: locationFields.longitude.optional(),
    capacity: locationFields.capacity.default(0),
    departure_slot_limit: locationFields.departure_slot_limit.optional(),
    arrival_slot_limit: locationFields.arrival_slot_limit.optional(),
    status: locationFields.status.default(1),
    core_location_id: locationFields.core_location_id.optional(),
  })
  .refine(bothOrNeither, { path: ['longitude'], error: V.required });
export type LocationCreateInput = z.input<typeof locationCreateSchema>;
export type LocationCreate = z.output<typeof locationCreateSchema>;

/** PATCH /api/location/update/{id} body: any subset of the fields. */
export const locationUpdateSchema = z
  .strictObject({
    airport_id: locationFields.airport_id.optional(),
    name: locationFields.name.optional(),
    type: locationFields.type.optional(),
    address: locationFields.address.optional(),
    arrival_instructions: locationFields.arrival_instructions.optional(),
    latitude: locationFields.latitude.optional(),
    longitude: locationFields.longitude.optional(),
    capacity: locationFields.capacity.optional(),
    departure_slot_limit: locationFields.departure_slot_limit.optional(),
    arrival_slot_limit: locationFields.arrival_slot_limit.optional(),
    status: locationFields.status.optional(),
    core_location_id: locationFields.core_location_id.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: V.required })
  .refine(bothOrNeither, { path: ['longitude'], error: V.required });
export type LocationUpdate = z.output<typeof locationUpdateSchema>;

/** GET /api/location/list: paging, sort, search by name or address, filters by airport, type and status. */
export const locationListQuerySchema = listQuerySchema(locationSortFields).extend({
  status: recordStatusQuerySchema.optional(),
  airport_id: z.coerce.number().int().positive().optional(),
  type: z.enum(locationTypes).optional(),
});
export type LocationListQuery = z.output<typeof locationListQuerySchema>;

/** GET /api/location/public/list item: what the company's public site may show (no ids of other records). */
export const publicLocationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(locationTypes),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  airport_iata_code: z.string(),
  airport_name: z.string(),
});
export type PublicLocation = z.infer<typeof publicLocationSchema>;

/** An organisation-wide master location at a core airport (super admin). */
export const coreLocationSchema = z.object({
  id: z.number().int(),
  core_airport_id: z.number().int(),
  core_airport_iata_code: z.string(),
  core_airport_name: z.string(),
  name: z.string(),
  type: z.enum(locationTypes),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  capacity: z.number().int(),
  status: recordStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type CoreLocation = z.infer<typeof coreLocationSchema>;

export const coreLocationCreateSchema = z
  .strictObject({
    core_airport_id: recordIdSchema,
    name: locationFields.name,
    type: locationFields.type,
    address: locationFields.address.optional(),
    latitude: locationFields.latitude.optional(),
    longitude: locationFields.longitude.optional(),
    capacity: locationFields.capacity.default(0),
    status: locationFields.status.default(1),
  })
  .refine(bothOrNeither, { path: ['longitude'], error: V.required });
export type CoreLocationCreateInput = z.input<typeof coreLocationCreateSchema>;
export type CoreLocationCreate = z.output<typeof coreLocationCreateSchema>;

export const coreLocationUpdateSchema = z
  .strictObject({
    core_airport_id: recordIdSchema.optional(),
    name: locationFields.name.optional(),
    type: locationFields.type.optional(),
    address: locationFields.address.optional(),
    latitude: locationFields.latitude.optional(),
    longitude: locationFields.longitude.optional(),
    capacity: locationFields.capacity.optional(),
    status: locationFields.status.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: V.required })
  .refine(bothOrNeither, { path: ['longitude'], error: V.required });
export type CoreLocationUpdate = z.output<typeof coreLocationUpdateSchema>;

export const coreLocationListQuerySchema = listQuerySchema(coreLocationSortFields).extend({
  status: recordStatusQuerySchema.optional(),
  core_airport_id: z.coerce.number().int().positive().optional(),
  type: z.enum(locationTypes).optional(),
});
export type CoreLocationListQuery = z.output<typeof coreLocationListQuerySchema>;

/** The fields the public list may be sorted by. */
export const publicLocationSortFields = ['name', 'type', 'airport_iata_code'] as const;

/**
 * GET /api/location/public/list query (Basic client key, no user): paging (the public site asks with
 * page_size=1000, spec 9), sort, search by name or address, and the optional airport and type filters.
 */
export const publicLocationListQuerySchema = listQuerySchema(publicLocationSortFields).extend({
  airport_id: z.coerce.number().int().positive().optional(),
  type: z.enum(locationTypes).optional(),
});
export type PublicLocationListQuery = z.output<typeof publicLocationListQuerySchema>;

/** Spec 7: `location/add`, `list`, `get/{id}`, `update/{id}`, `delete/{id}`, and `location/public/list`. */
export const locationEndpoints = {
  ...crudEndpoints('/api/location', 'locations', {
    record: locationSchema,
    create: locationCreateSchema,
    update: locationUpdateSchema,
    listQuery: locationListQuerySchema,
    idParams: idParamsSchema,
  }),
  /** The company's active locations for its public site: no user, the Basic client key. */
  publicList: endpoint({
    method: 'GET',
    path: '/api/location/public/list',
    access: { public: 'client-key' },
    query: publicLocationListQuerySchema,
    response: publicLocationSchema,
    shape: 'list',
  }),
} as const;

/** The organisation's core locations (the super admin keeps them; companies pick from them). */
export const coreLocationEndpoints = crudEndpoints('/api/core/location', 'core_locations', {
  record: coreLocationSchema,
  create: coreLocationCreateSchema,
  update: coreLocationUpdateSchema,
  listQuery: coreLocationListQuerySchema,
  idParams: idParamsSchema,
});
