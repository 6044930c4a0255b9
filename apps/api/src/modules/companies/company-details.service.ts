import { createHash } from 'node:crypto';
import type { CompanyClientKey, CompanyDetails, CompanyDetailsUpdate } from '@ps/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies } from '../../db/schema/index.ts';
import { recordAudit } from '../../kit/audit.ts';
import { constraintTranslator } from '../../kit/constraints.ts';
import type { CompanyActor } from '../../kit/routes.ts';
import { notFound } from '../../lib/errors.ts';
import { fromAddressOf } from '../../lib/mail-from.ts';
import { notifyAccessChanged } from '../../plugins/access.ts';
import { newClientKey } from './companies.service.ts';
import { type CompanyDetailsRow, findCompanyDetails, updateCompanyDetailsRow } from './company-details.repository.ts';

/**
 * A company's own details, kept by its admin (issue 21): contact, tax/VAT number, how its mails are signed, the first
 * day of its week and its terms. Each change is audited as the company's, in the change's transaction.
 */
/** The first 8 hex digits of a key's SHA-256: names the key in the audit log without holding it. */
const keyFingerprint = (key: string) => `sha256:${createHash('sha256').update(key).digest('hex').slice(0, 8)}`;

/** The booking page's address is unique across the companies: another's is 409 on its field. */
const translateConstraint = constraintTranslator({
  table: 'companies',
  unique: { companies_booking_slug_unique: { code: 'booking_slug_taken', field: 'booking_slug' } },
  checks: {
    companies_booking_slug_format: 'booking_slug',
    companies_personal_data_retention_days_range: 'personal_data_retention_days',
  },
  inUse: 'company_in_use',
});

export function createCompanyDetailsService(db: Db, mailFrom: string) {
  // Every mail leaves from the server's address; the screen shows it beside the company's sender name.
  const mailFromAddress = fromAddressOf(mailFrom);
  const toDetails = (row: CompanyDetailsRow): CompanyDetails => ({ ...row, mail_from_address: mailFromAddress });
  return {
    async get(actor: CompanyActor): Promise<CompanyDetails> {
      const row = await findCompanyDetails(db, actor.companyId);
      if (!row) throw notFound();
      return toDetails(row);
    },

    /** The fields given, audited as the company's; a booking page address another company has is 409 `booking_slug_taken`. */
    async update(actor: CompanyActor, input: CompanyDetailsUpdate): Promise<CompanyDetails> {
      try {
        const details = await db.transaction(async (tx) => {
          const before = await findCompanyDetails(tx, actor.companyId, true);
          if (!before) throw notFound();
          const after = await updateCompanyDetailsRow(tx, actor.companyId, input);
          await recordAudit(tx, {
            companyId: actor.companyId,
            actorUserId: actor.actorUserId,
            entity: 'company',
            entityId: actor.companyId,
            action: 'update',
            before,
            after,
          });
          return toDetails(after);
        });
        // Online booking switched, its payment or policy changed: the client-key caches of every process forget the company.
        await notifyAccessChanged(db, { companyId: actor.companyId });
        return details;
      } catch (error) {
        throw translateConstraint(error) ?? error;
      }
    },

    async clientKey(actor: CompanyActor): Promise<CompanyClientKey> {
      const [row] = await db.select({ client_key: companies.client_key }).from(companies).where(eq(companies.id, actor.companyId));
      if (!row) throw notFound();
      return { company_id: actor.companyId, client_key: row.client_key };
    },

    /**
     * A new client key: every call with the old one is 401 from the moment the change is heard, at once in this process
     * and within milliseconds in the others (`notifyAccessChanged`: the client-key caches forget the company). Audited
     * without either key: the entry says that it changed.
     */
    async rotateClientKey(actor: CompanyActor): Promise<CompanyClientKey> {
      const rotated = await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ client_key: companies.client_key })
          .from(companies)
          .where(eq(companies.id, actor.companyId))
          .for('update');
        if (!before) throw notFound();
        const clientKey = newClientKey();
        await tx.update(companies).set({ client_key: clientKey }).where(eq(companies.id, actor.companyId));
        // Each key by its fingerprint: the entry tells one key from the next, in any language, and holds neither.
        await recordAudit(tx, {
          companyId: actor.companyId,
          actorUserId: actor.actorUserId,
          entity: 'company',
          entityId: actor.companyId,
          action: 'update',
          before: { client_key: keyFingerprint(before.client_key) },
          after: { client_key: keyFingerprint(clientKey) },
        });
        return { company_id: actor.companyId, client_key: clientKey };
      });
      await notifyAccessChanged(db, { companyId: actor.companyId });
      return rotated;
    },
  };
}
