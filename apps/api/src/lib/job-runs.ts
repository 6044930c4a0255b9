import { Counter, Gauge, Histogram, type Metric } from 'prom-client';

/**
 * Background jobs' runs and failures (the retention job, the outbox worker, the eligibility sweep, and whatever job
 * comes next: a job wraps each of its rounds in `runJob`). The counts belong to the process, whatever app serves them,
 * so they live here, registered in no registry of their own; `/metrics` (plugins/metrics.ts) adds them to its registry.
 * Labels are job names written in the code, never data; the label is `task`, since Prometheus gives every series a
 * `job` label of its own (the scrape job).
 */
const runs = new Counter({
  name: 'ps_job_runs_total',
  help: 'Rounds of a background job, by task (the job: retention, mail_outbox ...) and outcome (ok, failed)',
  labelNames: ['task', 'outcome'] as const,
  registers: [],
});
const duration = new Histogram({
  name: 'ps_job_duration_seconds',
  help: 'How long a round of a background job took',
  labelNames: ['task'] as const,
  buckets: [0.01, 0.05, 0.25, 1, 5, 30, 120, 600],
  registers: [],
});
const lastSuccess = new Gauge({
  name: 'ps_job_last_success_timestamp_seconds',
  help: 'When a round of the job last finished without failing (Unix time)',
  labelNames: ['task'] as const,
  registers: [],
});

/** The job metrics, for a registry to serve. */
export const jobMetrics: readonly Metric[] = [runs, duration, lastSuccess];

/**
 * Runs one round of the job `job` and counts it: a run, its time, and a failure when `work` throws (the error is thrown
 * on to the caller, which logs it as before).
 */
export async function runJob<T>(job: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    const result = await work();
    runs.inc({ task: job, outcome: 'ok' });
    lastSuccess.set({ task: job }, Date.now() / 1000);
    return result;
  } catch (error) {
    runs.inc({ task: job, outcome: 'failed' });
    throw error;
  } finally {
    duration.observe({ task: job }, (performance.now() - started) / 1000);
  }
}
