import type { Language, PriceRuleDefinition, Quote, QuoteExplanationStep, QuoteQuery, QuoteResult } from '@ps/contracts';
import { formatDay, formatMoney, formatMonthNumber } from '@ps/contracts/common/format';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, fieldError, invalidField } from '../../lib/errors.ts';
import type { Translate } from '../../lib/i18n.ts';
import { createQuoteRepository, type QuoteLookup } from './quote.repository.ts';
import { applyPriceRules } from './quote.rules.ts';

/** Days from departure to arrival, both counted: Mon to Wed = 3. Dates are calendar days; no time zone enters. */
export function stayDays(departureDate: string, arrivalDate: string): number {
  const dayNumber = (date: string) => {
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    return Date.UTC(year, month - 1, day) / 86_400_000;
  };
  return dayNumber(arrivalDate) - dayNumber(departureDate) + 1;
}

/** The month (1-12) of a `YYYY-MM-DD` date, read from the text: the airport's calendar day, never shifted. */
export function monthOf(date: string): number {
  return Number(date.slice(5, 7));
}

/** `percent`% of `amount` minor units, rounded half up to the minor unit, in integers (no float error). */
export function percentOf(amount: number, percent: number): number {
  return Math.floor((amount * percent + 50) / 100);
}

/** The voucher's discount on a subtotal, never more than the subtotal. */
export function discountOf(voucher: { discount_type: 'percent' | 'fixed'; discount_value: number }, subtotal: number) {
  const raw = voucher.discount_type === 'percent' ? percentOf(subtotal, voucher.discount_value) : voucher.discount_value;
  return { discount: Math.min(raw, subtotal), capped: raw > subtotal };
}

function voucherError(code: 'voucher_unknown' | 'voucher_not_valid' | 'voucher_used_up' | 'voucher_inactive') {
  const status = code === 'voucher_unknown' ? 404 : 400;
  return new AppError(status, code, { details: [{ field: 'voucher_code', code: `errors.${code}`, message: '' }] });
}

/** Who asks: the company, and the language the sentences are written in. */
export interface QuoteCaller {
  companyId: number;
  language: Language;
  t: Translate;
}

/**
 * The price search of issue 6: the route's price rows and the quote of one stay. One read (quote.repository.ts),
 * then the rules here, in this order: the dates, the references (airport, locations of that airport, package,
 * services: the company's own and, for package and services, active), the voucher, the band, the base price
 * (route and month, else route for every month, else the band-month default), the sums.
 */
export function createQuoteService(db: DbOrTx) {
  const repository = createQuoteRepository(db);

  return {
    /**
     * `heldVoucherId`: a voucher whose use the booking being re-priced already holds; it is not refused as used up
     * (that use is the booking's own).
     */
    async quote(caller: QuoteCaller, query: QuoteQuery, options: QuoteOptions = {}): Promise<QuoteResult> {
      const days = stayDays(query.departure_date, query.arrival_date);
      if (days < 1) throw fieldError('quote_dates_reversed', 'arrival_date');
      const month = monthOf(query.departure_date);
      const serviceIds = query.service_ids ?? [];

      const lookup = await repository.lookup({
        companyId: caller.companyId,
        airportId: query.airport_id,
        departureId: query.departure_id,
        arrivalId: query.arrival_id,
        packageId: query.package_id ?? null,
        serviceIds: serviceIds.join(','),
        voucherCode: query.voucher_code ?? null,
        type: query.type ?? 'parking',
        days: Math.min(days, 366),
        month,
        departureDate: query.departure_date,
        arrivalDate: query.arrival_date,
        exceptBookingId: options.exceptBookingId ?? 0,
        asOf: (options.now ?? new Date()).toISOString(),
        alwaysOccupancy: options.rules !== undefined,
      });
      if (!lookup) throw new AppError(404, 'not_found');
      return { prices: lookup.prices, quote: priceOf(caller, query, lookup, days, month, serviceIds, options) };
    },
  };
}

export interface QuoteOptions {
  heldVoucherId?: number | null;
  /** The public quote: an inactive airport or location is not there (400 on its field), as its public lists leave it out. */
  activeOnly?: boolean;
  /** The booking time (issue 24's lead time and "occupancy at booking time"); the clock's now unless told. */
  now?: Date;
  /** The stay's departure instant (a booking's); without it, the start of the departure day at the airport. */
  departureAt?: Date;
  /** The booking being re-priced: its own stay does not count in the occupancy. */
  exceptBookingId?: number | null;
  /** Price with these rules instead of the company's active ones (the simulation's draft rule set). */
  rules?: PriceRuleDefinition[];
}

function priceOf(
  caller: QuoteCaller,
  query: QuoteQuery,
  lookup: QuoteLookup,
  days: number,
  month: number,
  serviceIds: number[],
  options: QuoteOptions,
): Quote {
  const { t, language } = caller;
  // References: the company's own (another company's id finds nothing), the locations at the airport.
  const shown = (record: { status: number }) => !options.activeOnly || record.status === 1;
  if (!lookup.airport || !shown(lookup.airport)) throw invalidField('airport_id');
  if (!lookup.departure || lookup.departure.airport_id !== lookup.airport.id || !shown(lookup.departure))
    throw invalidField('departure_id');
  if (!lookup.arrival || lookup.arrival.airport_id !== lookup.airport.id || !shown(lookup.arrival)) throw invalidField('arrival_id');
  const pkg = lookup.package;
  if (query.package_id !== undefined && pkg?.status !== 1) throw invalidField('package_id');
  const services = lookup.services;
  if (services.length !== serviceIds.length || services.some((service) => service.status !== 1)) throw invalidField('service_ids');

  // The voucher: the company's, active, valid on the departure date, under its usage limit.
  const voucher = lookup.voucher;
  if (query.voucher_code !== undefined) {
    if (!voucher) throw voucherError('voucher_unknown');
    if (voucher.status !== 1) throw voucherError('voucher_inactive');
    if (query.departure_date < voucher.valid_from || query.departure_date > voucher.valid_to) throw voucherError('voucher_not_valid');
    const held = options.heldVoucherId === voucher.id;
    if (!held && voucher.usage_limit !== null && voucher.times_used >= voucher.usage_limit) throw voucherError('voucher_used_up');
  }

  const stayType = pkg?.type ?? query.type ?? 'parking';
  const typeLabel = t(`quote.bandTypes.${stayType}`);
  const band = lookup.band;
  if (!band) throw new AppError(404, 'quote_no_band', { vars: { count: days, type: typeLabel } });

  // The base price: the route's price for the band and month, else for the band in every month, else the default.
  const routeMonth = lookup.prices.find((row) => row.band_id === band.id && row.month === month);
  const routeAll = routeMonth ? undefined : lookup.prices.find((row) => row.band_id === band.id && row.month === null);
  const routeRow = routeMonth ?? routeAll;
  const monthLabel = formatMonthNumber(language, month);
  if (!routeRow && !lookup.band_month) throw new AppError(404, 'quote_no_price', { vars: { band: band.name, month: monthLabel } });
  const source = routeMonth ? 'route_month' : routeAll ? 'route_all_months' : 'band_month';
  const gridPrice = routeRow ? routeRow.price : (lookup.band_month?.price ?? 0);
  // The price rules on the grid's price, in their order, then the band's floor and ceiling (quote.rules.ts).
  const ruled = applyPriceRules(
    options.rules ?? lookup.rules,
    {
      departureDate: query.departure_date,
      arrivalDate: query.arrival_date,
      days,
      departureId: lookup.departure.id,
      arrivalId: lookup.arrival.id,
      bandType: band.type,
      timeZone: lookup.airport.time_zone,
      departureAt: options.departureAt ?? null,
      now: options.now ?? new Date(),
      occupancy: lookup.occupancy,
    },
    gridPrice,
    { floor_price: band.floor_price ?? null, ceiling_price: band.ceiling_price ?? null },
    { language, t, currency: lookup.currency },
  );
  const basePrice = ruled.price;

  const packagePrice = pkg?.price ?? 0;
  const serviceLines = services.map(({ id, name, price }) => ({ id, name, price }));
  const servicesPrice = serviceLines.reduce((sum, service) => sum + service.price, 0);
  const subtotal = basePrice + packagePrice + servicesPrice;
  const applied = voucher && query.voucher_code !== undefined ? discountOf(voucher, subtotal) : undefined;
  const discount = applied?.discount ?? 0;
  const total = subtotal - discount;

  const money = (minor: number) => formatMoney(language, minor, lookup.currency);
  const route = { departure: lookup.departure.name, arrival: lookup.arrival.name };
  const explanation: QuoteExplanationStep[] = [
    {
      step: 'days',
      data: { departure_date: query.departure_date, arrival_date: query.arrival_date, days },
      text: t('quote.explanation.days', {
        departure_date: formatDay(language, query.departure_date),
        arrival_date: formatDay(language, query.arrival_date),
        count: days,
      }),
    },
    {
      step: 'band',
      data: {
        band_id: band.id,
        band_name: band.name,
        band_type: band.type,
        min_days: band.min_days,
        max_days: band.max_days,
        days,
        reason: pkg ? 'package' : stayType === 'parking' ? 'parking' : 'type',
        ...(pkg ? { package_id: pkg.id } : {}),
      },
      text: t(
        pkg ? 'quote.explanation.band_package' : stayType === 'parking' ? 'quote.explanation.band_parking' : 'quote.explanation.band_type',
        {
          package: pkg?.name ?? '',
          type: typeLabel,
          count: days,
          band: band.name,
          min_days: band.min_days,
          max_days: band.max_days,
        },
      ),
    },
    {
      step: 'month',
      data: { departure_date: query.departure_date, month },
      text: t('quote.explanation.month', { departure_date: formatDay(language, query.departure_date), month: monthLabel }),
    },
    {
      step: 'base_price',
      data: {
        source,
        location_price_id: routeRow?.id ?? null,
        band_month_id: routeRow ? null : (lookup.band_month?.id ?? null),
        band_id: band.id,
        month: source === 'route_all_months' ? null : month,
        price: gridPrice,
      },
      text: t(`quote.explanation.base_${source}`, { ...route, band: band.name, month: monthLabel, price: money(gridPrice) }),
    },
    ...ruled.steps,
    pkg
      ? {
          step: 'package',
          data: { package_id: pkg.id, package_name: pkg.name, package_type: pkg.type, price: packagePrice },
          text: t('quote.explanation.package', { package: pkg.name, price: money(packagePrice) }),
        }
      : { step: 'package', data: { package_id: null, price: 0 }, text: t('quote.explanation.no_package') },
    serviceLines.length > 0
      ? {
          step: 'services',
          data: { services: serviceLines, price: servicesPrice },
          text: t('quote.explanation.services', {
            list: serviceLines.map((service) => `${service.name} ${money(service.price)}`).join(', '),
            price: money(servicesPrice),
          }),
        }
      : { step: 'services', data: { services: [], price: 0 }, text: t('quote.explanation.no_services') },
    voucher && applied
      ? {
          step: 'voucher',
          data: {
            voucher_id: voucher.id,
            voucher_code: voucher.code,
            discount_type: voucher.discount_type,
            discount_value: voucher.discount_value,
            subtotal,
            discount,
            capped: applied.capped,
          },
          text: t(
            applied.capped
              ? 'quote.explanation.voucher_capped'
              : voucher.discount_type === 'percent'
                ? 'quote.explanation.voucher_percent'
                : 'quote.explanation.voucher_fixed',
            {
              code: voucher.code,
              value: voucher.discount_type === 'percent' ? voucher.discount_value : money(voucher.discount_value),
              subtotal: money(subtotal),
              discount: money(discount),
            },
          ),
        }
      : { step: 'voucher', data: { voucher_id: null, discount: 0 }, text: t('quote.explanation.no_voucher') },
    {
      step: 'total',
      data: { base_price: basePrice, package_price: packagePrice, services_price: servicesPrice, subtotal, discount, total },
      text: t('quote.explanation.total', {
        base_price: money(basePrice),
        package_price: money(packagePrice),
        services_price: money(servicesPrice),
        discount: money(discount),
        total: money(total),
      }),
    },
  ];

  return {
    days,
    band,
    month,
    grid_price: gridPrice,
    base_price: basePrice,
    base_price_source: source,
    location_price_id: routeRow?.id ?? null,
    band_month_id: routeRow ? null : (lookup.band_month?.id ?? null),
    package: pkg ? { id: pkg.id, name: pkg.name, type: pkg.type, price: pkg.price } : null,
    package_price: packagePrice,
    services: serviceLines,
    services_price: servicesPrice,
    voucher:
      voucher && applied
        ? { id: voucher.id, code: voucher.code, discount_type: voucher.discount_type, discount_value: voucher.discount_value }
        : null,
    subtotal,
    discount,
    total,
    currency: lookup.currency,
    explanation,
  };
}
