import { z } from 'zod';
import { crudEndpoints } from './common/endpoint.ts';
import { idParamsSchema, listQuerySchema, recordIdSchema, recordStatusQuerySchema, recordStatusSchema } from './common/pagination.ts';
import { airportSortFields, coreAirportSortFields } from './common/sortFields.ts';
import { isKnownTimeZone } from './common/timeZones.ts';
import { notOnlyBlank, V } from './common/validation.ts';

export { isKnownTimeZone, knownTimeZones } from './common/timeZones.ts';

/** An airport of the company, as every airport call answers it. */
export const airportSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  core_airport_id: z.number().int().nullable(),
  iata_code: z.string(),
  name: z.string(),
  country_id: z.number().int(),
  country_name: z.string(),
  /** ISO 3166 code of the country, so a client can name it in the user's language. */
  country_iso_code: z.string(),
  time_zone: z.string(),
  status: recordStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Airport = z.infer<typeof airportSchema>;

const airportFields = {
  iata_code: z
    .string({ error: V.required })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { error: V.iataCode }),
  name: z
    .string({ error: V.required })
    .min(1, { error: V.required, abort: true })
    .refine(notOnlyBlank, { error: V.notBlank, abort: true })
    .transform((value) => value.trim())
    .pipe(z.string().min(3, { error: V.min3 }).max(100, { error: V.max100 })),
  country_id: recordIdSchema,
  time_zone: z.string({ error: V.required }).refine(isKnownTimeZone, { error: V.timeZone }),
  status: recordStatusSchema,
  core_airport_id: recordIdSchema.nullable(),
};

/** POST /api/airport/add body; also the create form's schema. */
export const airportCreateSchema = z.strictObject({
  ...airportFields,
  status: airportFields.status.default(1),
  core_airport_id: airportFields.core_airport_id.optional(),
});
export type AirportCreateInput = z.input<typeof airportCreateSchema>;
export type AirportCreate = z.output<typeof airportCreateSchema>;

/** PATCH /api/airport/update/{id} body: any subset of the fields (a status toggle sends only `status`). */
export const airportUpdateSchema = z
  .strictObject({
    iata_code: airportFields.iata_code.optional(),
    name: airportFields.name.optional(),
    country_id: airportFields.country_id.optional(),
    time_zone: airportFields.time_zone.optional(),
    status: airportFields.status.optional(),
    core_airport_id: airportFields.core_airport_id.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: V.required });
export type AirportUpdate = z.output<typeof airportUpdateSchema>;

export { airportSortFields, coreAirportSortFields };

/** GET /api/airport/list query: paging, sort, search over code and name, `status=1` for active ones. */
export const airportListQuerySchema = listQuerySchema(airportSortFields).extend({
  status: recordStatusQuerySchema.optional(),
});
export type AirportListQuery = z.output<typeof airportListQuerySchema>;

/** An organisation-wide airport of the core list that companies pick from. */
export const coreAirportSchema = z.object({
  id: z.number().int(),
  iata_code: z.string(),
  name: z.string(),
  country_id: z.number().int(),
  country_name: z.string(),
  /** ISO 3166 code of the country, so a client can name it in the user's language. */
  country_iso_code: z.string(),
  time_zone: z.string(),
  status: recordStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type CoreAirport = z.infer<typeof coreAirportSchema>;

/** POST /api/core/airport/add body (super admin): the same fields as a company's airport, no core link. */
export const coreAirportCreateSchema = z.strictObject({
  iata_code: airportFields.iata_code,
  name: airportFields.name,
  country_id: airportFields.country_id,
  time_zone: airportFields.time_zone,
  status: airportFields.status.default(1),
});
export type CoreAirportCreateInput = z.input<typeof coreAirportCreateSchema>;
export type CoreAirportCreate = z.output<typeof coreAirportCreateSchema>;

/** PATCH /api/core/airport/update/{id} body: any subset of the fields. */
export const coreAirportUpdateSchema = z
  .strictObject({
    iata_code: airportFields.iata_code.optional(),
    name: airportFields.name.optional(),
    country_id: airportFields.country_id.optional(),
    time_zone: airportFields.time_zone.optional(),
    status: airportFields.status.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: V.required });
export type CoreAirportUpdate = z.output<typeof coreAirportUpdateSchema>;

export const coreAirportListQuerySchema = listQuerySchema(coreAirportSortFields).extend({
  status: recordStatusQuerySchema.optional(),
});
export type CoreAirportListQuery = z.output<typeof coreAirportListQuerySchema>;

/** Spec 7: `airport/add`, `list`, `get/{id}`, `update/{id}`, `delete/{id}` of the caller's company. */
export const airportEndpoints = crudEndpoints('/api/airport', 'airports', {
  record: airportSchema,
  create: airportCreateSchema,
  update: airportUpdateSchema,
  listQuery: airportListQuerySchema,
  idParams: idParamsSchema,
});

/** The organisation's core airports (the super admin keeps them; companies pick from them). */
export const coreAirportEndpoints = crudEndpoints('/api/core/airport', 'core_airports', {
  record: coreAirportSchema,
  create: coreAirportCreateSchema,
  update: coreAirportUpdateSchema,
  listQuery: coreAirportListQuerySchema,
  idParams: idParamsSchema,
});
