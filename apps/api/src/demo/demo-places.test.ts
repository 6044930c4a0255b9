import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { bootstrapDatabase } from '../bootstrap.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { airports, companies, coreLocations, locations, yards } from '../db/schema/index.ts';

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

describe('demo places', () => {
  // A whole start with the demo data: seconds on a quiet machine, more than the default 30 s on a busy one.
  it('gives the demo company its locations (by the names other demo seeds use), two yards and core locations', {
    timeout: 120_000,
  }, async () => {
    database = await openDatabase({ dataDir: 'memory://', connectTimeoutMs: 1000 });
    await bootstrapDatabase(database, loadConfig({ DATA_DIR: 'memory://' }));
    const db = database.db;
    const rows = await db
      .select({
        name: locations.name,
        type: locations.type,
        capacity: locations.capacity,
        iata: airports.iata_code,
        latitude: locations.latitude,
      })
      .from(locations)
      .innerJoin(airports, eq(airports.id, locations.airport_id));
    const byName = new Map(rows.map((row) => [row.name, row]));
    expect(byName.get('Heathrow Long Stay Car Park')).toMatchObject({ type: 'car_park', iata: 'LHR', capacity: 800 });
    expect(byName.get('Heathrow Terminal 5 Drop-off')).toMatchObject({ type: 'terminal', iata: 'LHR', latitude: expect.any(Number) });
    expect(byName.get('Meet & Greet Desk T2')).toMatchObject({ type: 'meeting_point', iata: 'LHR' });
    expect(byName.get('Gatwick South Car Park')).toMatchObject({ type: 'car_park', iata: 'LGW' });
    expect(byName.get('Gatwick North Terminal')).toMatchObject({ type: 'terminal', iata: 'LGW' });
    expect(new Set(rows.map((row) => row.iata))).toEqual(new Set(['LHR', 'LGW', 'MAN', 'CMB']));
    // The demo company's two (the partner company of the demo has a depot of its own).
    const [demo] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, 'Parking Solutions Demo'));
    expect(
      await db
        .select()
        .from(yards)
        .where(eq(yards.company_id, demo?.id ?? 0)),
    ).toHaveLength(2);
    expect((await db.select().from(coreLocations)).length).toBeGreaterThanOrEqual(3);
  });
});
