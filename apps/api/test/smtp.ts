import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server in the test process (smtp-server on 127.0.0.1): every message it accepts is parsed
 * (mailparser) into `received`, so a test reads the subject, the plain-text and the HTML part as a mail client
 * would. Plain SMTP without STARTTLS or AUTH, as the worker's `smtp://host:port` asks.
 */
export interface TestSmtpServer {
  port: number;
  url: string;
  received: Array<{ mail: ParsedMail; to: string[] }>;
  close(): Promise<void>;
}

/** `holdMs`: how long the server waits before accepting each message (a slow server, for shutdown tests). */
export async function startSmtpServer(port = 0, holdMs = 0): Promise<TestSmtpServer> {
  const received: TestSmtpServer['received'] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          setTimeout(() => {
            received.push({ mail, to: session.envelope.rcptTo.map((rcpt) => rcpt.address) });
            callback();
          }, holdMs);
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const bound = (server.server.address() as AddressInfo).port;
  return {
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on right now (a mail server that is down). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Polls `condition` until it holds, failing after `timeoutMs`: waits for an outcome without asserting timing. */
export async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A logger that keeps the worker's lines for the test to read. */
export function memoryLog() {
  const lines: Array<{ level: string; object: object; message: string }> = [];
  return {
    lines,
    info: (object: object, message: string) => lines.push({ level: 'info', object, message }),
    warn: (object: object, message: string) => lines.push({ level: 'warn', object, message }),
  };
}
