import { type FlightStatus, flightStatuses } from '@ps/contracts';

/** A flight asked about: its number and the calendar day it is due to land (the airport's day). */
export interface FlightQuery {
  flight_number: string;
  date: string;
}

/** What a provider knows of one flight. */
export interface FlightNews extends FlightQuery {
  estimated_arrival: Date | null;
  status: FlightStatus;
}

/**
 * Where flight news comes from. One method: the latest news of these flights (those it knows nothing of are
 * left out). `manual` is the default: operators type estimates in (`PATCH /api/flight-tracking/update/{id}`),
 * so it fetches nothing.
 */
export interface FlightProvider {
  readonly name: string;
  fetchUpdates(flights: readonly FlightQuery[]): Promise<FlightNews[]>;
}

export const manualFlightProvider: FlightProvider = {
  name: 'manual',
  fetchUpdates: async () => [],
};

export interface HttpFlightProviderOptions {
  /** The provider's base URL (`FLIGHT_PROVIDER_URL`). */
  baseUrl: string;
  /** Its API key (`FLIGHT_PROVIDER_KEY`), sent as a bearer token, never logged. */
  apiKey: string | undefined;
  /** The name written as each update's `source` (`FLIGHT_PROVIDER_NAME`). */
  name: string;
  timeoutMs?: number;
}

/** Flights per request: the provider's documented limit. */
const BATCH = 50;

/**
 * An HTTP provider of this documented shape (docs/operations.md, "Flight tracking"):
 * `GET {base}/flights?date=YYYY-MM-DD&numbers=BA2490,EK7` with `Authorization: Bearer {key}` answers
 * `{"flights":[{"flight_number":"BA2490","date":"2026-11-24","estimated_arrival":"2026-11-24T18:05:00Z"|null,
 * "status":"scheduled"|"delayed"|"landed"|"cancelled"}]}`. One request per day and batch of 50; an entry of
 * another shape, or a flight not asked for, is ignored; a failed request throws (the poller logs it and tries
 * again at its next round).
 */
export function createHttpFlightProvider(options: HttpFlightProviderOptions): FlightProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    name: options.name,
    async fetchUpdates(flights) {
      const byDate = new Map<string, string[]>();
      for (const flight of flights) byDate.set(flight.date, [...(byDate.get(flight.date) ?? []), flight.flight_number]);
      const news: FlightNews[] = [];
      for (const [date, numbers] of byDate) {
        const unique = [...new Set(numbers)];
        for (let start = 0; start < unique.length; start += BATCH) {
          const batch = unique.slice(start, start + BATCH);
          const url = `${base}/flights?date=${encodeURIComponent(date)}&numbers=${batch.map(encodeURIComponent).join(',')}`;
          const response = await fetch(url, {
            headers: { accept: 'application/json', ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) },
            signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
          });
          if (!response.ok) throw new Error(`flight provider answered ${response.status}`);
          const body = (await response.json()) as { flights?: unknown };
          const asked = new Set(batch);
          for (const entry of Array.isArray(body.flights) ? body.flights : []) {
            const parsed = parseEntry(entry, date);
            if (parsed && asked.has(parsed.flight_number)) news.push(parsed);
          }
        }
      }
      return news;
    },
  };
}

function parseEntry(entry: unknown, date: string): FlightNews | null {
  if (!entry || typeof entry !== 'object') return null;
  const { flight_number, estimated_arrival, status } = entry as Record<string, unknown>;
  if (typeof flight_number !== 'string' || !(flightStatuses as readonly unknown[]).includes(status)) return null;
  let estimate: Date | null = null;
  if (typeof estimated_arrival === 'string') {
    estimate = new Date(estimated_arrival);
    if (Number.isNaN(estimate.getTime())) return null;
  } else if (estimated_arrival !== null && estimated_arrival !== undefined) return null;
  return { flight_number: flight_number.toUpperCase(), date, estimated_arrival: estimate, status: status as FlightStatus };
}

/** The provider the configuration names: the HTTP one with `FLIGHT_PROVIDER_URL`, else the manual one. */
export function flightProviderFromConfig(config: {
  FLIGHT_PROVIDER_URL?: string | undefined;
  FLIGHT_PROVIDER_KEY?: string | undefined;
  FLIGHT_PROVIDER_NAME: string;
}): FlightProvider {
  return config.FLIGHT_PROVIDER_URL
    ? createHttpFlightProvider({
        baseUrl: config.FLIGHT_PROVIDER_URL,
        apiKey: config.FLIGHT_PROVIDER_KEY,
        name: config.FLIGHT_PROVIDER_NAME,
      })
    : manualFlightProvider;
}
