import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { startAfresh } from './embedded.ts';

/**
 * The embedded database's memory (issue 24, section 4; docs/decisions.md, "The embedded database's memory"): the setting
 * that took `npm start`'s idle RSS with the demo data from 420-440 MB to 300-320 MB on a restart. Not timed: the setting
 * itself.
 */
describe.skipIf(process.env.TEST_DB === 'postgres')('the embedded database is opened small', () => {
  it('with 32 MB of shared buffers (PostgreSQL 128 MB default stays resident in the WebAssembly memory), PGlite’s own parameters kept', async () => {
    const database = await openDatabase({ dataDir: 'memory://', connectTimeoutMs: 3000 });
    try {
      const result = (await database.db.execute(
        sql`select name, setting from pg_settings where name in ('shared_buffers', 'max_worker_processes', 'search_path', 'io_method')`,
      )) as unknown as { rows: { name: string; setting: string }[] };
      const settings = Object.fromEntries(result.rows.map((row) => [row.name, row.setting]));
      // In 8 kB pages: 4,096 pages are 32 MB.
      expect(settings).toEqual({ shared_buffers: '4096', max_worker_processes: '0', search_path: 'public', io_method: 'sync' });
    } finally {
      await database.close();
    }
  });

  it('starts afresh after loading the demo data only on a folder, never in memory, on PostgreSQL or a second time', async () => {
    let closed = 0;
    const close = async () => {
      closed++;
    };
    expect(await startAfresh({ embedded: {}, close }, { DATA_DIR: 'memory://' }, 'banner')).toBe(false);
    expect(await startAfresh({ close }, { DATA_DIR: './data' }, 'banner')).toBe(false);
    process.env.PS_STARTED_AFRESH = '1';
    try {
      expect(await startAfresh({ embedded: {}, close }, { DATA_DIR: './data' }, 'banner')).toBe(false);
    } finally {
      delete process.env.PS_STARTED_AFRESH;
    }
    expect(closed).toBe(0);
  });
});
