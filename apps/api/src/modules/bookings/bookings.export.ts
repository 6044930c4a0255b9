// GET /api/booking/export (issue 24): every booking the list's filters match, in the list's order, as CSV written as it
// is read, one batch at a time (bookings.list.ts `bookingBatches`): the first bytes leave at once, and the server holds
// one batch, never the list, however many bookings match.

import type { BookingExportQuery } from '@ps/contracts/bookings.endpoints';
import { CSV_BOM, csvLine } from '@ps/contracts/common/csv';
import { formatSpreadsheetDateTime, minorDigitsOf, toMajorUnits } from '@ps/contracts/common/format';
import type { DbOrTx } from '../../db/client.ts';
import type { Translate } from '../../lib/i18n.ts';
import { BOOKING_EXPORT_BATCH, bookingBatches, validTimeZone } from './bookings.list.ts';
import type { BookingViewRow } from './bookings.repository.ts';

/** Money in a spreadsheet: major units with the currency's decimals ("123.45"), no symbol, so it sums. */
const money = (minor: number, currency: string) => toMajorUnits(minor, currency).toFixed(minorDigitsOf(currency));

/** The registration, then its colour, make and model: "LD21 KXP · Blue Ford Focus" (the list's vehicle cell). */
const vehicleOf = (row: BookingViewRow) =>
  [row.vehicle_reg, [row.vehicle_colour, row.vehicle_make, row.vehicle_model].filter(Boolean).join(' ')].filter(Boolean).join(' · ');

export interface BookingExportOptions {
  t: Translate;
  /** The caller's role may see money: the total, paid and outstanding columns. */
  seesMoney: boolean;
  batchSize?: number;
}

/**
 * The CSV: a header in the caller's language, then one line per booking: reference, customer, phone, e-mail, vehicle,
 * car park, departure and arrival on the airport's clock, status, and (with `finance.view`) total, paid, outstanding.
 */
export async function* bookingsCsv(
  db: DbOrTx,
  companyId: number,
  query: BookingExportQuery,
  { t, seesMoney, batchSize = BOOKING_EXPORT_BATCH }: BookingExportOptions,
): AsyncGenerator<string> {
  yield CSV_BOM +
    csvLine([
      t('bookingsCsv.reference'),
      t('bookingsCsv.customerName'),
      t('bookingsCsv.phone'),
      t('bookingsCsv.email'),
      t('bookingsCsv.vehicle'),
      t('bookingsCsv.carPark'),
      t('bookingsCsv.departureAt'),
      t('bookingsCsv.arrivalAt'),
      t('bookingsCsv.status'),
      ...(seesMoney ? [t('bookingsCsv.total'), t('bookingsCsv.paid'), t('bookingsCsv.outstanding')] : []),
    ]);
  const statusLabels = new Map<string, string>();
  const statusOf = (status: string) => {
    let label = statusLabels.get(status);
    if (label === undefined) {
      label = t(`bookingStatuses.${status}`);
      statusLabels.set(status, label);
    }
    return label;
  };
  const timeZone = validTimeZone(query.time_zone) ?? null;
  for await (const rows of bookingBatches(db, companyId, query, { timeZone }, batchSize)) {
    let text = '';
    for (const row of rows) {
      const paid = Number(row.paid);
      text += csvLine([
        row.reference,
        row.customer_name,
        row.customer_phone,
        row.customer_email,
        vehicleOf(row),
        row.car_park_name ?? row.departure_name,
        formatSpreadsheetDateTime(row.departure_at, row.airport_time_zone),
        formatSpreadsheetDateTime(row.arrival_at, row.airport_time_zone),
        statusOf(row.status),
        ...(seesMoney
          ? [money(row.total, row.currency), money(paid, row.currency), money(Math.max(row.total - paid, 0), row.currency)]
          : []),
      ]);
    }
    yield text;
  }
}
