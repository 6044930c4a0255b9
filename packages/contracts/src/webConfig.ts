import { z } from 'zod';

/**
 * A company's public web config, read by the sign-in screen with the company's Basic client key and kept
 * in the browser as the persisted config (spec sections 2 and 3).
 */
export const webConfigSchema = z.object({
  company_id: z.number().int(),
  name: z.string(),
  login_page_logo: z.string().nullable(),
  primary_color: z.string(),
});
export type WebConfig = z.infer<typeof webConfigSchema>;
