import { z } from 'zod';
import { bandTypes } from './common/bandTypes.ts';
import { calendarDateSchema } from './common/dates.ts';
import { crudEndpoints, endpoint } from './common/endpoint.ts';
import { optionalText, recordName } from './common/names.ts';
import { idParamsSchema, listQuerySchema, recordIdSchema, recordStatusQuerySchema, recordStatusSchema } from './common/pagination.ts';
import { V } from './common/validation.ts';

/**
 * A company's price rules (issue 24, section 1): on top of the price grid, applied by the quote in their `position`
 * order to the base price, for stays departing in `valid_from..valid_to` (the airport's calendar days), at the listed
 * car parks (`location_ids`, departure or arrival; empty = all) and band types (empty = all). Status 1 = active (the
 * quote applies it), 0 = a draft (only the simulation applies it). The kinds and their `config`:
 * - `occupancy`: `steps` [{ above, percent }]: the car park's busiest day of the stay more than `above` % full at
 *   booking time adds `percent` (the highest step passed wins);
 * - `lead_time`: `mode` `early_bird` (booked at least `days` days ahead: `percent`, usually negative) or
 *   `last_minute` (booked within `hours` hours of departure: `percent`);
 * - `days`: departure on one of `weekdays` (1 = Monday .. 7 = Sunday) or `dates`: `percent` (+ or -);
 * - `min_stay`: a stay shorter than `min_days` is refused (400 `quote_min_stay`);
 * - `blackout`: a departure on one of `dates` is refused (400 `quote_blackout`).
 */
export const priceRuleKinds = ['occupancy', 'lead_time', 'days', 'min_stay', 'blackout'] as const;
export type PriceRuleKind = (typeof priceRuleKinds)[number];
export const leadTimeModes = ['early_bird', 'last_minute'] as const;
export type LeadTimeMode = (typeof leadTimeModes)[number];

/** A rule's percent: a whole number from -90 to +500, never 0. */
export const MIN_RULE_PERCENT = -90;
export const MAX_RULE_PERCENT = 500;
const percent = z
  .number({ error: V.required })
  .int({ error: V.rulePercent })
  .min(MIN_RULE_PERCENT, { error: V.rulePercent })
  .max(MAX_RULE_PERCENT, { error: V.rulePercent })
  .refine((value) => value !== 0, { error: V.rulePercent });
const calendarDate = calendarDateSchema(V.date);
const dateList = (min: number) =>
  z
    .array(calendarDate)
    .min(min, { error: V.required })
    .max(366, { error: V.tooManyItems })
    .transform((dates) => [...new Set(dates)].sort());

export const occupancyConfigSchema = z.strictObject({
  steps: z
    .array(
      z.strictObject({
        above: z
          .number({ error: V.required })
          .int({ error: V.occupancyAbove })
          .min(0, { error: V.occupancyAbove })
          .max(99, { error: V.occupancyAbove }),
        percent,
      }),
    )
    .min(1, { error: V.required })
    .max(10, { error: V.tooManyItems })
    .refine((steps) => new Set(steps.map((step) => step.above)).size === steps.length, { error: V.invalidValue })
    .transform((steps) => [...steps].sort((a, b) => a.above - b.above)),
});
export const leadTimeConfigSchema = z.discriminatedUnion(
  'mode',
  [
    z.strictObject({
      mode: z.literal('early_bird'),
      days: z
        .number({ error: V.required })
        .int({ error: V.positiveInteger })
        .min(1, { error: V.positiveInteger })
        .max(365, { error: V.tooLong }),
      percent,
    }),
    z.strictObject({
      mode: z.literal('last_minute'),
      hours: z
        .number({ error: V.required })
        .int({ error: V.positiveInteger })
        .min(1, { error: V.positiveInteger })
        .max(720, { error: V.tooLong }),
      percent,
    }),
  ],
  { error: V.invalidValue },
);
export const daysConfigSchema = z
  .strictObject({
    weekdays: z
      .array(z.number().int({ error: V.weekday }).min(1, { error: V.weekday }).max(7, { error: V.weekday }))
      .max(7, { error: V.tooManyItems })
      .default([])
      .transform((days) => [...new Set(days)].sort()),
    dates: dateList(0).default([]),
    percent,
  })
  .refine((config) => config.weekdays.length + config.dates.length > 0, { path: ['weekdays'], error: V.required });
export const minStayConfigSchema = z.strictObject({
  min_days: z
    .number({ error: V.required })
    .int({ error: V.positiveInteger })
    .min(2, { error: V.positiveInteger })
    .max(365, { error: V.tooLong }),
});
export const blackoutConfigSchema = z.strictObject({ dates: dateList(1) });

export const priceRuleConfigSchemas = {
  occupancy: occupancyConfigSchema,
  lead_time: leadTimeConfigSchema,
  days: daysConfigSchema,
  min_stay: minStayConfigSchema,
  blackout: blackoutConfigSchema,
} as const;
export type OccupancyConfig = z.output<typeof occupancyConfigSchema>;
export type LeadTimeConfig = z.output<typeof leadTimeConfigSchema>;
export type DaysConfig = z.output<typeof daysConfigSchema>;
export type MinStayConfig = z.output<typeof minStayConfigSchema>;
export type BlackoutConfig = z.output<typeof blackoutConfigSchema>;

/** A rule's kind with its config, as the quote reads it. */
export type PriceRuleBody =
  | { kind: 'occupancy'; config: OccupancyConfig }
  | { kind: 'lead_time'; config: LeadTimeConfig }
  | { kind: 'days'; config: DaysConfig }
  | { kind: 'min_stay'; config: MinStayConfig }
  | { kind: 'blackout'; config: BlackoutConfig };

/** What the quote needs of a rule (the stored rule, or a draft in the simulation). */
export type PriceRuleDefinition = PriceRuleBody & {
  id: number;
  name: string;
  position: number;
  valid_from: string;
  valid_to: string;
  location_ids: number[];
  band_types: Array<(typeof bandTypes)[number]>;
};

/** A company's price rules, as every call answers them. */
export const priceRuleSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  valid_from: z.string(),
  valid_to: z.string(),
  location_ids: z.array(z.number().int()),
  band_types: z.array(z.enum(bandTypes)),
  kind: z.enum(priceRuleKinds),
  config: z.record(z.string(), z.unknown()),
  notes: z.string().nullable(),
  status: recordStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type PriceRule = z.infer<typeof priceRuleSchema>;

const priceRuleFields = {
  name: recordName(),
  position: z
    .number({ error: V.required })
    .int({ error: V.positiveInteger })
    .min(1, { error: V.positiveInteger })
    .max(1000, { error: V.tooLong }),
  valid_from: calendarDate,
  valid_to: calendarDate,
  location_ids: z
    .array(recordIdSchema)
    .max(100, { error: V.tooManyItems })
    .transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
  band_types: z
    .array(z.enum(bandTypes, { error: V.invalidValue }))
    .max(bandTypes.length, { error: V.tooManyItems })
    .transform((types) => [...new Set(types)]),
  kind: z.enum(priceRuleKinds, { error: V.invalidValue }),
  config: z.record(z.string(), z.unknown(), { error: V.invalidValue }),
  notes: optionalText(500),
  status: recordStatusSchema,
};

/** `config` checked against `kind`: each issue on its field under `config.` (the form shows it beside the field). */
function checkConfig(body: { kind?: PriceRuleKind; config?: Record<string, unknown> }, context: z.RefinementCtx) {
  if (body.kind === undefined || body.config === undefined) return;
  const parsed = priceRuleConfigSchemas[body.kind].safeParse(body.config);
  if (parsed.success) {
    body.config = parsed.data as Record<string, unknown>;
    return;
  }
  for (const issue of parsed.error.issues) {
    context.addIssue({ code: 'custom', path: ['config', ...issue.path.map(String)], message: issue.message });
  }
}
const datesInOrder = (body: { valid_from?: string; valid_to?: string }) =>
  body.valid_from === undefined || body.valid_to === undefined || body.valid_from <= body.valid_to;

/** The add's body, and the form's: the name is unique in the company, whatever its case. */
export const priceRuleCreateSchema = z
  .strictObject({
    ...priceRuleFields,
    location_ids: priceRuleFields.location_ids.default([]),
    band_types: priceRuleFields.band_types.default([]),
    notes: priceRuleFields.notes.optional(),
    status: priceRuleFields.status.default(0),
  })
  .refine(datesInOrder, { path: ['valid_to'], error: V.dateOrder })
  .superRefine(checkConfig);
export type PriceRuleCreateInput = z.input<typeof priceRuleCreateSchema>;
export type PriceRuleCreate = z.output<typeof priceRuleCreateSchema>;

/** Any subset; `kind` and `config` change together (a config is read by its kind). */
export const priceRuleUpdateSchema = z
  .strictObject(priceRuleFields)
  .partial()
  .refine((body) => Object.keys(body).length > 0, { error: V.required })
  .refine((body) => (body.kind === undefined) === (body.config === undefined), { path: ['config'], error: V.required })
  .refine(datesInOrder, { path: ['valid_to'], error: V.dateOrder })
  .superRefine(checkConfig);
export type PriceRuleUpdate = z.output<typeof priceRuleUpdateSchema>;

export const priceRuleSortFields = ['position', 'name', 'kind', 'valid_from', 'status', 'created_at'] as const;

/** The list: paging, sort, search by name or notes, `status=1` for active ones, `kind`. */
export const priceRuleListQuerySchema = listQuerySchema(priceRuleSortFields).extend({
  status: recordStatusQuerySchema.optional(),
  kind: z.enum(priceRuleKinds).optional(),
});
export type PriceRuleListQuery = z.output<typeof priceRuleListQuerySchema>;

/** The simulation's periods: departures of the last 30 days, or of the next 30 (the airport's days). */
export const simulationPeriods = ['last_month', 'next_30_days'] as const;
export type SimulationPeriod = (typeof simulationPeriods)[number];

/** `POST /api/price-rule/simulate`: the rules to try (any status: drafts too); none = every rule of the company. */
export const priceRuleSimulationSchema = z.strictObject({
  period: z.enum(simulationPeriods, { error: V.invalidValue }),
  rule_ids: z.array(recordIdSchema).max(200, { error: V.tooManyItems }).optional(),
});
export type PriceRuleSimulationInput = z.input<typeof priceRuleSimulationSchema>;

export const simulationRowSchema = z.object({
  booking_id: z.number().int(),
  reference: z.string(),
  created_at: z.string(),
  departure_day: z.string(),
  arrival_day: z.string(),
  /** What the booking paid (its stored total). */
  paid: z.number().int(),
  /** What it would pay under the rules, or null when a rule refuses it (`refused` says why). */
  simulated: z.number().int().nullable(),
  difference: z.number().int(),
  refused: z.string().nullable(),
  /** The rules that changed its price, by name. */
  rules: z.array(z.string()),
});
export type SimulationRow = z.infer<typeof simulationRowSchema>;

export const priceRuleSimulationResultSchema = z.object({
  period: z.enum(simulationPeriods),
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  rule_ids: z.array(z.number().int()),
  count: z.number().int(),
  /** Bookings a rule would refuse (minimum stay, blackout) or that cannot be quoted any more: counted, left out of both totals. */
  refused: z.number().int(),
  total_before: z.number().int(),
  total_after: z.number().int(),
  difference: z.number().int(),
  rows: z.array(simulationRowSchema),
});
export type PriceRuleSimulationResult = z.infer<typeof priceRuleSimulationResultSchema>;

/** `price-rule/add`, `list`, `get/{id}`, `update/{id}`, `delete/{id}` of the caller's company, and the simulation. */
export const priceRuleEndpoints = crudEndpoints('/api/price-rule', 'price_rules', {
  record: priceRuleSchema,
  create: priceRuleCreateSchema,
  update: priceRuleUpdateSchema,
  listQuery: priceRuleListQuerySchema,
  idParams: idParamsSchema,
});

export const priceRuleSimulationEndpoints = {
  simulate: endpoint({
    method: 'POST',
    path: '/api/price-rule/simulate',
    // What bookings paid and would pay: money throughout, so also finance.view (common/finance.ts).
    access: { permission: 'price_rules.view', finance: true },
    body: priceRuleSimulationSchema,
    response: priceRuleSimulationResultSchema,
  }),
} as const;
