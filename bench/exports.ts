// The exports' part of `npm run bench` (issue 24): each file downloaded whole, one at a time, a few times; printed: the
// time to the first byte of the body, the time to the last, the size, and the product server's RSS and JS heap sampled
// every 100 ms while it writes (a streamed export keeps them flat however long the file; one built in memory grows with
// it). `--only export` runs just these.

export interface ExportTarget {
  name: string;
  path: string;
  headers: Record<string, string>;
}

interface Memory {
  rss: number;
  heapUsed: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

export async function exportFigures(address: string, targets: ExportTarget[], memory: () => Promise<Memory>, rounds = 3): Promise<void> {
  console.log(`\nexports (${rounds} downloads each, one at a time; first byte and whole file in ms; server RSS / JS heap in MB)`);
  console.log(
    'export'.padEnd(58),
    'first'.padStart(7),
    'whole'.padStart(8),
    'MB'.padStart(7),
    'lines'.padStart(9),
    '  rss before/peak',
    ' heap peak',
  );
  for (const target of targets) {
    const firsts: number[] = [];
    const wholes: number[] = [];
    let bytes = 0;
    let lines = 0;
    const before = await memory();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    for (let round = 0; round < rounds; round++) {
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          const now = await memory();
          peakRss = Math.max(peakRss, now.rss);
          peakHeap = Math.max(peakHeap, now.heapUsed);
          await new Promise((wait) => setTimeout(wait, 100));
        }
      })();
      const started = performance.now();
      const response = await fetch(`${address}${target.path}`, { headers: target.headers });
      if (!response.ok || !response.body) throw new Error(`${target.name} answers ${response.status}: ${await response.text()}`);
      const reader = response.body.getReader();
      let first = 0;
      bytes = 0;
      lines = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (!first) first = performance.now() - started;
        bytes += value.byteLength;
        for (const byte of value) if (byte === 10) lines++;
      }
      wholes.push(performance.now() - started);
      firsts.push(first);
      sampling = false;
      await sampler;
    }
    console.log(
      target.name.padEnd(58),
      median(firsts).toFixed(0).padStart(7),
      median(wholes).toFixed(0).padStart(8),
      (bytes / 1024 / 1024).toFixed(1).padStart(7),
      lines.toLocaleString('en').padStart(9),
      `  ${mb(before.rss)} / ${mb(peakRss)}`.padEnd(17),
      mb(peakHeap).padStart(9),
    );
  }
}
