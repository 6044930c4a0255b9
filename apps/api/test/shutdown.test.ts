import { type ChildProcess, spawn } from 'node:child_process';
import { request } from 'node:http';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const serverPath = resolve(import.meta.dirname, '../src/server.ts');

/** Starts the real server on a free port with an in-memory database; resolves with its port. */
function startServer(): Promise<{ child: ChildProcess; port: number; output: () => string }> {
  const child = spawn(process.execPath, [serverPath], {
    env: { ...process.env, DATA_DIR: 'memory://', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolvePort, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/listening at http:\/\/127\.0\.0\.1:(\d+)/);
      if (match) resolvePort({ child, port: Number(match[1]), output: () => output });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

// The whole process is started, so this runs once (in the embedded-database project).
describe.runIf(process.env.TEST_DB !== 'postgres')('graceful shutdown', () => {
  // A whole start with the demo data: seconds on a quiet machine, more than the default 30 s on a busy one.
  it('lets a request in flight finish on SIGTERM, then exits 0', { timeout: 120_000 }, async () => {
    const { child, port } = await startServer();
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    const body = JSON.stringify({ email: 'admin@example.com', password: 'admin123', type: 'email', org_instance_id: 1 });
    const answer = new Promise<{ status: number; text: string }>((done, fail) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/auth/login',
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => done({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', fail);
      // Half the body now: the request is in flight when the signal arrives.
      req.write(body.slice(0, 20));
      setTimeout(() => {
        child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(20)), 300);
      }, 300);
    });
    const { status, text } = await answer;
    expect(status).toBe(202);
    expect(JSON.parse(text).message).toBe('User Login successfully.!');
    expect(await exited).toBe(0);
  });
});
