import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { auditLog } from '../../db/schema/index.ts';

/** The database's own words for a refusal (drizzle wraps them: the cause carries PostgreSQL's message). */
async function refusal(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    return `${(error as Error).message} ${cause instanceof Error ? cause.message : ''}`;
  }
  throw new Error('the statement was not refused');
}

describe('audit rows are append-only', () => {
  let ctx: TestContext;
  let id: number;
  beforeAll(async () => {
    ctx = await createTestContext();
    const [row] = await ctx.db
      .insert(auditLog)
      .values({ company_id: null, entity: 'airport', entity_id: '1', action: 'create', changes: { name: { to: 'Heathrow' } } })
      .returning();
    id = row?.id ?? 0;
  });
  afterAll(() => ctx.close());

  async function stored() {
    return ctx.db.select().from(auditLog).where(eq(auditLog.id, id));
  }

  it('refuses an UPDATE from SQL and keeps the row as written', async () => {
    expect(await refusal(() => ctx.db.execute(sql`update audit_log set entity_id = '2' where id = ${id}`))).toMatch(
      /audit_log is append-only: UPDATE refused/,
    );
    expect(await refusal(() => ctx.db.update(auditLog).set({ changes: {} }).where(eq(auditLog.id, id)))).toMatch(/append-only/);
    expect(await stored()).toMatchObject([{ entity_id: '1', changes: { name: { to: 'Heathrow' } } }]);
  });

  it('refuses a DELETE and a TRUNCATE from SQL', async () => {
    expect(await refusal(() => ctx.db.execute(sql`delete from audit_log where id = ${id}`))).toMatch(
      /audit_log is append-only: DELETE refused/,
    );
    expect(await refusal(() => ctx.db.execute(sql`truncate audit_log`))).toMatch(/audit_log is append-only: TRUNCATE refused/);
    expect(await stored()).toHaveLength(1);
  });

  it('refuses a DELETE with the retention setting made outside a transaction-local scope of the job', async () => {
    // `set local` outside a transaction lasts for nothing: the next statement is refused.
    await ctx.db.execute(sql`set local ps.retention = 'on'`);
    expect(await refusal(() => ctx.db.execute(sql`delete from audit_log where id = ${id}`))).toMatch(/append-only/);
    expect(await stored()).toHaveLength(1);
  });

  it("allows the retention job's DELETE, only inside its transaction", async () => {
    const [young] = await ctx.db
      .insert(auditLog)
      .values({ company_id: null, entity: 'airport', entity_id: '9', action: 'create', changes: {} })
      .returning();
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local ps.retention = 'on'`);
      await tx.delete(auditLog).where(eq(auditLog.id, id));
    });
    expect(await stored()).toEqual([]);
    // The setting ended with that transaction.
    expect(await refusal(() => ctx.db.execute(sql`delete from audit_log where id = ${young?.id ?? 0}`))).toMatch(/append-only/);
  });
});
