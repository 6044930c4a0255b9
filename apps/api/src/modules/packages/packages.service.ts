import type { Package, PackageCreate, PackageListQuery, PackageUpdate } from '@ps/contracts';
import type { Db } from '../../db/client.ts';
import { packages } from '../../db/schema/index.ts';
import { constraintTranslator } from '../../kit/constraints.ts';
import { companyCrudService, recordOf } from '../../kit/service.ts';
import { createPackagesRepository, type PackageRow } from './packages.repository.ts';

export const toPackage = (row: PackageRow): Package => recordOf(row);

const packageWrites = {
  entity: 'package',
  translate: constraintTranslator({
    table: 'packages',
    checks: { packages_price_not_negative: 'price' },
    // Bookings (a later issue) will refer to packages and restrict their deletion.
    inUse: 'package_in_use',
  }),
};

/** A company's packages: plain CRUD through the kit. */
export const createPackagesService = (db: Db) =>
  companyCrudService<typeof packages.$inferInsert, PackageRow, Package, PackageListQuery, PackageCreate, PackageUpdate>(db, packages, {
    writes: packageWrites,
    reader: createPackagesRepository,
    toRecord: toPackage,
  });
