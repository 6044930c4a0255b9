import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { airports, coreAirports, coreLocations, locations, yards } from '../db/schema/index.ts';

/**
 * The demo company's places: locations at its airports (car parks, terminal drop-off points, meeting points),
 * two valet yards, and a few of the organisation's core locations to pick from. The prices and quote demo
 * seeds find these locations by name: keep "Heathrow Long Stay Car Park", "Heathrow Terminal 5 Drop-off",
 * "Gatwick South Car Park" and "Gatwick North Terminal" as they are.
 */
export async function seedDemoPlaces(tx: Db, companyId: number): Promise<void> {
  const core = await tx
    .select({ id: coreAirports.id, iata: coreAirports.iata_code })
    .from(coreAirports)
    .where(inArray(coreAirports.iata_code, ['LHR', 'LGW', 'MAN', 'CMB']));
  const coreAirport = (iata: string) => {
    const found = core.find((airport) => airport.iata === iata);
    if (!found) throw new Error(`demo: no core airport ${iata}`);
    return found.id;
  };
  const coreRows = await tx
    .insert(coreLocations)
    .values([
      {
        core_airport_id: coreAirport('LHR'),
        name: 'Heathrow Terminal 5 Forecourt',
        type: 'terminal',
        address: 'Wallis Road, Hounslow TW6 2GA',
        latitude: 51.4723,
        longitude: -0.4887,
      },
      {
        core_airport_id: coreAirport('LHR'),
        name: 'Heathrow Terminal 2 Forecourt',
        type: 'terminal',
        address: 'Inner Ring East, Hounslow TW6 1EW',
        latitude: 51.4694,
        longitude: -0.4512,
      },
      {
        core_airport_id: coreAirport('LGW'),
        name: 'Gatwick South Terminal Forecourt',
        type: 'terminal',
        address: 'Perimeter Road East, Crawley RH6 0NP',
        latitude: 51.1564,
        longitude: -0.1611,
      },
      {
        core_airport_id: coreAirport('MAN'),
        name: 'Manchester Terminal 1 Forecourt',
        type: 'terminal',
        address: 'Outwood Lane, Manchester M90 1QX',
        latitude: 53.3654,
        longitude: -2.2726,
      },
      {
        core_airport_id: coreAirport('CMB'),
        name: 'Bandaranaike Arrivals Hall',
        type: 'meeting_point',
        address: 'Canada Friendship Road, Katunayake 11450',
        latitude: 7.1807,
        longitude: 79.8841,
      },
    ])
    .returning({ id: coreLocations.id, name: coreLocations.name });
  const coreId = (name: string) => coreRows.find((row) => row.name === name)?.id ?? null;

  const own = await tx
    .select({ id: airports.id, iata: airports.iata_code })
    .from(airports)
    .where(and(eq(airports.company_id, companyId), inArray(airports.iata_code, ['LHR', 'LGW', 'MAN', 'CMB'])));
  const airport = (iata: string) => {
    const found = own.find((row) => row.iata === iata);
    if (!found) throw new Error(`demo: the company has no airport ${iata}`);
    return found.id;
  };
  const at = (iata: string) => ({ company_id: companyId, airport_id: airport(iata) });

  await tx.insert(locations).values([
    {
      ...at('LHR'),
      name: 'Heathrow Long Stay Car Park',
      type: 'car_park',
      address: 'Northern Perimeter Road West, Hounslow TW6 2RS',
      latitude: 51.4815,
      longitude: -0.4748,
      capacity: 800,
    },
    {
      ...at('LHR'),
      core_location_id: coreId('Heathrow Terminal 5 Forecourt'),
      name: 'Heathrow Terminal 5 Drop-off',
      type: 'terminal',
      address: 'Wallis Road, Hounslow TW6 2GA',
      latitude: 51.4723,
      longitude: -0.4887,
    },
    {
      ...at('LHR'),
      core_location_id: coreId('Heathrow Terminal 2 Forecourt'),
      name: 'Meet & Greet Desk T2',
      type: 'meeting_point',
      address: 'Terminal 2 short stay car park, level 4, Hounslow TW6 1EW',
      latitude: 51.4701,
      longitude: -0.4522,
    },
    {
      ...at('LGW'),
      name: 'Gatwick South Car Park',
      type: 'car_park',
      address: 'Ring Road South, Crawley RH6 0NP',
      latitude: 51.1497,
      longitude: -0.1725,
      capacity: 600,
    },
    {
      ...at('LGW'),
      name: 'Gatwick North Terminal',
      type: 'terminal',
      address: 'North Terminal forecourt, Crawley RH6 0PJ',
      latitude: 51.1618,
      longitude: -0.1769,
    },
    {
      ...at('LGW'),
      name: 'Gatwick Overflow Car Park',
      type: 'car_park',
      address: 'Lowfield Heath Road, Crawley RH11 0QA',
      capacity: 150,
      // Only opened in the summer peak.
      status: 0,
    },
    {
      ...at('MAN'),
      name: 'Manchester Long Stay Car Park',
      type: 'car_park',
      address: 'Ringway Road West, Manchester M90 3HR',
      latitude: 53.3574,
      longitude: -2.2859,
      capacity: 450,
    },
    {
      ...at('MAN'),
      core_location_id: coreId('Manchester Terminal 1 Forecourt'),
      name: 'Manchester Terminal 1 Drop-off',
      type: 'terminal',
      address: 'Outwood Lane, Manchester M90 1QX',
      latitude: 53.3654,
      longitude: -2.2726,
    },
    {
      ...at('CMB'),
      name: 'Katunayake Car Park',
      type: 'car_park',
      address: 'Airport Road, Katunayake 11450',
      latitude: 7.1751,
      longitude: 79.8836,
      capacity: 120,
    },
    {
      ...at('CMB'),
      core_location_id: coreId('Bandaranaike Arrivals Hall'),
      name: 'Colombo Arrivals Meeting Point',
      type: 'meeting_point',
      address: 'Arrivals hall exit, Katunayake 11450',
      latitude: 7.1807,
      longitude: 79.8841,
    },
  ]);

  await tx.insert(yards).values([
    { company_id: companyId, name: 'Crawley Valet Yard', address: 'Gatwick Road, Crawley RH10 9RD', capacity: 250 },
    { company_id: companyId, name: 'Hounslow Valet Yard', address: 'Bath Road, Hounslow TW6 2AA', capacity: 180 },
  ]);
}
