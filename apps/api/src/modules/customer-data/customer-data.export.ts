import type { CustomerDataExportBooking, Language } from '@ps/contracts';
import { type CsvColumn, toCsv } from '@ps/contracts/common/csv';
import { formatMoney, formatSpreadsheetDateTime } from '@ps/contracts/common/format';
import type { Translate } from '../../lib/i18n.ts';
import type { BookingViewRow } from '../bookings/bookings.repository.ts';
import type { CustomerDataRepository, CustomerImageRow } from './customer-data.repository.ts';

/**
 * What a customer's data export holds, built from the repository's rows: every booking with its personal fields, its
 * stay, its price lines, payments, handovers (their images by name, never their bytes) and the mails sent about it. The
 * JSON answer is this; the CSV is one line per booking of the same, in the reader's language.
 */

type Rows<K extends keyof CustomerDataRepository> = Awaited<ReturnType<CustomerDataRepository[K]>>;

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

const extensions: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** Groups rows by their booking, keeping their order. */
function byBooking<Row extends { booking_id: number | null }>(rows: readonly Row[]): Map<number, Row[]> {
  const groups = new Map<number, Row[]>();
  for (const row of rows) {
    if (row.booking_id === null) continue;
    const group = groups.get(row.booking_id) ?? [];
    group.push(row);
    groups.set(row.booking_id, group);
  }
  return groups;
}

/** A readable name for each image of a handover: `check_in-photo-1.jpg`, `check_in-signature-1.png`. */
function imagesOfHandover(kind: string, images: readonly CustomerImageRow[]) {
  const counts = new Map<string, number>();
  return images.map((image) => {
    const number = (counts.get(image.purpose) ?? 0) + 1;
    counts.set(image.purpose, number);
    return {
      file_name: `${kind}-${image.purpose}-${number}.${extensions[image.content_type] ?? 'bin'}`,
      purpose: image.purpose,
      content_type: image.content_type,
      size_bytes: image.size_bytes,
      stored_at: iso(image.created_at),
    };
  });
}

export interface ExportRows {
  bookings: BookingViewRow[];
  services: Rows<'serviceLines'>;
  payments: Rows<'payments'>;
  handovers: Rows<'handovers'>;
  images: CustomerImageRow[];
  mails: Rows<'mails'>;
}

/** Every booking of the export, in the order the rows came (the latest stay first). */
export function exportedBookings(rows: ExportRows): CustomerDataExportBooking[] {
  const services = byBooking(rows.services);
  const payments = byBooking(rows.payments);
  const handovers = byBooking(rows.handovers);
  const mails = byBooking(rows.mails);
  const imagesByHandover = new Map<number, CustomerImageRow[]>();
  for (const image of rows.images) {
    if (image.handover_id === null) continue;
    imagesByHandover.set(image.handover_id, [...(imagesByHandover.get(image.handover_id) ?? []), image]);
  }
  return rows.bookings.map((booking) => ({
    reference: booking.reference,
    status: booking.status,
    type: booking.type,
    channel: booking.channel,
    language: booking.language,
    created_at: iso(booking.created_at),
    customer: { name: booking.customer_name, email: booking.customer_email, phone: booking.customer_phone },
    vehicle: {
      registration: booking.vehicle_reg,
      make: booking.vehicle_make,
      model: booking.vehicle_model,
      colour: booking.vehicle_colour,
    },
    stay: {
      airport: `${booking.airport_name} (${booking.airport_iata_code})`,
      airport_time_zone: booking.airport_time_zone,
      departure_location: booking.departure_name,
      arrival_location: booking.arrival_name,
      departure_at: iso(booking.departure_at),
      arrival_at: iso(booking.arrival_at),
      outbound_flight: booking.outbound_flight,
      return_flight: booking.return_flight,
      passengers: booking.passengers,
      shuttle_out_at: isoOrNull(booking.shuttle_out_at),
      shuttle_back_at: isoOrNull(booking.shuttle_back_at),
      package: booking.package_name,
      notes: booking.notes,
    },
    price: {
      currency: booking.currency,
      base_price: booking.base_price,
      package_price: booking.package_price,
      services_price: booking.services_price,
      discount: booking.discount,
      total: booking.total,
      voucher_code: booking.voucher_code,
      agency: booking.agency_name,
      services: (services.get(booking.id) ?? []).map(({ name, unit_price, quantity, price }) => ({ name, unit_price, quantity, price })),
    },
    payments: (payments.get(booking.id) ?? []).map((payment) => ({
      paid_at: iso(payment.paid_at),
      amount: payment.amount,
      credit: payment.credit,
      method: payment.method,
      reference: payment.reference,
      deleted_at: isoOrNull(payment.deleted_at),
      delete_reason: payment.delete_reason,
    })),
    paid: Number(booking.paid),
    handovers: (handovers.get(booking.id) ?? []).map((handover) => ({
      kind: handover.kind,
      recorded_at: iso(handover.recorded_at),
      mileage: handover.mileage,
      fuel_eighths: handover.fuel_eighths,
      marks: handover.marks.map(({ area, note }) => ({ area, note })),
      signed_name: handover.signed_name,
      note: handover.note,
      undone_at: isoOrNull(handover.undone_at),
      images: imagesOfHandover(handover.kind, imagesByHandover.get(handover.id) ?? []),
    })),
    mails: (mails.get(booking.id) ?? []).map((mail) => ({
      kind: mail.kind,
      language: mail.language,
      to_address: mail.to_address,
      subject: mail.subject,
      state: mail.state,
      created_at: iso(mail.created_at),
      sent_at: isoOrNull(mail.sent_at),
    })),
  }));
}

/**
 * The export as CSV (RFC 4180, with a byte order mark, formulas defused: contracts `csv.ts`): one line per booking, its
 * headers and words in the reader's language, money in the booking's currency, times on its airport's clock; the
 * services, payments, handovers and mails of a booking each in one cell, one item after another.
 */
export function exportCsv(bookings: readonly CustomerDataExportBooking[], t: Translate, language: Language): string {
  const money = (booking: CustomerDataExportBooking, minor: number) => formatMoney(language, minor, booking.price.currency);
  const local = (booking: CustomerDataExportBooking, instant: string | null) =>
    instant === null ? '' : formatSpreadsheetDateTime(instant, booking.stay.airport_time_zone);
  const list = (items: string[]) => items.join('; ');
  const column = (title: string, value: CsvColumn<CustomerDataExportBooking>['value']): CsvColumn<CustomerDataExportBooking> => ({
    title: t(`customerData.csv.${title}`),
    value,
  });
  const columns: CsvColumn<CustomerDataExportBooking>[] = [
    column('reference', (booking) => booking.reference),
    column('status', (booking) => t(`bookingStatuses.${booking.status}`)),
    column('bookedAt', (booking) => local(booking, booking.created_at)),
    column('customerName', (booking) => booking.customer.name),
    column('email', (booking) => booking.customer.email),
    column('phone', (booking) => booking.customer.phone),
    column('registration', (booking) => booking.vehicle.registration),
    column('make', (booking) => booking.vehicle.make),
    column('model', (booking) => booking.vehicle.model),
    column('colour', (booking) => booking.vehicle.colour),
    column('airport', (booking) => booking.stay.airport),
    column('departureLocation', (booking) => booking.stay.departure_location),
    column('departureAt', (booking) => local(booking, booking.stay.departure_at)),
    column('arrivalLocation', (booking) => booking.stay.arrival_location),
    column('arrivalAt', (booking) => local(booking, booking.stay.arrival_at)),
    column('outboundFlight', (booking) => booking.stay.outbound_flight),
    column('returnFlight', (booking) => booking.stay.return_flight),
    column('passengers', (booking) => booking.stay.passengers),
    column('package', (booking) => booking.stay.package),
    column('notes', (booking) => booking.stay.notes),
    column('services', (booking) =>
      list(
        booking.price.services.map((service) =>
          t('customerData.csv.service', { name: service.name, quantity: service.quantity, price: money(booking, service.price) }),
        ),
      ),
    ),
    column('basePrice', (booking) => money(booking, booking.price.base_price)),
    column('packagePrice', (booking) => money(booking, booking.price.package_price)),
    column('servicesPrice', (booking) => money(booking, booking.price.services_price)),
    column('discount', (booking) => money(booking, booking.price.discount)),
    column('total', (booking) => money(booking, booking.price.total)),
    column('paid', (booking) => money(booking, booking.paid)),
    column('payments', (booking) =>
      list(
        booking.payments.map((payment) =>
          [
            t('customerData.csv.payment', {
              when: local(booking, payment.paid_at),
              method: t(`customerData.paymentMethods.${payment.method}`),
              amount: money(booking, payment.amount),
            }),
            payment.reference ? t('customerData.csv.paymentReference', { reference: payment.reference }) : null,
            payment.deleted_at
              ? t('customerData.csv.paymentDeleted', { when: local(booking, payment.deleted_at), reason: payment.delete_reason ?? '' })
              : null,
          ]
            .filter((part) => part !== null)
            .join(', '),
        ),
      ),
    ),
    column('handovers', (booking) =>
      list(
        booking.handovers.map((handover) =>
          [
            t('customerData.csv.handover', {
              kind: t(`customerData.handoverKinds.${handover.kind}`),
              when: local(booking, handover.recorded_at),
            }),
            handover.signed_name ? t('customerData.csv.signedBy', { name: handover.signed_name }) : null,
            handover.images.length > 0
              ? t('customerData.csv.images', { names: handover.images.map((image) => image.file_name).join(' ') })
              : null,
            handover.undone_at ? t('customerData.csv.handoverUndone', { when: local(booking, handover.undone_at) }) : null,
          ]
            .filter((part) => part !== null)
            .join(', '),
        ),
      ),
    ),
    column('mails', (booking) =>
      list(
        booking.mails.map((mail) =>
          t('customerData.csv.mail', {
            when: local(booking, mail.sent_at ?? mail.created_at),
            to: mail.to_address,
            subject: mail.subject,
            state: t(`customerData.mailStates.${mail.state}`),
          }),
        ),
      ),
    ),
  ];
  return toCsv(bookings, columns);
}
