import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const ROOT = resolve(import.meta.dirname, '../../..');

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  await once(probe, 'close');
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/**
 * A server of the built app (as playwright.config.ts starts the shared one) on an embedded database of its own,
 * kept in a folder, for a spec that needs rows no API writes yet (a driver's attendance days). The shared
 * server's database lives in its memory, out of a test's reach; this one's folder can be written between a
 * stop and a start: PGlite has one owner at a time, so `withDatabase` stops the server, writes, and starts it.
 */
/** The demo admin signed in on an own server (`OwnServer.signInAdmin`). */
export interface SignedInAdmin {
  tokens: { access_token: string; refresh_token: string };
  admin: <T>(method: string, path: string, body?: unknown) => Promise<T>;
}

export class OwnServer {
  readonly url: string;
  private readonly port: number;
  private readonly dataDir: string;
  private readonly env: Record<string, string>;
  private child: ChildProcess | null = null;
  private errors = '';

  private constructor(port: number, dataDir: string, env: Record<string, string>) {
    this.port = port;
    this.dataDir = dataDir;
    this.env = env;
    this.url = `http://127.0.0.1:${port}`;
  }

  /**
   * Starts a server on a new database (migrated, with the demo data, as the shared one). `env` adds settings of its
   * own: a mail server (`SMTP_URL`) for a spec that reads what is sent.
   */
  static async start(env: Record<string, string> = {}): Promise<OwnServer> {
    const server = new OwnServer(await freePort(), await mkdtemp(join(tmpdir(), 'ps-e2e-')), env);
    await server.run();
    return server;
  }

  private async run(): Promise<void> {
    this.errors = '';
    const child = spawn(join(ROOT, 'node_modules/.bin/node'), ['apps/api/dist/server.js'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...process.env,
        DATA_DIR: this.dataDir,
        PORT: String(this.port),
        JWT_SECRET: process.env.E2E_JWT_SECRET,
        LOG_LEVEL: 'warn',
        // As the shared server (playwright.config.ts): every test comes from 127.0.0.1.
        LOGIN_MAX_FAILURES_PER_ADDRESS: '1000',
        RATE_LIMIT_PER_MINUTE: '100000',
        ...this.env,
      },
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      this.errors = (this.errors + chunk.toString()).slice(-4000);
    });
    this.child = child;
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`The server stopped (${child.exitCode}): ${this.errors}`);
      const ready = await fetch(`${this.url}/auth/login`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) return;
      await new Promise((done) => setTimeout(done, 250));
    }
    throw new Error(`The server did not start in 2 minutes: ${this.errors}`);
  }

  /** Stops the server: it closes its database on SIGTERM (server.ts), so the folder is whole when it exits. */
  private async halt(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  }

  /** Runs `write` on the server's database while the server is stopped, then starts it again. */
  async withDatabase<T>(write: (db: PGlite) => Promise<T>): Promise<T> {
    await this.halt();
    // The extensions the migrations create (apps/api/src/db/embedded.ts): a write to bookings needs pg_trgm.
    const db = await PGlite.create(this.dataDir, { extensions: { pg_trgm } });
    try {
      return await write(db);
    } finally {
      await db.close();
      await this.run();
    }
  }

  /**
   * Signs the demo company's admin in on this server: its tokens, and `admin(method, path, body)`, which calls the API
   * as them and answers the envelope's `data` (any status but 2xx throws, with the body).
   */
  async signInAdmin(): Promise<SignedInAdmin> {
    const signIn = await fetch(`${this.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'email', email: 'admin@example.com', password: 'admin123', org_instance_id: 1 }),
    }).then((response) => response.json() as Promise<{ data: { access_token: string; refresh_token: string } }>);
    const admin = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${this.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${signIn.data.access_token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { data: T }).data;
    };
    return { tokens: signIn.data, admin };
  }

  async stop(): Promise<void> {
    await this.halt();
    await rm(this.dataDir, { recursive: true, force: true });
  }
}
