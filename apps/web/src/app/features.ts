import { accountFeature } from '../features/account/manifest';
import { additionalServicesFeature } from '../features/additional-services/manifest';
import { agenciesFeature } from '../features/agencies/manifest';
import { airportsFeature } from '../features/airports/manifest';
import { auditFeature } from '../features/audit/manifest';
import { bandsFeature } from '../features/bands/manifest';
import { blogFeature } from '../features/blog/manifest';
import { bookingsFeature } from '../features/bookings/manifest';
import { companiesFeature } from '../features/companies/manifest';
import { countriesFeature } from '../features/countries/manifest';
import { customerDataFeature } from '../features/customer-data/manifest';
import { dashboardFeature } from '../features/dashboard/manifest';
import { dispatchFeature } from '../features/dispatch/manifest';
import { documentTypesFeature } from '../features/document-types/manifest';
import { driversFeature } from '../features/drivers/manifest';
import { handoversFeature } from '../features/handovers/manifest';
import { locationsFeature } from '../features/locations/manifest';
import { myDayFeature } from '../features/my-day/manifest';
import { onSiteFeature } from '../features/on-site/manifest';
import { outboxFeature } from '../features/outbox/manifest';
import { packagesFeature } from '../features/packages/manifest';
import { payoutsFeature } from '../features/payouts/manifest';
import { peopleFeature } from '../features/people/manifest';
import { positionsFeature } from '../features/positions/manifest';
import { priceRulesFeature } from '../features/price-rules/manifest';
import { pricesFeature } from '../features/prices/manifest';
import { quoteFeature } from '../features/quote/manifest';
import { reportsFeature } from '../features/reports/manifest';
import { rolesFeature } from '../features/roles/manifest';
import { settingsFeature } from '../features/settings/manifest';
import { vouchersFeature } from '../features/vouchers/manifest';
import { yardsFeature } from '../features/yards/manifest';
import type { FeatureManifest } from '../lib/features';

/**
 * Every feature of the web app, in the order the navigation lists its entries within their groups. A new feature adds
 * its manifest here: the one line `npm run new:resource` writes on this side. The router, the shell's navigation and
 * the screens' permissions all come from this list (lib/features.ts).
 */
export const webFeatures: readonly FeatureManifest[] = [
  dashboardFeature,
  myDayFeature,
  bookingsFeature,
  handoversFeature,
  onSiteFeature,
  quoteFeature,
  agenciesFeature,
  driversFeature,
  payoutsFeature,
  dispatchFeature,
  documentTypesFeature,
  airportsFeature,
  locationsFeature,
  yardsFeature,
  positionsFeature,
  countriesFeature,
  bandsFeature,
  packagesFeature,
  additionalServicesFeature,
  vouchersFeature,
  pricesFeature,
  blogFeature,
  outboxFeature,
  peopleFeature,
  rolesFeature,
  auditFeature,
  reportsFeature,
  customerDataFeature,
  settingsFeature,
  companiesFeature,
  accountFeature,
  priceRulesFeature,
];
