import { bandEndpoints, bandTypes, type Language } from '@ps/contracts';
import { formatMonthNumber } from '@ps/contracts/common/format';
import type { FastifyInstance } from 'fastify';
import { endpointServer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { registerCrudRoutes } from '../../kit/routes.ts';
import { createBandsService } from './bands.service.ts';

/** The twelve months named in a language (Intl's month names: CLDR's, in English and Tamil). */
const monthNames = (language: Language) =>
  Array.from({ length: 12 }, (_, index) => ({ id: index + 1, name: formatMonthNumber(language, index + 1) }));
const monthsByLanguage = new Map<Language, Array<{ id: number; name: string }>>();

/** Spec section 7: band CRUD, band/list with its filters, band/type, and month/list. */
export function registerBandRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  const serve = endpointServer(app, 'bands');
  registerCrudRoutes(serve, {
    endpoints: bandEndpoints,
    scope: 'company',
    service: createBandsService(db),
    docs: {
      add: {
        summary: 'Add a band (a length-of-stay bracket)',
        description:
          '`min_days..max_days` inclusive, 1 to 365. An active band must not overlap another active band of the same type: 409 `band_overlap` naming the field.',
      },
      list: {
        summary: "Your company's bands",
        description:
          'Paging, sort (`name`, `type`, `min_days`, `max_days`, `status`, `created_at`; `-` for descending; by `min_days` unless told), search by name, filters `type` and `status`.',
      },
      update: {
        summary: 'Change a band',
        description:
          'Any subset of the fields; the band as it will be is checked: `min_days` <= `max_days` (400 on `max_days`), and no overlap when active (409 `band_overlap`, also for a reactivation or a type change).',
      },
      delete: {
        summary: 'Delete a band',
        description: 'Refused with 409 `band_in_use` while a band-month or a location price uses it. The deletion is audited.',
      },
    },
  });

  serve(bandEndpoints.types, {
    summary: 'Band types',
    description: 'The types a band (and a package) can have, labelled in the caller’s language.',
    handler: async (request) => ({
      message: request.t('success.list'),
      data: bandTypes.map((value) => ({ value, label: request.t(`labels.bandTypes.${value}`) })),
    }),
  });

  serve(bandEndpoints.months, {
    summary: 'Months',
    description: 'The twelve months, numbered 1 to 12, named in the caller’s language (for band-month and location prices).',
    handler: async (request) => {
      let months = monthsByLanguage.get(request.language);
      if (!months) {
        months = monthNames(request.language);
        monthsByLanguage.set(request.language, months);
      }
      return { message: request.t('success.list'), data: months };
    },
  });
}
