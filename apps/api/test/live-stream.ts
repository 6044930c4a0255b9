import type { LiveEvent } from '@ps/contracts';

/** A live-board stream read as the browser reads it: `fetch` with the Authorization header, line by line. */
export interface LiveStream {
  status: number;
  headers: Headers;
  /** Every `data:` event received so far. */
  events: LiveEvent[];
  /** Every raw line received so far (retry:, comments, data:). */
  lines: string[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openLiveStream(baseUrl: string, headers: Record<string, string>): Promise<LiveStream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/live/events`, {
    headers: { 'accept-encoding': 'gzip', ...headers },
    signal: controller.signal,
  });
  const events: LiveEvent[] = [];
  const lines: string[] = [];
  const body = response.body;
  const ended = (async () => {
    if (!body) return;
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf('\n');
        while (end >= 0) {
          const line = buffer.slice(0, end);
          buffer = buffer.slice(end + 1);
          if (line !== '') lines.push(line);
          if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)) as LiveEvent);
          end = buffer.indexOf('\n');
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  return { status: response.status, headers: response.headers, events, lines, ended, close: () => controller.abort() };
}

/** Polls until `check` is true or the bound passes (notifications are asynchronous); no timing asserted. */
export async function eventually(check: () => boolean | Promise<boolean>, boundMs = 5000): Promise<boolean> {
  const until = Date.now() + boundMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return check();
}
