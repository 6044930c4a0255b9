import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { type DbOrTx, readTogether } from './client.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

/** Two reads that log when each starts and ends; the first is the slower, so a read run alongside starts first. */
async function twoReads(db: DbOrTx) {
  const log: string[] = [];
  const read = (name: string, seconds: number) => async () => {
    log.push(`${name} starts`);
    const result = await db.execute(sql`select ${name}::text as name, pg_sleep(${seconds})`);
    log.push(`${name} ends`);
    return (result as unknown as { rows: Array<{ name: string }> }).rows[0]?.name;
  };
  const answers = await readTogether(db, [read('first', 0.05), read('second', 0)]);
  return { answers, log };
}

describe('readTogether', () => {
  it('starts every read at once on the database, and answers in the order asked', async () => {
    const { answers, log } = await twoReads(ctx.db);
    expect(answers).toEqual(['first', 'second']);
    expect(log.slice(0, 2)).toEqual(['first starts', 'second starts']);
  });

  it('in a transaction (one connection), starts each read when the one before has answered', async () => {
    const { answers, log } = await ctx.db.transaction((tx) => twoReads(tx));
    expect(answers).toEqual(['first', 'second']);
    expect(log).toEqual(['first starts', 'first ends', 'second starts', 'second ends']);
  });
});
