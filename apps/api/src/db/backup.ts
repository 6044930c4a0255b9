import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { embeddedExtensions } from './embedded.ts';
import { tightenFolder } from './private-files.ts';

/**
 * Backup and restore of the embedded database (docs/operations.md, "Backup and restore").
 *
 * A running server owns its PGlite data folder, so a copy of the files could be torn. Instead the server listens on
 * a control socket (owner-only, beside DATA_DIR: PGlite's dump cannot hold a socket inside the folder) that answers
 * `backup` with PGlite's own `dumpDataDir()`: a gzipped tar taken between two statements, which PostgreSQL opens
 * like a database after a crash (committed work in, the rest out). Uploads under DATA_DIR/uploads and archives
 * under DATA_DIR/archive are in the tar too. Without a running server the folder is opened directly.
 */

/** Where the control socket of the server on `dataDir` is: `<DATA_DIR>.sock`, or under the temp folder when too long. */
export function controlSocketPath(dataDir: string): string {
  const full = resolve(dataDir);
  const beside = `${full}.sock`;
  // A unix socket's path is limited to about 107 bytes.
  if (Buffer.byteLength(beside) <= 100) return beside;
  return join(tmpdir(), `ps-control-${createHash('sha256').update(full).digest('hex').slice(0, 16)}.sock`);
}

export interface Dumpable {
  dumpDataDir(compression?: 'gzip' | 'none' | 'auto'): Promise<Blob>;
  exec(query: string): Promise<unknown>;
}

/** A dump of the whole database: a checkpoint first, so the files hold as much as possible and recovery has little to do. */
async function dumpOf(client: Dumpable): Promise<Buffer> {
  await client.exec('checkpoint');
  return Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
}

/** Is a server answering on the control socket of `dataDir`? A socket file left by a crashed server answers no. */
export async function serverRunningOn(dataDir: string): Promise<boolean> {
  const path = controlSocketPath(dataDir);
  if (!existsSync(path)) return false;
  return new Promise((done) => {
    const socket = connect(path);
    socket.once('connect', () => {
      socket.end('ping\n');
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

/**
 * Starts the control socket of a running server (mode 0600: only the server's own user may ask for a backup).
 * Refuses when another live server answers there. Resolves to a function that closes it and removes the file.
 */
export async function startControlServer(
  client: Dumpable,
  dataDir: string,
  log: { info(object: object, message: string): void; error(object: object, message: string): void },
): Promise<() => Promise<void>> {
  const path = controlSocketPath(dataDir);
  if (await serverRunningOn(dataDir))
    throw new Error(`another server is running on ${resolve(dataDir)} (its control socket ${path} answers)`);
  await rm(path, { force: true });
  const server: Server = createServer((socket: Socket) => {
    let request = '';
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      request += chunk.toString('utf8');
      if (!request.includes('\n')) return;
      const command = request.slice(0, request.indexOf('\n')).trim();
      socket.removeAllListeners('data');
      if (command !== 'backup') {
        socket.end();
        return;
      }
      dumpOf(client).then(
        (bytes) => {
          log.info({ bytes: bytes.length }, 'backup taken through the control socket');
          socket.write(`ok ${bytes.length}\n`);
          socket.end(bytes);
        },
        (error: unknown) => {
          const message = error instanceof Error ? error.message : String(error);
          log.error({ err: message }, 'backup failed');
          socket.end(`error ${message.replace(/\n/g, ' ')}\n`);
        },
      );
    });
  });
  // Bound with a closed umask, then chmod: the socket is never reachable by another user, not even for an instant.
  const umask = process.umask(0o077);
  try {
    await new Promise<void>((done, fail) => {
      server.once('error', fail);
      server.listen(path, () => done());
    });
  } finally {
    process.umask(umask);
  }
  await chmod(path, 0o600);
  return async () => {
    await new Promise<void>((done) => server.close(() => done()));
    await rm(path, { force: true });
  };
}

/** Asks the running server for a backup; resolves to the gzipped tar. */
function backupFromServer(dataDir: string): Promise<Buffer> {
  return new Promise((done, fail) => {
    const socket = connect(controlSocketPath(dataDir));
    const chunks: Buffer[] = [];
    socket.on('connect', () => socket.write('backup\n'));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', fail);
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(10);
      const header = newline < 0 ? all.toString('utf8') : all.subarray(0, newline).toString('utf8');
      const body = all.subarray(newline + 1);
      const ok = header.match(/^ok (\d+)$/);
      if (!ok) return fail(new Error(`the server could not take the backup: ${header.replace(/^error /, '') || 'no answer'}`));
      if (body.length !== Number(ok[1])) return fail(new Error(`the backup arrived incomplete (${body.length} of ${ok[1]} bytes)`));
      done(body);
    });
  });
}

async function openEmbedded(dataDir: string, loadDataDir?: Blob) {
  const { PGlite } = await import('@electric-sql/pglite');
  return PGlite.create(resolve(dataDir), { extensions: await embeddedExtensions(), ...(loadDataDir ? { loadDataDir } : {}) });
}

/** Writes `bytes` to `file` safely: a `.partial` file, fsynced, then renamed over. */
async function writeDurably(file: string, bytes: Buffer): Promise<void> {
  const partial = `${file}.partial`;
  const handle = await open(partial, 'w', 0o600);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(partial, file);
}

/** `npm run backup -- <file>`: from the running server if there is one, else from the folder itself. */
export async function backup(dataDir: string, file: string): Promise<{ bytes: number; from: 'server' | 'folder' }> {
  let bytes: Buffer;
  let from: 'server' | 'folder';
  if (await serverRunningOn(dataDir)) {
    bytes = await backupFromServer(dataDir);
    from = 'server';
  } else {
    if (!existsSync(join(dataDir, 'PG_VERSION'))) throw new Error(`there is no database in ${resolve(dataDir)}`);
    const client = await openEmbedded(dataDir);
    try {
      bytes = await dumpOf(client as unknown as Dumpable);
    } finally {
      await client.close();
    }
    from = 'folder';
  }
  await mkdir(dirname(resolve(file)), { recursive: true, mode: 0o700 });
  await writeDurably(resolve(file), bytes);
  return { bytes: bytes.length, from };
}

/**
 * `npm run restore -- <file>`: refuses while a server runs on DATA_DIR. Unpacks the backup into a new folder beside
 * DATA_DIR and opens it (a file that is not a backup stops here, nothing changed), then moves DATA_DIR aside to
 * `<DATA_DIR>.before-restore-<time>` and the new folder into its place.
 */
export async function restore(dataDir: string, file: string, now = new Date()): Promise<{ keptAside: string | null }> {
  if (await serverRunningOn(dataDir)) {
    throw new Error(`a server is running on ${resolve(dataDir)}: stop it first, then restore`);
  }
  const target = resolve(dataDir);
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const incoming = join(dirname(target), `.${basename(target)}.restoring-${stamp}`);
  const bytes = await readFile(resolve(file));
  // Checked before PGlite sees it (a bad archive would stop the process from inside PGlite): a gzipped tar of a database.
  let tar: Buffer;
  try {
    tar = gunzipSync(bytes);
  } catch {
    throw new Error(`${resolve(file)} is not a backup this server can restore: not gzip data`);
  }
  if (!tar.includes('PG_VERSION')) throw new Error(`${resolve(file)} is not a backup this server can restore: no database in it`);
  try {
    const client = await openEmbedded(incoming, new Blob([bytes]));
    try {
      await client.query('select count(*) from drizzle.__drizzle_migrations');
      await client.exec('checkpoint');
    } finally {
      await client.close();
    }
  } catch (error) {
    await rm(incoming, { recursive: true, force: true });
    throw new Error(`${resolve(file)} is not a backup this server can restore: ${error instanceof Error ? error.message : String(error)}`);
  }
  let keptAside: string | null = null;
  if (existsSync(target)) {
    keptAside = `${target}.before-restore-${stamp}`;
    await rename(target, keptAside);
  }
  await rename(incoming, target);
  // PGlite unpacked the backup with its files 0666: the server's user's alone, like every data folder.
  await tightenFolder(target);
  // A socket file left by a crashed server would only be in the way.
  if ((await stat(controlSocketPath(dataDir)).catch(() => null)) !== null) await rm(controlSocketPath(dataDir), { force: true });
  return { keptAside };
}
