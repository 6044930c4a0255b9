import { z } from 'zod';
import { HEX_COLOUR_PATTERN } from './common/colours.ts';
import { endpoint } from './common/endpoint.ts';
import { notOnlyBlank, V } from './common/validation.ts';
import { companyWebConfigRoute, publicWebConfigRoute } from './webConfig.routes.ts';

export * from './common/colours.ts';

/**
 * A company's public web config, read by the sign-in screen with the company's Basic client key and kept
 * in the browser as the persisted config (spec sections 2 and 3). `login_page_logo` is a `data:` URL of a
 * PNG, JPEG or (sanitised) SVG image, or null.
 */
export const webConfigSchema = z.object({
  company_id: z.number().int(),
  name: z.string(),
  login_page_logo: z.string().nullable(),
  primary_color: z.string(),
  background_color: z.string(),
  /** The company's first day of the week, ISO (1 Monday to 7 Sunday): how its screens lay out calendars. */
  first_day_of_week: z.number().int().min(1).max(7),
});
export type WebConfig = z.infer<typeof webConfigSchema>;

/** The biggest logo file accepted: it travels with every sign-in page, so it stays small. */
export const MAX_LOGO_BYTES = 256 * 1024;

const hexColour = z.string({ error: V.required }).trim().regex(HEX_COLOUR_PATTERN, { error: V.hexColour });

/** What a company admin changes (any subset); the logo has calls of its own (a file upload). */
export const webConfigUpdateSchema = z
  .strictObject({
    name: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(100, { error: V.max100 }).refine(notOnlyBlank, {
      error: V.notBlank,
    }),
    primary_color: hexColour,
    background_color: hexColour,
  })
  .partial();
export type WebConfigUpdate = z.infer<typeof webConfigUpdateSchema>;

const webConfigUpdate = { permission: 'web_config.update' } as const;

/** The public read of the sign-in page, the signed-in user's own company's, and a company admin's changes. */
/** The logo form as the API reference shows it. */
export const logoFormSchema = z.object({
  file: z.unknown().meta({ type: 'string', format: 'binary', description: 'The logo: PNG, JPEG or SVG, at most 256 kB' }),
});

export const webConfigEndpoints = {
  /** The sign-in page's (no user: the Basic client key); its route is zod-free (`webConfig.routes.ts`). */
  public: endpoint({ ...publicWebConfigRoute, response: webConfigSchema }),
  /** The signed-in user's company's: the app themes itself with it (the shell calls its zod-free route). */
  company: endpoint({ ...companyWebConfigRoute, response: webConfigSchema }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/web-config/update',
    access: webConfigUpdate,
    body: webConfigUpdateSchema,
    response: webConfigSchema,
  }),
  /** A `multipart/form-data` form with one `file` (the web sends it as `form`): the server reads it itself. */
  /** A `multipart/form-data` form with one `file`; the handler reads it (its bytes decide what it is). */
  uploadLogo: endpoint({
    method: 'POST',
    path: '/api/web-config/logo',
    access: webConfigUpdate,
    body: logoFormSchema,
    multipart: true,
    response: webConfigSchema,
  }),
  removeLogo: endpoint({ method: 'DELETE', path: '/api/web-config/logo', access: webConfigUpdate, response: webConfigSchema }),
} as const;
