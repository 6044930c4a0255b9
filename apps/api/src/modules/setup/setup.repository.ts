import { DEFAULT_BACKGROUND_COLOUR, DEFAULT_PRIMARY_COLOUR } from '@ps/contracts';
import { and, count, eq, gt, isNotNull, isNull, min, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  airports,
  auditLog,
  bandMonths,
  bands,
  companies,
  companyWebConfigs,
  locationPrices,
  locations,
  users,
} from '../../db/schema/index.ts';

/** What the checklist is made of: how many records of each kind the company has (setup.ts in the contracts). */
export interface SetupCounts {
  airports: number;
  car_parks: number;
  bands: number;
  prices: number;
  users: number;
  web_config_saves: number;
  /** The stored look is not the one a new company starts with (a logo, or colours of its own). */
  web_config_customised: boolean;
}

/**
 * Every count in one statement (one round trip: the dashboard reads it on every visit), each a scalar subquery on the
 * company's own index of its table. Null when the company does not exist.
 */
export async function findSetupCounts(db: DbOrTx, companyId: number): Promise<SetupCounts | undefined> {
  const scalar = (query: SQL | { getSQL(): SQL }) => sql<number>`(${query})`.mapWith(Number);
  const activeBand = and(eq(bands.status, 1), eq(bands.company_id, companyId));
  const firstUser = db
    .select({ id: min(users.id) })
    .from(users)
    .where(eq(users.company_id, companyId));
  const [row] = await db
    .select({
      airports: scalar(
        db
          .select({ n: count() })
          .from(airports)
          .where(and(eq(airports.company_id, companyId), eq(airports.status, 1))),
      ),
      // A car park as the dashboard's loads and occupancy count one.
      car_parks: scalar(
        db
          .select({ n: count() })
          .from(locations)
          .where(
            and(eq(locations.company_id, companyId), eq(locations.status, 1), eq(locations.type, 'car_park'), gt(locations.capacity, 0)),
          ),
      ),
      bands: scalar(db.select({ n: count() }).from(bands).where(activeBand)),
      // A band's default for a month prices every route; a route's own price only its route. Either gives a quote.
      prices: sql<number>`(${db
        .select({ n: count() })
        .from(bandMonths)
        .innerJoin(bands, and(eq(bands.company_id, bandMonths.company_id), eq(bands.id, bandMonths.band_id)))
        .where(and(eq(bandMonths.company_id, companyId), activeBand))}) + (${db
        .select({ n: count() })
        .from(locationPrices)
        .innerJoin(bands, and(eq(bands.company_id, locationPrices.company_id), eq(bands.id, locationPrices.band_id)))
        .where(and(eq(locationPrices.company_id, companyId), activeBand))})`.mapWith(Number),
      // The first admin is the company's first user (made with it); whoever else is still there counts.
      users: scalar(
        db
          .select({ n: count() })
          .from(users)
          .where(and(eq(users.company_id, companyId), isNull(users.deleted_at), ne(users.id, sql`(${firstUser})`))),
      ),
      web_config_saves: scalar(
        db
          .select({ n: count() })
          .from(auditLog)
          .where(and(eq(auditLog.company_id, companyId), eq(auditLog.entity, 'web_config'))),
      ),
      web_config_customised: sql<boolean>`coalesce(${or(
        isNotNull(companyWebConfigs.login_page_logo),
        ne(companyWebConfigs.primary_color, DEFAULT_PRIMARY_COLOUR),
        ne(companyWebConfigs.background_color, DEFAULT_BACKGROUND_COLOUR),
      )}, false)`.mapWith(Boolean),
    })
    .from(companies)
    .leftJoin(companyWebConfigs, eq(companyWebConfigs.company_id, companies.id))
    .where(eq(companies.id, companyId))
    .limit(1);
  return row;
}
