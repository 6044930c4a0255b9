import { randomBytes } from 'node:crypto';
import { type BandType, type BookingPrice, type BookingUpdate, type Language, V } from '@ps/contracts';
import { formatDay } from '@ps/contracts/common/format';
import type { DbOrTx } from '../../db/client.ts';
import { dayAt } from '../../lib/dates.ts';
import { AppError, invalidField } from '../../lib/errors.ts';
import type { Translate } from '../../lib/i18n.ts';
import { createQuoteService, discountOf } from '../quote/quote.service.ts';
import type { BookingTableRow } from './bookings.repository.ts';
import { planServiceSet } from './bookings.service-set.ts';
import { firstFullDay, lockCarPark, routeFacts } from './bookings.stay.ts';

/** Who makes the booking: the company, the user, and the language messages are written in. */
export interface BookingCaller {
  companyId: number;
  /** Null for a booking the customer makes on the company's web site (the public booking API): no user acts. */
  actorUserId: number | null;
  language: Language;
  t: Translate;
}

// A reference is read out on the phone: no 0/O or 1/I. 32 symbols, so 5 random bits each, without bias.
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** `PS-7KQ4-2M`: 30 random bits from the system's cryptographic source (never in sequence). */
export function newReference(): string {
  const bytes = randomBytes(6);
  const symbols = Array.from(bytes, (byte) => REFERENCE_ALPHABET[byte & 31]).join('');
  return `PS-${symbols.slice(0, 4)}-${symbols.slice(4, 6)}`;
}

/** The place a stay's space is taken: the departure if it has spaces, else the arrival if it has, else none. */
export interface CarPark {
  id: number;
  name: string;
  capacity: number;
}

export interface Stay {
  timeZone: string;
  startDay: string;
  endDay: string;
  carPark: CarPark | null;
}

export interface StayInput {
  airport_id: number;
  departure_id: number;
  arrival_id: number;
  departure_at: Date;
  arrival_at: Date;
}

/**
 * The stay's calendar days at the airport and its car park. The airport and both locations must be the
 * company's and the locations at that airport (400 on the field otherwise). `fields` renames the fields
 * (park and ride names its car park `car_park_id`).
 */
export async function resolveStay(
  db: DbOrTx,
  companyId: number,
  input: StayInput,
  fields: { departure_id: string; arrival_id: string } = { departure_id: 'departure_id', arrival_id: 'arrival_id' },
): Promise<Stay> {
  const { airport, places } = await routeFacts(db, companyId, input.airport_id, [input.departure_id, input.arrival_id]);
  if (!airport) throw invalidField('airport_id');
  const departure = places.find((place) => place.id === input.departure_id && place.airport_id === airport.id);
  if (!departure) throw invalidField(fields.departure_id);
  const arrival = places.find((place) => place.id === input.arrival_id && place.airport_id === airport.id);
  if (!arrival) throw invalidField(fields.arrival_id);
  const withSpaces = departure.capacity > 0 ? departure : arrival.capacity > 0 ? arrival : null;
  return {
    timeZone: airport.time_zone,
    startDay: dayAt(input.departure_at, airport.time_zone),
    endDay: dayAt(input.arrival_at, airport.time_zone),
    carPark: withSpaces ? { id: withSpaces.id, name: withSpaces.name, capacity: withSpaces.capacity } : null,
  };
}

/**
 * Refuses the stay when its car park already holds `capacity` stays on any of its days (409 `car_park_full`
 * naming the car park and the first full day in the caller's language). With `lock`, the car park's advisory
 * lock is taken first, so concurrent writes for it queue and each counts what the others committed.
 */
export async function assertSpace(
  tx: DbOrTx,
  caller: BookingCaller,
  stay: Stay,
  options: { exceptBookingId: number | null; lock: boolean },
): Promise<void> {
  const carPark = stay.carPark;
  if (!carPark) return;
  if (options.lock) await lockCarPark(tx, caller.companyId, carPark.id);
  const full = await firstFullDay(tx, {
    companyId: caller.companyId,
    carParkId: carPark.id,
    capacity: carPark.capacity,
    startDay: stay.startDay,
    endDay: stay.endDay,
    exceptBookingId: options.exceptBookingId,
  });
  if (full) throw new AppError(409, 'car_park_full', { vars: { car_park: carPark.name, date: formatDay(caller.language, full, 'long') } });
}

export interface PriceRequest extends StayInput {
  package_id: number | null;
  service_ids: number[];
  voucher_code: string | null;
  type: BandType;
}

export interface PricedStay {
  price: BookingPrice;
  /** The band type it was priced with (a package's own type wins over the requested one). */
  type: BandType;
  currency: string;
  services: Array<{ id: number; name: string; price: number }>;
  voucher: { id: number; code: string; discount_type: 'percent' | 'fixed'; discount_value: number } | null;
}

/**
 * The quote of the stay's airport days. `heldVoucherId`: the voucher whose use the booking already holds (a
 * re-price), not refused as used up.
 */
export async function priceStay(
  db: DbOrTx,
  caller: BookingCaller,
  stay: Stay,
  request: PriceRequest,
  options: { heldVoucherId?: number | null; activeOnly?: boolean; exceptBookingId?: number | null; now?: Date } = {},
) {
  const { quote } = await createQuoteService(db).quote(
    { companyId: caller.companyId, language: caller.language, t: caller.t },
    {
      airport_id: request.airport_id,
      departure_id: request.departure_id,
      arrival_id: request.arrival_id,
      departure_date: stay.startDay,
      arrival_date: stay.endDay,
      ...(request.package_id === null ? {} : { package_id: request.package_id }),
      service_ids: request.service_ids,
      ...(request.voucher_code === null ? {} : { voucher_code: request.voucher_code }),
      type: request.type,
    },
    {
      heldVoucherId: options.heldVoucherId ?? null,
      activeOnly: options.activeOnly ?? false,
      // The price rules (issue 24): the stay's departure instant for the lead time, the rules as they are now.
      departureAt: request.departure_at,
      exceptBookingId: options.exceptBookingId ?? null,
      ...(options.now ? { now: options.now } : {}),
    },
  );
  return {
    price: {
      base_price: quote.base_price,
      package_price: quote.package_price,
      services_price: quote.services_price,
      discount: quote.discount,
      total: quote.total,
    },
    type: quote.band.type,
    currency: quote.currency,
    services: quote.services,
    voucher: quote.voucher,
  } satisfies PricedStay;
}

/** The voucher's rule as a booking keeps it (null: no voucher). */
export interface VoucherRule {
  discount_type: 'percent' | 'fixed';
  discount_value: number;
}

/** Base, package and services with the voucher's discount (never more than the subtotal) and the total. */
export function totalOf(
  parts: { base_price: number; package_price: number; services_price: number },
  rule: VoucherRule | null,
): BookingPrice {
  const subtotal = parts.base_price + parts.package_price + parts.services_price;
  const discount = rule ? discountOf(rule, subtotal).discount : 0;
  return { ...parts, discount, total: subtotal - discount };
}

/** The price fields of a booking row. */
export function priceOfRow(row: BookingPrice): BookingPrice {
  return {
    base_price: row.base_price,
    package_price: row.package_price,
    services_price: row.services_price,
    discount: row.discount,
    total: row.total,
  };
}

const dateOrderError = () => new AppError(400, 'validation_failed', { details: [{ field: 'arrival_at', code: V.dateOrder, message: '' }] });

/** The fields whose change re-prices a booking on purpose. */
export function changesPrice(row: BookingTableRow, input: BookingUpdate): boolean {
  const differs = (key: 'departure_id' | 'arrival_id' | 'package_id' | 'type') =>
    input[key] !== undefined && (input[key] as unknown) !== row[key];
  const instantDiffers = (key: 'departure_at' | 'arrival_at') => input[key] !== undefined && Date.parse(input[key]) !== row[key].getTime();
  const voucherDiffers =
    input.voucher_code !== undefined && (input.voucher_code ?? '').toLowerCase() !== (row.voucher_code ?? '').toLowerCase();
  return (
    differs('departure_id') ||
    differs('arrival_id') ||
    differs('package_id') ||
    differs('type') ||
    instantDiffers('departure_at') ||
    instantDiffers('arrival_at') ||
    voucherDiffers
  );
}

export interface Reprice {
  stay: Stay;
  stayInput: StayInput;
  priced: PricedStay;
  /** The voucher use the booking holds now, if it keeps it (null: none or a new one). */
  held: boolean;
  rule: VoucherRule | null;
  before: BookingPrice;
  after: BookingPrice;
}

export interface RepriceOptions {
  /** The services price the booking will have (a new service set); its lines' sum unless told. */
  servicesPrice?: number;
  /** Only active records price it (the customer's change online, as the public quote). */
  activeOnly?: boolean;
}

/** The voucher rule a booking keeps (null: none). */
export function ruleOfRow(row: BookingTableRow): VoucherRule | null {
  return row.voucher_discount_type && row.voucher_discount_value !== null
    ? { discount_type: row.voucher_discount_type, discount_value: row.voucher_discount_value }
    : null;
}

/**
 * The new price of a booking with `input` applied: the quote of the new stay (route, days, package, type,
 * voucher) for base and package; the booking's service lines keep their prices; the voucher it already holds
 * keeps its rule as it was (and is not refused as used up), a new voucher brings its current rule.
 */
export async function repriceOf(
  db: DbOrTx,
  caller: BookingCaller,
  row: BookingTableRow,
  input: BookingUpdate,
  options: RepriceOptions = {},
): Promise<Reprice> {
  const stayInput: StayInput = {
    airport_id: row.airport_id,
    departure_id: input.departure_id ?? row.departure_id,
    arrival_id: input.arrival_id ?? row.arrival_id,
    departure_at: input.departure_at === undefined ? row.departure_at : new Date(input.departure_at),
    arrival_at: input.arrival_at === undefined ? row.arrival_at : new Date(input.arrival_at),
  };
  if (stayInput.departure_at.getTime() >= stayInput.arrival_at.getTime()) throw dateOrderError();
  const stay = await resolveStay(db, caller.companyId, stayInput);
  const voucherCode = input.voucher_code === undefined ? row.voucher_code : input.voucher_code;
  const priced = await priceStay(
    db,
    caller,
    stay,
    {
      ...stayInput,
      package_id: input.package_id === undefined ? row.package_id : input.package_id,
      service_ids: [],
      voucher_code: voucherCode,
      type: input.type ?? row.type,
    },
    { heldVoucherId: row.voucher_id, activeOnly: options.activeOnly ?? false, exceptBookingId: row.id },
  );
  const held = row.voucher_id !== null && priced.voucher?.id === row.voucher_id;
  const rule: VoucherRule | null = (held ? ruleOfRow(row) : null) ?? priced.voucher;
  const after = totalOf(
    {
      base_price: priced.price.base_price,
      package_price: priced.price.package_price,
      services_price: options.servicesPrice ?? row.services_price,
    },
    rule,
  );
  return { stay, stayInput, priced, held, rule, before: priceOfRow(row), after };
}

/**
 * The price a change gives the booking, or null when it keeps its price: the stay's re-price when route, times,
 * package, type or voucher change, and the new services price when the service set changes (the voucher's rule applied
 * to the new subtotal).
 */
export async function priceChangeOf(
  db: DbOrTx,
  caller: BookingCaller,
  row: BookingTableRow,
  input: BookingUpdate,
  options: { serviceIds?: number[]; activeOnly?: boolean },
) {
  const services = options.serviceIds ? await planServiceSet(db, caller.companyId, row.id, options.serviceIds) : null;
  const servicesPrice = services?.changed ? services.services_price : undefined;
  if (changesPrice(row, input)) {
    const reprice = await repriceOf(db, caller, row, input, {
      ...(servicesPrice === undefined ? {} : { servicesPrice }),
      activeOnly: options.activeOnly ?? false,
    });
    return { reprice, services: services?.changed ? services : null, before: reprice.before, after: reprice.after };
  }
  if (servicesPrice === undefined || !services) return null;
  const after = totalOf({ base_price: row.base_price, package_price: row.package_price, services_price: servicesPrice }, ruleOfRow(row));
  return { reprice: null, services, before: priceOfRow(row), after };
}
