import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const serverPath = resolve(import.meta.dirname, '../src/server.ts');
const cliPath = resolve(import.meta.dirname, '../src/db/backup-cli.ts');
const run = promisify(execFile);

/** Starts the real server on a free port over DATA_DIR; resolves with its port once it listens. */
function startServer(dataDir: string): Promise<{ child: ChildProcess; port: number; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, [serverPath], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  let output = '';
  return new Promise((resolvePort, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/listening at http:\/\/127\.0\.0\.1:(\d+)/);
      if (match) resolvePort({ child, port: Number(match[1]), exited });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

/** A sign-in of the demo admin: it writes a session row that keeps the user agent it came with. */
async function signInAs(port: number, userAgent: string) {
  const response = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': userAgent },
    body: JSON.stringify({ email: 'admin@example.com', password: 'admin123', type: 'email', org_instance_id: 1 }),
  });
  expect(response.status).toBe(202);
}

function cli(dataDir: string, ...args: string[]) {
  return run(process.execPath, [cliPath, ...args], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } });
}

/** Files and folders under `dir` that another user could read or enter (any permission of group or others). */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    const stats = lstatSync(path);
    if ((stats.mode & 0o077) !== 0) found.push(`${path} ${(stats.mode & 0o777).toString(8)}`);
    if (stats.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dir);
  return found;
}

async function userAgents(dataDir: string): Promise<string[]> {
  const { PGlite } = await import('@electric-sql/pglite');
  const client = await PGlite.create(dataDir);
  try {
    const result = await client.query<{ user_agent: string }>(
      "select user_agent from sessions where user_agent like 'backup-test-%' order by user_agent",
    );
    return result.rows.map((row) => row.user_agent);
  } finally {
    await client.close();
  }
}

// Whole processes on the embedded database: runs once, in the embedded-database project.
describe.runIf(process.env.TEST_DB !== 'postgres')('backup and restore of the embedded database', () => {
  const root = mkdtempSync(join(tmpdir(), 'ps-backup-'));
  const dataDir = join(root, 'data');
  const file = join(root, 'backups', 'one.tar.gz');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('backs up while the server runs; restore refuses while it runs, then brings back the backed-up rows only', {
    timeout: 300_000,
  }, async () => {
    const first = await startServer(dataDir);
    await signInAs(first.port, 'backup-test-1-before');
    const backedUp = await cli(dataDir, 'backup', file);
    expect(backedUp.stdout).toMatch(/from the running server/);
    expect(existsSync(file)).toBe(true);
    await signInAs(first.port, 'backup-test-2-after');

    await expect(cli(dataDir, 'restore', file)).rejects.toMatchObject({
      stderr: expect.stringMatching(/a server is running on .*stop it first/),
    });
    // A second server on the same folder is refused before it touches it.
    await expect(startServer(dataDir)).rejects.toThrow(/another server is running on DATA_DIR/);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    // The database (its write-ahead log holds the signing secret and password hashes), its uploads and the backup are
    // the server's user's alone: folders 0700, files 0600.
    expect(openToOthers(dataDir)).toEqual([]);
    expect(openToOthers(join(root, 'backups'))).toEqual([]);
    expect(await userAgents(dataDir)).toEqual(['backup-test-1-before', 'backup-test-2-after']);

    const restored = await cli(dataDir, 'restore', file);
    expect(restored.stdout).toMatch(/the previous data is kept in .*data\.before-restore-/);
    expect(openToOthers(dataDir)).toEqual([]);
    const aside = readdirSync(root).find((name) => name.startsWith('data.before-restore-')) ?? '';
    expect(await userAgents(join(root, aside))).toEqual(['backup-test-1-before', 'backup-test-2-after']);

    const second = await startServer(dataDir);
    const ready = await fetch(`http://127.0.0.1:${second.port}/readyz`);
    expect(ready.status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(await userAgents(dataDir)).toEqual(['backup-test-1-before']);
  });

  it('refuses a file that is not a backup and leaves the data as it was', { timeout: 120_000 }, async () => {
    const before = readdirSync(root).sort();
    await expect(cli(dataDir, 'restore', __filename)).rejects.toMatchObject({
      stderr: expect.stringMatching(/is not a backup this server can restore/),
    });
    expect(readdirSync(root).sort()).toEqual(before);
    expect(await userAgents(dataDir)).toEqual(['backup-test-1-before']);
  });
});
