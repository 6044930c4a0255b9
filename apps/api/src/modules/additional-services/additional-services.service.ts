import type { AdditionalService, AdditionalServiceCreate, AdditionalServiceListQuery, AdditionalServiceUpdate } from '@ps/contracts';
import type { Db } from '../../db/client.ts';
import { additionalServices } from '../../db/schema/index.ts';
import { constraintTranslator } from '../../kit/constraints.ts';
import { companyCrudService, recordOf } from '../../kit/service.ts';
import { type AdditionalServiceRow, createAdditionalServicesRepository } from './additional-services.repository.ts';

export const toAdditionalService = (row: AdditionalServiceRow): AdditionalService => recordOf(row);

const serviceWrites = {
  entity: 'additional_service',
  translate: constraintTranslator({
    table: 'additional_services',
    checks: { additional_services_price_not_negative: 'price' },
    // Booking additional services (a later issue) will refer to services and restrict their deletion.
    inUse: 'service_in_use',
  }),
};

/** A company's additional services: plain CRUD through the kit. */
export const createAdditionalServicesService = (db: Db) =>
  companyCrudService<
    typeof additionalServices.$inferInsert,
    AdditionalServiceRow,
    AdditionalService,
    AdditionalServiceListQuery,
    AdditionalServiceCreate,
    AdditionalServiceUpdate
  >(db, additionalServices, { writes: serviceWrites, reader: createAdditionalServicesRepository, toRecord: toAdditionalService });
