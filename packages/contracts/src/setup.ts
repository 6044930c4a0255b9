import { z } from 'zod';
import { endpoint } from './common/endpoint.ts';

/**
 * A new company's setup checklist (issue 22, section 6): what it sets up before it can take its first booking, in the
 * order it is done (a car park needs an airport, prices need bands). Each step's state is read from the company's own
 * records, never stored: a step is done when its records exist, and open again when they are gone.
 * - `airport`: an active airport of its own (added, or picked from the organisation's list);
 * - `car_park`: an active car park (a location of type `car_park`) with capacity above 0, as the dashboard counts one;
 * - `bands`: an active band (a length of stay that is priced);
 * - `prices`: a price of an active band (a band's default for a month, or a route's own);
 * - `users`: someone besides the company's first admin (an office user or a driver);
 * - `web_config`: the sign-in page's look saved by the company (its name, colours or logo).
 */
export const setupSteps = ['airport', 'car_park', 'bands', 'prices', 'users', 'web_config'] as const;
export type SetupStep = (typeof setupSteps)[number];

export const setupStepStateSchema = z.object({
  step: z.enum(setupSteps),
  done: z.boolean(),
  /** How many records make the step: airports, car parks, bands, prices, people besides the first admin, saves of the look. */
  count: z.number().int(),
});
export type SetupStepState = z.infer<typeof setupStepStateSchema>;

export const companySetupSchema = z.object({
  /** Every step, in `setupSteps` order. */
  steps: z.array(setupStepStateSchema),
  /** How many steps are done, of `total`. */
  done: z.number().int(),
  total: z.number().int(),
});
export type CompanySetup = z.infer<typeof companySetupSchema>;

/** `GET /api/company/setup/list`: the caller's company's checklist, for whoever sees its dashboard. */
export const setupEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/company/setup/list',
    access: { permission: 'statistics.view' },
    response: companySetupSchema,
  }),
} as const;
