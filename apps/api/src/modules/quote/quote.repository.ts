import { type BandType, type PriceRuleDefinition, type QuotePriceRow, releasedBookingStatuses } from '@ps/contracts';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  additionalServices,
  airports,
  bandMonths,
  bands,
  bookings,
  companies,
  locationPrices,
  locations,
  packages,
  vouchers,
} from '../../db/schema/index.ts';
import { priceRules } from '../../db/schema/priceRules.ts';
import type { Occupancy } from './quote.rules.ts';

/** What the quote reads, in one statement: every piece is the company's own or absent. */
export interface QuoteLookup {
  currency: string;
  airport: { id: number; name: string; iata_code: string; time_zone: string; status: number } | null;
  departure: { id: number; name: string; airport_id: number; status: number } | null;
  arrival: { id: number; name: string; airport_id: number; status: number } | null;
  package: { id: number; name: string; type: BandType; price: number; status: number } | null;
  services: { id: number; name: string; price: number; status: number }[];
  voucher: {
    id: number;
    code: string;
    discount_type: 'percent' | 'fixed';
    discount_value: number;
    valid_from: string;
    valid_to: string;
    usage_limit: number | null;
    times_used: number;
    status: number;
  } | null;
  /** The active band of the stay's type whose min_days..max_days holds the days (bands of a type do not overlap). */
  band: {
    id: number;
    name: string;
    type: BandType;
    min_days: number;
    max_days: number;
    floor_price: number | null;
    ceiling_price: number | null;
  } | null;
  /** That band's default price in the departure month. */
  band_month: { id: number; price: number } | null;
  /** Every price row of the route (all bands and months), with the band's name and type. */
  prices: QuotePriceRow[];
  /** The company's active price rules whose dates hold the departure date, in their order. */
  rules: PriceRuleDefinition[];
  /**
   * The car park's busiest day of the stay (departure location if it has spaces, else the arrival's), counted only
   * when an active occupancy rule could apply or `alwaysOccupancy` asks; null otherwise or without a car park.
   */
  occupancy: Occupancy | null;
}

export interface QuoteLookupParams {
  companyId: number;
  airportId: number;
  departureId: number;
  arrivalId: number;
  /** null: no package (parking bands). */
  packageId: number | null;
  /** Comma separated ids ('' for none): one text parameter works the same on both drivers. */
  serviceIds: string;
  voucherCode: string | null;
  /** The band type without a package (a package's own type wins). */
  type: BandType;
  /** Days of the stay, at most 366 (no band is longer than 365 days). */
  days: number;
  month: number;
  /** The stay's airport days (YYYY-MM-DD): the rules' dates and the occupancy's days. */
  departureDate: string;
  arrivalDate: string;
  /** The booking being re-priced: its own stay is not counted in the occupancy (0: none). */
  exceptBookingId: number;
  /** "At booking time": stays made after this instant (ISO) are not counted in the occupancy. */
  asOf: string;
  /** Count the occupancy even without an active occupancy rule (the simulation's draft rules). */
  alwaysOccupancy: boolean;
}

const p = <K extends keyof QuoteLookupParams>(name: K) => sql.placeholder(name);

/**
 * The stay's type: the package's (when it is the company's), else the requested type (parking by default). Used twice (band and default).
 * Written as SQL text inside the statement, with the company and package as parameters.
 */
const stayType = sql`coalesce((select ${packages.type} from ${packages} where ${packages.company_id} = ${p('companyId')}
  and ${packages.id} = ${p('packageId')}::int), ${p('type')}::text)`;

/** The band of the stay: active, of the stay's type, holding the days. */
const bandOfStay = (columns: ReturnType<typeof sql>) => sql`(select ${columns} from ${bands}
  where ${bands.company_id} = ${p('companyId')} and ${bands.status} = 1 and ${bands.type} = ${stayType}
    and ${bands.min_days} <= ${p('days')}::int and ${bands.max_days} >= ${p('days')}::int
  order by ${bands.min_days}, ${bands.id} limit 1)`;

/**
 * The whole read of a quote as ONE statement (one round trip), built once per database handle and prepared
 * (named on PostgreSQL, so it is parsed and planned once per connection). Each piece is a scalar subquery
 * answering JSON, every one filtered by the company: another company's ids find nothing.
 */
export function quoteLookupQuery(db: Pick<DbOrTx, 'select'>) {
  const company = p('companyId');
  return db
    .select({
      currency: companies.currency,
      airport: sql<QuoteLookup['airport']>`(select json_build_object('id', ${airports.id}, 'name', ${airports.name},
        'iata_code', ${airports.iata_code}, 'time_zone', ${airports.time_zone}, 'status', ${airports.status}) from ${airports}
        where ${airports.company_id} = ${company} and ${airports.id} = ${p('airportId')}::int)`,
      departure: sql<
        QuoteLookup['departure']
      >`(select json_build_object('id', l.id, 'name', l.name, 'airport_id', l.airport_id, 'status', l.status)
        from ${locations} l where l.company_id = ${company} and l.id = ${p('departureId')}::int)`,
      arrival: sql<
        QuoteLookup['arrival']
      >`(select json_build_object('id', l.id, 'name', l.name, 'airport_id', l.airport_id, 'status', l.status)
        from ${locations} l where l.company_id = ${company} and l.id = ${p('arrivalId')}::int)`,
      package: sql<QuoteLookup['package']>`(select json_build_object('id', ${packages.id}, 'name', ${packages.name},
        'type', ${packages.type}, 'price', ${packages.price}, 'status', ${packages.status}) from ${packages}
        where ${packages.company_id} = ${company} and ${packages.id} = ${p('packageId')}::int)`,
      services: sql<QuoteLookup['services']>`(select coalesce(json_agg(json_build_object('id', s.id, 'name', s.name,
        'price', s.price, 'status', s.status) order by s.name, s.id), '[]'::json) from ${additionalServices} s
        where s.company_id = ${company} and s.id = any(string_to_array(${p('serviceIds')}::text, ',')::int[]))`,
      voucher: sql<QuoteLookup['voucher']>`(select json_build_object('id', v.id, 'code', v.code,
        'discount_type', v.discount_type, 'discount_value', v.discount_value, 'valid_from', v.valid_from,
        'valid_to', v.valid_to, 'usage_limit', v.usage_limit, 'times_used', v.times_used, 'status', v.status)
        from ${vouchers} v where v.company_id = ${company} and lower(v.code) = lower(${p('voucherCode')}::text))`,
      band: sql<QuoteLookup['band']>`${bandOfStay(
        sql`json_build_object('id', ${bands.id}, 'name', ${bands.name}, 'type', ${bands.type},
          'min_days', ${bands.min_days}, 'max_days', ${bands.max_days}, 'floor_price', ${bands.floor_price},
          'ceiling_price', ${bands.ceiling_price})`,
      )}`,
      band_month: sql<QuoteLookup['band_month']>`(select json_build_object('id', bm.id, 'price', bm.price) from ${bandMonths} bm
        where bm.company_id = ${company} and bm.month = ${p('month')}::int and bm.band_id = ${bandOfStay(sql`${bands.id}`)})`,
      prices: sql<QuoteLookup['prices']>`(select coalesce(json_agg(json_build_object('id', lp.id, 'airport_id', lp.airport_id,
        'departure_id', lp.departure_id, 'arrival_id', lp.arrival_id, 'band_id', lp.band_id, 'band_name', b.name,
        'band_type', b.type, 'month', lp.month, 'price', lp.price) order by b.type, b.min_days, b.id, lp.month nulls first), '[]'::json)
        from ${locationPrices} lp inner join ${bands} b on b.company_id = lp.company_id and b.id = lp.band_id
        where lp.company_id = ${company} and lp.airport_id = ${p('airportId')}::int
          and lp.departure_id = ${p('departureId')}::int and lp.arrival_id = ${p('arrivalId')}::int)`,
      rules: sql<QuoteLookup['rules']>`(select coalesce(json_agg(json_build_object('id', r.id, 'name', r.name,
        'position', r.position, 'valid_from', r.valid_from, 'valid_to', r.valid_to, 'location_ids', r.location_ids,
        'band_types', r.band_types, 'kind', r.kind, 'config', r.config) order by r.position, r.id), '[]'::json)
        from ${priceRules} r where r.company_id = ${company} and r.status = 1
          and r.valid_from <= ${p('departureDate')}::date and r.valid_to >= ${p('departureDate')}::date)`,
      occupancy: sql<QuoteLookup['occupancy']>`(case when ${p('alwaysOccupancy')}::boolean or exists (select 1 from ${priceRules} r
          where r.company_id = ${company} and r.status = 1 and r.kind = 'occupancy'
            and r.valid_from <= ${p('departureDate')}::date and r.valid_to >= ${p('departureDate')}::date)
        then (select json_build_object('car_park_id', cp.id, 'car_park', cp.name, 'capacity', cp.capacity,
            'day', coalesce(to_char(busy.day, 'YYYY-MM-DD'), ${p('departureDate')}::text), 'held', coalesce(busy.held, 0))
          from (select l.id, l.name, l.capacity from ${locations} l where l.company_id = ${company}
              and l.id in (${p('departureId')}::int, ${p('arrivalId')}::int) and l.capacity > 0
              order by (l.id = ${p('departureId')}::int) desc limit 1) cp
          left join lateral (select running.day, running.held from (
              select move.day, sum(move.delta) over (order by move.day) as held
              from ${bookings} b
              cross join lateral (values (greatest(b.start_day, ${p('departureDate')}::date), 1), (b.end_day + 1, -1)) as move(day, delta)
              where b.company_id = ${company} and b.car_park_id = cp.id
                and b.end_day >= ${p('departureDate')}::date and b.start_day <= ${p('arrivalDate')}::date
                and b.status not in (${sql.raw(releasedBookingStatuses.map((status) => `'${status}'`).join(', '))})
                and b.id <> ${p('exceptBookingId')}::int and b.created_at <= ${p('asOf')}::timestamptz
                and move.day <= ${p('arrivalDate')}::date
            ) running order by running.held desc, running.day limit 1) busy on true)
        end)`,
    })
    .from(companies)
    .where(eq(companies.id, company))
    .limit(1);
}

function prepareQuoteLookup(db: DbOrTx) {
  return quoteLookupQuery(db).prepare('quote_lookup');
}
const prepared = new WeakMap<DbOrTx, ReturnType<typeof prepareQuoteLookup>>();

export function createQuoteRepository(db: DbOrTx) {
  return {
    async lookup(params: QuoteLookupParams): Promise<QuoteLookup | undefined> {
      let statement = prepared.get(db);
      if (!statement) {
        statement = prepareQuoteLookup(db);
        prepared.set(db, statement);
      }
      const [row] = await statement.execute(params as unknown as Record<string, unknown>);
      return row as QuoteLookup | undefined;
    },
  };
}
