import type {
  CoreLocation,
  CoreLocationCreate,
  CoreLocationListQuery,
  CoreLocationUpdate,
  Location,
  LocationCreate,
  LocationListQuery,
  LocationUpdate,
} from '@ps/contracts';
import type { Db } from '../../db/client.ts';
import { coreLocations, locations } from '../../db/schema/index.ts';
import { constraintTranslator } from '../../kit/constraints.ts';
import { companyCrudService, organisationCrudService, recordOf } from '../../kit/service.ts';
import {
  type CoreLocationRow,
  createCoreLocationsRepository,
  createLocationsRepository,
  type LocationRow,
} from './locations.repository.ts';

export const toLocation = (row: LocationRow): Location => recordOf(row);
export const toCoreLocation = (row: CoreLocationRow): CoreLocation => recordOf(row);

/**
 * What the database refuses, in the user's terms: another company's airport (or an unknown one) is a 400 on
 * `airport_id`, an unknown core location a 400 on `core_location_id`; a location a price still uses is 409.
 */
const locationWrites = {
  entity: 'location',
  translate: constraintTranslator({
    table: 'locations',
    references: ['airport_id', 'core_location_id'],
    inUse: 'location_in_use',
  }),
};
/** A core location a company's location was picked from stays until that location lets go of it (409). */
const coreLocationWrites = {
  entity: 'core_location',
  translate: constraintTranslator({
    table: 'core_locations',
    references: ['core_airport_id'],
    inUse: 'location_in_use',
  }),
};

/** A company's locations: reads and audited writes, always within the caller's company. */
export const createLocationsService = (db: Db) =>
  companyCrudService<typeof locations.$inferInsert, LocationRow, Location, LocationListQuery, LocationCreate, LocationUpdate>(
    db,
    locations,
    {
      writes: locationWrites,
      reader: createLocationsRepository,
      toRecord: toLocation,
    },
  );

/** The organisation's core locations, kept by the super admin; companies read them to pick from. */
export const createCoreLocationsService = (db: Db) =>
  organisationCrudService<
    typeof coreLocations.$inferInsert,
    CoreLocationRow,
    CoreLocation,
    CoreLocationListQuery,
    CoreLocationCreate,
    CoreLocationUpdate
  >(db, coreLocations, { writes: coreLocationWrites, reader: createCoreLocationsRepository, toRecord: toCoreLocation });
