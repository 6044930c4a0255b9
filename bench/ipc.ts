// The little protocol between run.ts and a server it forked: the server says where it listens, answers
// memory questions, and stops cleanly on SIGTERM (so `node --cpu-prof` writes its profile).

export type ServerMessage = { type: 'listening'; address: string } | { type: 'memory'; rss: number; heapUsed: number; heapTotal: number };
export type RunnerMessage = { type: 'memory' };

export function serveMemoryReports(address: string, close: () => Promise<void>): void {
  const send = (message: ServerMessage) => process.send?.(message);
  process.on('message', (message: RunnerMessage) => {
    if (message.type === 'memory') {
      const { rss, heapUsed, heapTotal } = process.memoryUsage();
      send({ type: 'memory', rss, heapUsed, heapTotal });
    }
  });
  process.once('SIGTERM', () => {
    void close().finally(() => process.exit(0));
  });
  send({ type: 'listening', address });
}
