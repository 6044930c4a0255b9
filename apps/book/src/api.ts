import type { FreeSlot } from '@ps/contracts/common/errors';
import type { Language } from '@ps/contracts/common/languages';
import type { PublicLocation } from '@ps/contracts/locations';
import type {
  BookingPage,
  PublicAirport,
  PublicBookingCancellation,
  PublicBookingChange,
  PublicBookingCreateInput,
  PublicBookingReceipt,
  PublicBookingToken,
  PublicBookingUpdateInput,
  PublicBookingView,
  PublicCarRequestAnswer,
  PublicPackage,
  PublicService,
} from '@ps/contracts/publicBooking';
import type { Quote } from '@ps/contracts/quote';

/** A refusal of the API, with its message in the page's language and the fields it names. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** Each refused field's message, by field name. */
  readonly fields: Record<string, string>;
  /** A full 15-minute slot's refusal (`slot_full`): the nearest free slots, nearest first. */
  readonly freeSlots: FreeSlot[];

  constructor(status: number, code: string, message: string, fields: Record<string, string>, freeSlots: FreeSlot[] = []) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.freeSlots = freeSlots;
  }
}

interface Envelope<T> {
  message: string;
  data: T;
}

/**
 * The public booking API as this page calls it: the company's client key (the page's own, from the server), the
 * visitor's language, and a booking token for a booking's own calls. Same origin: no cross-origin rules apply.
 */
export function createPublicApi(page: BookingPage, language: () => Language, offline: string) {
  const authorization = `Basic ${btoa(`${page.company_id}:${page.client_key}`)}`;

  async function call<T>(
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    options: { query?: Record<string, string>; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Envelope<T>> {
    const query = options.query ? `?${new URLSearchParams(options.query)}` : '';
    let response: Response;
    try {
      response = await fetch(`${path}${query}`, {
        method,
        headers: {
          authorization,
          'accept-language': language(),
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      });
    } catch {
      throw new ApiError(0, 'offline', offline, {});
    }
    const body = (await response.json().catch(() => null)) as
      | (Envelope<T> & { code?: string; details?: Array<{ field: string; message: string }>; free_slots?: FreeSlot[] })
      | null;
    if (!response.ok || !body) {
      const fields = Object.fromEntries((body?.details ?? []).map((detail) => [detail.field, detail.message]));
      throw new ApiError(response.status, body?.code ?? 'internal', body?.message ?? offline, fields, body?.free_slots ?? []);
    }
    return body;
  }
  const token = (bookingToken: string) => ({ 'booking-token': bookingToken });
  const all = { page_size: '1000' };

  return {
    airports: () => call<PublicAirport[]>('GET', '/api/public/airport/list', { query: all }),
    locations: (airportId: number) =>
      call<PublicLocation[]>('GET', '/api/location/public/list', { query: { ...all, airport_id: String(airportId), sort: 'name' } }),
    packages: () => call<PublicPackage[]>('GET', '/api/public/package/list', { query: all }),
    services: () => call<PublicService[]>('GET', '/api/public/service/list', { query: all }),
    quote: (query: Record<string, string>) => call<{ quote: Quote }>('GET', '/api/public/quote', { query }),
    add: (body: PublicBookingCreateInput, idempotencyKey: string) =>
      call<PublicBookingReceipt>('POST', '/api/public/booking/add', { body, headers: { 'idempotency-key': idempotencyKey } }),
    access: (reference: string, email: string) => call<undefined>('POST', '/api/public/booking/access', { body: { reference, email } }),
    verify: (reference: string, code: string) =>
      call<PublicBookingToken>('POST', '/api/public/booking/verify', { body: { reference, code } }),
    get: (bookingToken: string) => call<PublicBookingView>('GET', '/api/public/booking/get', { headers: token(bookingToken) }),
    update: (bookingToken: string, body: PublicBookingUpdateInput) =>
      call<PublicBookingChange>('PATCH', '/api/public/booking/update', { body, headers: token(bookingToken) }),
    cancel: (bookingToken: string) =>
      call<PublicBookingCancellation>('POST', '/api/public/booking/cancel', { headers: token(bookingToken) }),
    requestCar: (bookingToken: string, bagClaimMinutes: number) =>
      call<PublicCarRequestAnswer>('POST', '/api/public/booking/request-car', {
        body: { bag_claim_minutes: bagClaimMinutes },
        headers: token(bookingToken),
      }),
  };
}
export type PublicApi = ReturnType<typeof createPublicApi>;
