import { z } from 'zod';

export const auditActions = ['create', 'update', 'delete'] as const;
export type AuditAction = (typeof auditActions)[number];

/** What changed in one field: its value before and after (absent on create or delete). */
export const auditChangeSchema = z.object({ from: z.unknown().optional(), to: z.unknown().optional() });
export type AuditChange = z.infer<typeof auditChangeSchema>;
