import type { ApiModule } from '../kit/modules.ts';
import { additionalServicesModule } from './additional-services/additional-services.module.ts';
import { agenciesModule } from './agencies/agencies.module.ts';
import { airportsModule } from './airports/airports.module.ts';
import { attendanceModule } from './attendance/attendance.module.ts';
import { auditModule } from './audit/audit.module.ts';
import { authModule } from './auth/auth.module.ts';
import { bandsModule } from './bands/bands.module.ts';
import { blogModule } from './blog/blog.module.ts';
import { bookingsModule } from './bookings/bookings.module.ts';
import { companiesModule } from './companies/companies.module.ts';
import { coreAgenciesModule } from './core-agencies/core-agencies.module.ts';
import { countriesModule } from './countries/countries.module.ts';
import { customerDataModule } from './customer-data/customer-data.module.ts';
import { documentTypesModule } from './documents/documents.module.ts';
import { driverDocumentsModule } from './driver-documents/driver-documents.module.ts';
import { driverRatesModule } from './driver-rates/driver-rates.module.ts';
import { driversModule } from './drivers/drivers.module.ts';
import { flightsModule } from './flights/flights.module.ts';
import { handoversModule } from './handovers/handovers.module.ts';
import { healthModule } from './health/health.module.ts';
import { liveModule } from './live/live.module.ts';
import { locationsModule } from './locations/locations.module.ts';
import { mailModule } from './mail/mail.module.ts';
import { onSiteModule } from './on-site/on-site.module.ts';
import { packagesModule } from './packages/packages.module.ts';
import { paymentsModule } from './payments/payments.module.ts';
import { payoutsModule } from './payouts/payouts.module.ts';
import { peopleModule } from './people/people.module.ts';
import { positionsModule } from './positions/positions.module.ts';
import { priceRulesModule } from './price-rules/price-rules.module.ts';
import { pricesModule } from './prices/prices.module.ts';
import { publicBookingModule } from './public-booking/public-booking.module.ts';
import { quoteModule } from './quote/quote.module.ts';
import { reportsModule } from './reports/reports.module.ts';
import { rolesModule } from './roles/roles.module.ts';
import { searchModule } from './search/search.module.ts';
import { sessionsModule } from './sessions/sessions.module.ts';
import { setupModule } from './setup/setup.module.ts';
import { statisticsModule } from './statistics/statistics.module.ts';
import { tripsModule } from './trips/trips.module.ts';
import { vouchersModule } from './vouchers/vouchers.module.ts';
import { webConfigModule } from './web-config/web-config.module.ts';
import { yardsModule } from './yards/yards.module.ts';

/**
 * Every module of the API, in the order the app registers them (and the API reference lists their tags). A new module
 * adds its manifest here: the one line `npm run new:resource` writes on this side. Sign-in comes first: every other
 * module's routes check their permission through it.
 */
export const apiModules: readonly ApiModule[] = [
  authModule,
  healthModule,
  webConfigModule,
  countriesModule,
  airportsModule,
  companiesModule,
  locationsModule,
  yardsModule,
  documentTypesModule,
  driversModule,
  peopleModule,
  bandsModule,
  packagesModule,
  additionalServicesModule,
  vouchersModule,
  coreAgenciesModule,
  agenciesModule,
  rolesModule,
  pricesModule,
  quoteModule,
  bookingsModule,
  paymentsModule,
  driverDocumentsModule,
  driverRatesModule,
  payoutsModule,
  flightsModule,
  blogModule,
  attendanceModule,
  tripsModule,
  mailModule,
  auditModule,
  statisticsModule,
  setupModule,
  liveModule,
  sessionsModule,
  searchModule,
  positionsModule,
  handoversModule,
  onSiteModule,
  publicBookingModule,
  customerDataModule,
  reportsModule,
  priceRulesModule,
];
