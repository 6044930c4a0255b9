import { randomBytes } from 'node:crypto';
import type { Company, CompanyCreate, CompanyListQuery, CompanyUpdate, PartnerCompany } from '@ps/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, companyWebConfigs, users } from '../../db/schema/index.ts';
import { recordAudit } from '../../kit/audit.ts';
import { writeOrganisationRecords } from '../../kit/records.ts';
import type { CompanyActor, OrganisationActor } from '../../kit/routes.ts';
import { AppError, conflict, invalidField, notFound } from '../../lib/errors.ts';
import { assertNewPasswordAllowed, hashPassword } from '../../lib/passwords.ts';
import {
  constraintOf,
  PG_CHECK_VIOLATION,
  PG_FOREIGN_KEY_VIOLATION,
  PG_RESTRICT_VIOLATION,
  PG_UNIQUE_VIOLATION,
  pgErrorCode,
} from '../../lib/pg-errors.ts';
import { notifyAccessChanged } from '../../plugins/access.ts';
import { type CompanyRow, createCompaniesRepository } from './companies.repository.ts';

/** A company's publishable client key (what the sign-in page sends before anyone signs in). */
export function newClientKey(): string {
  return randomBytes(24).toString('base64url');
}

export function toCompany(row: CompanyRow): Company {
  return {
    ...row,
    status: row.status === 1 ? 1 : 0,
    partner_ids: row.partner_ids.map(Number),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** What the database refuses, in the super admin's terms. */
function translateConstraint(error: unknown): AppError | undefined {
  const code = pgErrorCode(error);
  const constraint = constraintOf(error) ?? '';
  if (code === PG_UNIQUE_VIOLATION && constraint === 'users_email_unique') return conflict('email_taken', 'admin.email');
  if (code === PG_CHECK_VIOLATION && constraint === 'company_partners_not_self') return conflict('partner_invalid', 'partner_ids');
  if (code === PG_FOREIGN_KEY_VIOLATION && constraint.startsWith('company_partners_partner_company_id')) {
    return conflict('partner_invalid', 'partner_ids');
  }
  if (code === PG_FOREIGN_KEY_VIOLATION && constraint.startsWith('companies_country_id')) return invalidField('country_id');
  // Anything else still referring to the company (airports, locations...) keeps it.
  if (code === PG_FOREIGN_KEY_VIOLATION || code === PG_RESTRICT_VIOLATION) return new AppError(409, 'company_in_use');
  return undefined;
}

const companyWrites = { entity: 'company', translate: translateConstraint };

/**
 * The organisation's companies (super admin). Adding one makes its web config, its client key and its
 * first admin, who must choose a new password at first sign-in. Deactivating one ends its users' sessions.
 */
export function createCompaniesService(db: Db) {
  const read = async (id: number, reader = createCompaniesRepository(db)) => {
    const row = await reader.findById(id);
    if (!row) throw notFound();
    return toCompany(row);
  };
  return {
    async list(_actor: OrganisationActor, query: CompanyListQuery) {
      const { rows, total } = await createCompaniesRepository(db).list(query);
      return { items: rows.map(toCompany), total };
    },
    get: (_actor: OrganisationActor, id: number) => read(id),

    async create(actor: OrganisationActor, input: CompanyCreate): Promise<Company> {
      const { admin, partner_ids: partnerIds, ...fields } = input;
      await assertNewPasswordAllowed(admin.temporary_password, 'admin.temporary_password');
      const passwordHash = await hashPassword(admin.temporary_password);
      return writeOrganisationRecords(db, companies, actor, companyWrites, async (records) => {
        const company = await records.create({ ...fields, client_key: newClientKey() });
        const repository = createCompaniesRepository(records.tx);
        await records.tx.insert(companyWebConfigs).values({ company_id: company.id, name: fields.name });
        await repository.setPartners(company.id, partnerIds);
        const [user] = await records.tx
          .insert(users)
          .values({
            company_id: company.id,
            role: 'admin',
            name: admin.name,
            email: admin.email,
            password_hash: passwordHash,
            must_change_password: true,
          })
          .returning({ id: users.id, name: users.name, email: users.email, role: users.role });
        if (!user) throw new Error('insert returned no row');
        await recordAudit(records.tx, {
          companyId: company.id,
          actorUserId: actor.actorUserId,
          entity: 'user',
          entityId: user.id,
          action: 'create',
          after: user,
        });
        return read(company.id, repository);
      });
    },

    async update(actor: OrganisationActor, id: number, input: CompanyUpdate): Promise<Company> {
      let statusChanged = false;
      const company = await writeOrganisationRecords(db, companies, actor, companyWrites, async (records) => {
        const { partner_ids: partnerIds, ...fields } = input;
        const repository = createCompaniesRepository(records.tx);
        const { before } = Object.keys(fields).length > 0 ? await records.update(id, fields) : { before: await records.lock(id) };
        if (partnerIds) {
          const previous = await repository.findById(id);
          await repository.setPartners(id, partnerIds);
          await recordAudit(records.tx, {
            companyId: id,
            actorUserId: actor.actorUserId,
            entity: 'company',
            entityId: id,
            action: 'update',
            before: { partner_ids: previous?.partner_ids ?? [] },
            after: { partner_ids: [...new Set(partnerIds)].sort((a, b) => a - b) },
          });
        }
        if (fields.name !== undefined)
          await records.tx.update(companyWebConfigs).set({ name: fields.name }).where(eq(companyWebConfigs.company_id, id));
        // Deactivating a company ends its users' sessions; their access tokens stop at the next request too.
        statusChanged = fields.status !== undefined && fields.status !== before.status;
        if (statusChanged && fields.status === 0) await repository.revokeCompanySessions(id);
        return read(id, repository);
      });
      // After the commit: every process drops what it cached of these users' access.
      if (statusChanged) await notifyAccessChanged(db, { companyId: id });
      return company;
    },

    async delete(actor: OrganisationActor, id: number): Promise<void> {
      await writeOrganisationRecords(db, companies, actor, companyWrites, async (records) => {
        await records.lock(id);
        await createCompaniesRepository(records.tx).deleteCompanyUsers(id);
        await records.remove(id);
      });
      await notifyAccessChanged(db, { companyId: id });
    },

    /** The caller's company's partners. */
    async partners(actor: CompanyActor): Promise<PartnerCompany[]> {
      const rows = await createCompaniesRepository(db).partnersOf(actor.companyId);
      return rows.map((row) => ({ ...row, status: row.status === 1 ? 1 : 0 }));
    },
  };
}
