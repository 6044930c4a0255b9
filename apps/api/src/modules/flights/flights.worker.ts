import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { flightProviderFromConfig } from './flights.provider.ts';
import { createFlightsService } from './flights.service.ts';

export interface FlightWorker {
  start(): void;
  /** Stops the rounds; a round under way finishes first. */
  stop(): Promise<void>;
}

/**
 * Asks the HTTP provider about the upcoming return flights every `FLIGHT_POLL_INTERVAL_MS` (one round at a time)
 * and applies its news. With the manual provider (no `FLIGHT_PROVIDER_URL`) it never starts. A failed round is
 * logged (never the key) and the next one tries again.
 */
export function flightWorkerFromConfig(
  config: Pick<Config, 'FLIGHT_PROVIDER_URL' | 'FLIGHT_PROVIDER_KEY' | 'FLIGHT_PROVIDER_NAME' | 'FLIGHT_POLL_INTERVAL_MS'>,
  database: Database,
  log: { info(object: object, message: string): void; warn(object: object, message: string): void },
): FlightWorker {
  const provider = flightProviderFromConfig(config);
  const service = createFlightsService(database.db);
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | undefined;

  const runRound = () => {
    if (round) return;
    round = service
      .pollProvider(provider)
      .then((applied) => log.info({ provider: provider.name, applied }, 'flight round done'))
      .catch((error: unknown) =>
        log.warn({ provider: provider.name, err: error instanceof Error ? error.message : String(error) }, 'flight round failed'),
      )
      .finally(() => {
        round = undefined;
      });
  };

  return {
    start() {
      if (!config.FLIGHT_PROVIDER_URL) return;
      runRound();
      timer = setInterval(runRound, config.FLIGHT_POLL_INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await round;
    },
  };
}
