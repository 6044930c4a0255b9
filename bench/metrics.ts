// `npm run bench -- --metrics` (issue 24, section 4): an operator's Prometheus scrapes /metrics while the load runs.
// The product server gets a METRICS_TOKEN; during each product scenario the runner scrapes every --scrape-ms (as
// Prometheus would, more often), timing each scrape, and at the end prints what an operator would read from the last
// one: the requests the server counted against autocannon's, each route's p95 from the latency histogram, errors,
// event-loop lag, memory, the outbox and the pool.

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text answer. */
export function parsePrometheus(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)/.exec(line);
    if (!match?.[1] || match[3] === undefined) continue;
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/([a-zA-Z_]+)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1] ?? ''] = pair[2] ?? '';
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

/** The q-quantile of a histogram's cumulative buckets (Prometheus's histogram_quantile, linear inside a bucket). */
export function histogramQuantile(q: number, buckets: { le: number; count: number }[]): number {
  const sorted = [...buckets].sort((a, b) => a.le - b.le);
  const total = sorted.at(-1)?.count ?? 0;
  if (total === 0) return Number.NaN;
  const rank = q * total;
  let previous = { le: 0, count: 0 };
  for (const bucket of sorted) {
    if (bucket.count >= rank) {
      if (!Number.isFinite(bucket.le)) return previous.le;
      const inside = bucket.count - previous.count;
      return previous.le + (bucket.le - previous.le) * (inside === 0 ? 0 : (rank - previous.count) / inside);
    }
    previous = bucket;
  }
  return previous.le;
}

export interface Scraper {
  /** Scrapes every `intervalMs` until `stop`. */
  start(): void;
  stop(): Promise<void>;
  /** Prints the scrapes' own cost and the figures of a last scrape. */
  report(requestsSent: number): Promise<void>;
}

export function createScraper(address: string, token: string, intervalMs: number): Scraper {
  const took: number[] = [];
  let bytes = 0;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;
  const scrape = async (): Promise<string | undefined> => {
    const started = performance.now();
    try {
      const response = await fetch(`${address}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`status ${response.status}`);
      took.push(performance.now() - started);
      bytes = text.length;
      return text;
    } catch {
      failures++;
      return undefined;
    }
  };
  return {
    start() {
      timer = setInterval(() => {
        inFlight ??= scrape().then(() => {
          inFlight = undefined;
        });
      }, intervalMs);
    },
    async stop() {
      if (timer) clearInterval(timer);
      await inFlight;
    },
    async report(requestsSent) {
      const text = await scrape();
      const sorted = [...took].sort((a, b) => a - b);
      const at = (q: number) => (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN).toFixed(1);
      console.log(
        `\n/metrics scraped ${took.length} times during the load (every ${intervalMs} ms, ${failures} failed): ${at(0.5)} ms median, ${at(0.99)} ms p99, ${(bytes / 1024).toFixed(0)} kB each`,
      );
      if (!text) return;
      const samples = parsePrometheus(text);
      const one = (name: string, labels: Record<string, string> = {}) =>
        samples.find((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value))
          ?.value;
      const counts = samples.filter((sample) => sample.name === 'http_request_duration_seconds_count');
      const counted = counts.reduce((sum, sample) => sum + sample.value, 0);
      const errors5xx = counts.filter((sample) => sample.labels.status_class === '5xx').reduce((sum, sample) => sum + sample.value, 0);
      console.log(
        `  requests the server counted: ${counted.toLocaleString('en')} (autocannon sent ${requestsSent.toLocaleString('en')}); 5xx: ${errors5xx}; routes: ${new Set(counts.map((sample) => sample.labels.route)).size}`,
      );
      // Each route's p95 from the histogram, as `histogram_quantile(0.95, ...)` would give it; the busiest first.
      const byRoute = new Map<string, { count: number; buckets: Map<number, number> }>();
      for (const sample of samples) {
        if (sample.name !== 'http_request_duration_seconds_bucket') continue;
        const key = `${sample.labels.method} ${sample.labels.route}`;
        const route = byRoute.get(key) ?? { count: 0, buckets: new Map() };
        const le = sample.labels.le === '+Inf' ? Number.POSITIVE_INFINITY : Number(sample.labels.le);
        route.buckets.set(le, (route.buckets.get(le) ?? 0) + sample.value);
        if (!Number.isFinite(le)) route.count += sample.value;
        byRoute.set(key, route);
      }
      const busiest = [...byRoute.entries()].sort((a, b) => b[1].count - a[1].count).slice(0, 8);
      for (const [route, { count, buckets }] of busiest) {
        const p95 = histogramQuantile(
          0.95,
          [...buckets.entries()].map(([le, value]) => ({ le, count: value })),
        );
        console.log(`  ${route.padEnd(60)} ${String(count).padStart(8)} requests, p95 ${(p95 * 1000).toFixed(1)} ms`);
      }
      const seconds = (value: number | undefined) => (value === undefined ? '-' : `${(value * 1000).toFixed(1)} ms`);
      const megabytes = (value: number | undefined) => (value === undefined ? '-' : `${(value / 1024 / 1024).toFixed(0)} MB`);
      console.log(
        `  event-loop lag p99 ${seconds(one('nodejs_eventloop_lag_p99_seconds'))} (max ${seconds(one('nodejs_eventloop_lag_max_seconds'))}); RSS ${megabytes(one('process_resident_memory_bytes'))}, heap used ${megabytes(one('nodejs_heap_size_used_bytes'))}`,
      );
      const waits = one('ps_db_pool_wait_seconds_count');
      console.log(
        `  outbox: ${one('ps_mail_outbox_messages', { state: 'queued' }) ?? '-'} queued, oldest unsent ${one('ps_mail_outbox_oldest_unsent_seconds')?.toFixed(0) ?? '-'} s; ` +
          (waits === undefined
            ? 'no pool (embedded database)'
            : `pool: ${one('ps_db_pool_connections', { state: 'in_use' })} in use, ${one('ps_db_pool_waiting')} waiting, ${waits} checkouts averaging ${(((one('ps_db_pool_wait_seconds_sum') ?? 0) / Math.max(1, waits)) * 1000).toFixed(2)} ms wait`),
      );
    },
  };
}
