import { bandMonthEndpoints, locationPriceEndpoints, type PriceListRouteQuery } from '@ps/contracts';
import type { FastifyInstance } from 'fastify';
import { endpointServer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { companyActorOf, registerCrudRoutes } from '../../kit/routes.ts';
import { createBandMonthsService, createLocationPricesService, createPriceGridService } from './prices.service.ts';
import { createPriceListVersionsService, PRICE_LIST_VERSIONS_LIMIT } from './prices.versions.ts';

/**
 * Spec 7: band-month/* and location-price/* (add, list, get, update, delete), and the price grid: a route's
 * prices (bands x months) read and saved together, a season copied to another route, the defaults grid.
 * `location-price/admin/list` (the quote) is the quote module's.
 */
export function registerPriceRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  const serveBandMonths = endpointServer(app, 'band months');
  const serveLocationPrices = endpointServer(app, 'location prices');

  registerCrudRoutes(serveBandMonths, {
    endpoints: bandMonthEndpoints,
    scope: 'company',
    service: createBandMonthsService(db),
    docs: {
      add: {
        summary: 'Add a band-month default price',
        description:
          'The default price (integer minor units) of a whole stay of the band departing in the month (1-12). One per band and month ' +
          '(409 `band_month_taken` on `month`); a band of another company is a 400 on `band_id`.',
      },
      list: {
        summary: "Your company's band-month defaults",
        description:
          'Paging, sort (`band_name`, `month`, `price`, `created_at`), search by band name, filters `band_id`, `month`, `type` (the band type).',
      },
    },
  });

  registerCrudRoutes(serveLocationPrices, {
    endpoints: locationPriceEndpoints,
    scope: 'company',
    service: createLocationPricesService(db),
    docs: {
      add: {
        summary: "Add a route's own price",
        description:
          'A price (integer minor units) for a route (departure -> arrival, both locations of the airport; the same car park for ' +
          'parking), a band and a month (1-12, or null for every month). It overrides the band-month default. One per route, band and ' +
          'month (409 `location_price_taken` on `month`); a location of another airport is a 400 on the field.',
      },
      list: {
        summary: "Your company's location prices",
        description:
          'Paging, sort (`departure_name`, `arrival_name`, `band_name`, `month`, `price`, `created_at`), search by band or location ' +
          'name, filters `airport_id`, `departure_id`, `arrival_id`, `band_id`, `month` (1-12, or `every`).',
      },
    },
  });

  const grid = createPriceGridService(db);

  serveLocationPrices(locationPriceEndpoints.grid, {
    summary: "A route's price grid",
    description:
      "The active bands of the type (rows, by days) x months 1-12 (columns). Each cell has the route's own price (`month_price` " +
      "for the month, else the route's every-month price: `own_price`), the band-month default (`default_price`), and the price " +
      "that applies with its `source` (`month`, `every_month`, `default`, or null when there is none). Another company's airport " +
      'or locations: 404; a location of another airport: 400 on the field.',
    errors: [404],
    handler: async (request) => ({
      message: request.t('success.fetched'),
      data: await grid.routeGrid(companyActorOf(request), request.query),
    }),
  });

  serveLocationPrices(locationPriceEndpoints.saveGrid, {
    summary: "Save a route's price grid",
    description:
      "Every cell in one transaction: a price creates or changes the route's own price of that band and month (month null: " +
      'the every-month price), null removes it (the default applies again). Any invalid cell is a 400 naming it ' +
      '(`cells.N.price`, `cells.N.band_id`, `cells.N.month`) and nothing is written. Each change is audited.',
    errors: [404, 409],
    handler: async (request) => ({
      message: request.t('success.updated'),
      data: await grid.saveRouteGrid(companyActorOf(request), request.body),
    }),
  });

  serveLocationPrices(locationPriceEndpoints.copy, {
    summary: 'Copy a season to another route',
    description:
      'Copies every price of the `from` route (all bands, months and every-month prices) to the `to` route of the same airport, ' +
      'in one transaction. A target price for the same band and month is overwritten with `replace: true`; with `replace: false` ' +
      "it is a 409 `location_price_copy_conflict` naming the first one and how many, and nothing is copied. The target's other " +
      'prices stay. Answers how many were copied and how many of those replaced a price. Each change is audited.',
    errors: [404, 409],
    handler: async (request) => ({
      message: request.t('success.updated'),
      data: await grid.copy(companyActorOf(request), request.body),
    }),
  });

  serveBandMonths(bandMonthEndpoints.grid, {
    summary: 'The band-month defaults grid',
    description: 'The active bands of the type (rows, by days) x months 1-12: each cell the default price, or null.',
    handler: async (request) => ({
      message: request.t('success.fetched'),
      data: await grid.defaultsGrid(companyActorOf(request), request.query),
    }),
  });

  serveBandMonths(bandMonthEndpoints.saveGrid, {
    summary: 'Save the band-month defaults grid',
    description:
      'Every cell in one transaction: a price creates or changes the default, null removes it. Any invalid cell is a 400 naming ' +
      'it and nothing is written. Each change is audited.',
    errors: [409],
    handler: async (request) => ({
      message: request.t('success.updated'),
      data: await grid.saveDefaultsGrid(companyActorOf(request), request.body),
    }),
  });

  const priceLists = createPriceListVersionsService(db);
  const routeOf = (query: PriceListRouteQuery) => ({
    airport_id: query.airport_id,
    departure_id: query.departure_id,
    arrival_id: query.arrival_id,
  });

  serveLocationPrices(locationPriceEndpoints.versions, {
    summary: "A route's price list versions",
    description:
      `Newest first, at most ${PRICE_LIST_VERSIONS_LIMIT}: the route's own prices (every band type, every month and every-month) after ` +
      'each save that changed them (a grid save, a copy, an add, edit or delete of one price, a restore), read from the audit log. ' +
      'Each has `audit_id` (the last audit entry of that save: what a restore names), when, who, `changes` (each price from and ' +
      "to; null is no price of its own), `cells` (the whole list then), `restored_from` and `is_current`. Another company's " +
      'airport or locations: 404.',
    errors: [404],
    handler: async (request) => ({
      message: request.t('success.list'),
      data: await priceLists.versions(companyActorOf(request), routeOf(request.query)),
    }),
  });

  serveLocationPrices(locationPriceEndpoints.restorePreview, {
    summary: 'Preview restoring a price list version',
    description:
      'Writes nothing: each price the restore of `audit_id` would change on the route, now (`from`) and restored (`to`). The same ' +
      'errors as the restore.',
    errors: [404, 409],
    handler: async (request) => ({
      message: request.t('success.fetched'),
      data: await priceLists.preview(companyActorOf(request), routeOf(request.query), request.query.audit_id),
    }),
  });

  serveLocationPrices(locationPriceEndpoints.restore, {
    summary: 'Restore a price list version',
    description:
      "Saves the version's list over the route's through the grid save, in one transaction: prices it had are created or changed, " +
      "prices it did not have are removed (the defaults apply again). The grid save's rules hold: the route and the bands must " +
      "still be the company's (400 naming the cell), one price per band and month (409 `location_price_taken`). Each write is " +
      'audited with `restored_from`: { to: audit_id }. An `audit_id` that is not a version of this route: 404; a version equal to ' +
      'the list now: 409 `restore_no_change`. Answers how many prices were created, changed and removed.',
    errors: [404, 409],
    handler: async (request) => ({
      message: request.t('success.restored'),
      data: await priceLists.restore(companyActorOf(request), routeOf(request.body), request.body.audit_id),
    }),
  });
}
