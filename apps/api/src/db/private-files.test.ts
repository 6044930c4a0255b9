import { chmod, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { tightenFolder } from './private-files.ts';

/** Paths under `dir` with any permission for group or others. */
async function openToOthers(dir: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (path: string) => {
    const stats = await stat(path);
    if ((stats.mode & 0o077) !== 0) found.push(`${path} ${(stats.mode & 0o777).toString(8)}`);
    if (stats.isDirectory()) for (const name of await readdir(path)) await walk(join(path, name));
  };
  await walk(dir);
  return found;
}

// PGlite writes its files itself; run once, in the embedded-database project.
describe.runIf(process.env.TEST_DB !== 'postgres')('the embedded database’s files are the server’s user’s alone', () => {
  const roots: string[] = [];
  const newRoot = async () => {
    const root = await mkdtemp(join(tmpdir(), 'ps-private-'));
    roots.push(root);
    return root;
  };
  afterAll(() => Promise.all(roots.map((root) => rm(root, { recursive: true, force: true }))));

  it('a new data folder is 0700 with its files 0600 once opened (PGlite unpacks 970 files as 0666)', { timeout: 60_000 }, async () => {
    const dataDir = join(await newRoot(), 'data');
    const database = await openDatabase({ dataDir, connectTimeoutMs: 3000 });
    try {
      expect(await openToOthers(dataDir)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('an existing folder left open to everyone is tightened when it is opened again', { timeout: 60_000 }, async () => {
    const dataDir = join(await newRoot(), 'data');
    await (await openDatabase({ dataDir, connectTimeoutMs: 3000 })).close();
    // As an older release left it: folders 0755, files 0666.
    const loosen = async (path: string): Promise<void> => {
      const stats = await stat(path);
      await chmod(path, stats.isDirectory() ? 0o755 : 0o666);
      if (stats.isDirectory()) for (const name of await readdir(path)) await loosen(join(path, name));
    };
    await loosen(dataDir);
    expect((await openToOthers(dataDir)).length).toBeGreaterThan(900);
    const database = await openDatabase({ dataDir, connectTimeoutMs: 3000 });
    try {
      expect(await openToOthers(dataDir)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});

describe('tightenFolder', () => {
  it('takes group and others off every file and folder, keeps the owner’s, and leaves a missing folder alone', async () => {
    const root = await mkdtemp(join(tmpdir(), 'ps-tighten-'));
    try {
      await mkdir(join(root, 'uploads', 'inner'), { recursive: true, mode: 0o777 });
      await writeFile(join(root, 'uploads', 'inner', 'a.pdf'), 'x', { mode: 0o666 });
      await writeFile(join(root, 'script.sh'), 'x', { mode: 0o755 });
      await chmod(join(root, 'uploads'), 0o777);
      await chmod(join(root, 'uploads', 'inner'), 0o777);
      await chmod(join(root, 'uploads', 'inner', 'a.pdf'), 0o666);
      await chmod(join(root, 'script.sh'), 0o755);
      expect(await tightenFolder(root)).toBe(4);
      expect((await stat(join(root, 'uploads'))).mode & 0o777).toBe(0o700);
      expect((await stat(join(root, 'uploads', 'inner', 'a.pdf'))).mode & 0o777).toBe(0o600);
      expect((await stat(join(root, 'script.sh'))).mode & 0o777).toBe(0o700);
      expect(await tightenFolder(root)).toBe(0);
      expect(await tightenFolder(join(root, 'missing'))).toBe(0);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
