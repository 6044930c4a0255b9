import { formatDateTime, formatMoney } from '@ps/contracts/common/format';
import { qrModules } from '@ps/contracts/common/qr';
import { type Translate, translator } from '../../lib/i18n.ts';
import {
  buttonLink,
  escapeHtml,
  factsTable,
  heading,
  type MailBrand,
  mailBrandOf,
  mailDocument,
  paragraph,
  textLink,
} from './mail.layout.ts';
import { manageBookingUrl, mapUrl } from './mail.links.ts';
import type { BookingForMail } from './mail.repository.ts';

/** The rendered confirmation: what the outbox row keeps and the worker sends. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** How wide one module of the mail's QR code is drawn: a reference's 21 modules and the quiet zone make 145 px. */
const MODULE_PX = 5;

/**
 * A booking's QR code (its reference) for the HTML part of a mail, drawn as a table of coloured cells rather than an
 * image: mail programs block remote images and most drop `data:` ones, while a table shows everywhere, also with
 * images off, and prints. Each row's runs of one colour are one cell (`colspan`), which keeps it to a few kB.
 */
export function qrCodeTable(text: string, label: string): string {
  const matrix = qrModules(text);
  const width = matrix.length * MODULE_PX;
  const rows = matrix.map((modules) => {
    const cells: string[] = [];
    let start = 0;
    for (let x = 1; x <= modules.length; x++) {
      if (x < modules.length && modules[x] === modules[start]) continue;
      const span = x - start;
      const colour = modules[start] ? '#000000' : '#ffffff';
      cells.push(
        `<td${span > 1 ? ` colspan="${span}"` : ''} bgcolor="${colour}" style="background:${colour};width:${span * MODULE_PX}px;height:${MODULE_PX}px;padding:0;font-size:0;line-height:0">&nbsp;</td>`,
      );
      start = x;
    }
    return `<tr>${cells.join('')}</tr>`;
  });
  // A fixed layout of `width` splits it evenly between the columns: every module is as wide as it is high.
  return `<table role="img" aria-label="${escapeHtml(label)}" width="${width}" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;table-layout:fixed;width:${width}px">${rows.join('')}</table>`;
}

/** The company as a booking's mails show it: its web config's name, colour and logo, else its name on record. */
export const brandOfBooking = (booking: BookingForMail): MailBrand =>
  mailBrandOf({ name: booking.brand_name ?? booking.company_name, colour: booking.brand_colour, logo: booking.brand_logo });

/** The company's contact block at the foot (issue 21): its name, then each detail it has set. */
export function companyFooter(booking: BookingForMail, t: Translate): string[] {
  return [
    booking.company_name,
    ...(booking.company_address ?? '').split(/\r?\n/).filter((line) => line.trim() !== ''),
    ...(booking.company_phone ? [t('bookingMail.footerPhone', { phone: booking.company_phone })] : []),
    ...(booking.company_email ? [t('bookingMail.footerEmail', { email: booking.company_email })] : []),
  ];
}

/** What a booking mail is: made, changed (by the customer online) or cancelled (with the refund sentence). */
export type BookingMailKind = { kind: 'confirmation' } | { kind: 'changed' } | { kind: 'cancelled'; refundText: string };

/** The places of the stay as the mail shows them: where the car is left and, when elsewhere, where it is collected. */
function placesOf(booking: BookingForMail) {
  const leave = {
    title: 'placeLeave',
    name: booking.departure_name,
    address: booking.departure_address,
    latitude: booking.departure_latitude,
    longitude: booking.departure_longitude,
    instructions: booking.departure_instructions,
  };
  const collect = {
    title: 'placeCollect',
    name: booking.arrival_name,
    address: booking.arrival_address,
    latitude: booking.arrival_latitude,
    longitude: booking.arrival_longitude,
    instructions: booking.arrival_instructions,
  };
  return booking.arrival_id === booking.departure_id ? [{ ...leave, title: 'placeBoth' }] : [leave, collect];
}

/**
 * A booking's mail in the booking's language (issue 23, section 3): confirmation, change or cancellation. The
 * reference, the stay's times in the airport's time zone, the route, the vehicle, the package and services, the price
 * breakdown in the company's currency, paid and outstanding; the QR code (not on a cancellation); each place with its
 * address, a map link and the company's arrival instructions; the manage-my-booking link; the company's look and
 * contact lines. Plain text and HTML say the same; the HTML escapes every value.
 */
export function renderBookingMail(booking: BookingForMail, mail: BookingMailKind): RenderedMail {
  const language = booking.language;
  const t = translator(language);
  const brand = brandOfBooking(booking);
  const money = (minor: number) => formatMoney(language, minor, booking.currency);
  const when = (instant: Date) => formatDateTime(language, instant, booking.airport_time_zone, 'long');
  const company = brand.name;
  const vars = { reference: booking.reference, company, name: booking.customer_name };
  const label = (key: string) => t(`bookingMail.${key}`);
  const vehicle = [booking.vehicle_reg, [booking.vehicle_colour, booking.vehicle_make, booking.vehicle_model].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const flights = [booking.outbound_flight, booking.return_flight].filter(Boolean).join(' / ');
  const services = booking.services.map(
    (service) => `${service.name}${service.quantity > 1 ? ` × ${service.quantity}` : ''} (${money(service.price)})`,
  );
  const details: Array<[string, string]> = [
    [label('reference'), booking.reference],
    [label('status'), t(`bookingStatuses.${booking.status}`)],
    [label('airport'), `${booking.airport_name} (${booking.airport_iata_code})`],
    [label('route'), `${booking.departure_name} → ${booking.arrival_name}`],
    [label('departure'), when(booking.departure_at)],
    [label('arrival'), when(booking.arrival_at)],
    ...(flights ? [[label('flights'), flights] as [string, string]] : []),
    [label('passengers'), String(booking.passengers)],
    [label('vehicle'), vehicle],
    [label('package'), booking.package_name ?? label('none')],
    [label('services'), services.length > 0 ? services.join(', ') : label('none')],
  ];
  const prices: Array<[string, string]> = [
    [label('basePrice'), money(booking.base_price)],
    ...(booking.package_price !== 0 ? [[label('packagePrice'), money(booking.package_price)] as [string, string]] : []),
    ...(booking.services_price !== 0 ? [[label('servicesPrice'), money(booking.services_price)] as [string, string]] : []),
    ...(booking.discount !== 0
      ? [
          [`${label('discount')}${booking.voucher_code ? ` (${booking.voucher_code})` : ''}`, `−${money(booking.discount)}`] as [
            string,
            string,
          ],
        ]
      : []),
    [label('total'), money(booking.total)],
    [label('paid'), money(booking.paid)],
    // Paid beyond the total is the customer's credit, never a negative "still to pay".
    [label('outstanding'), money(Math.max(booking.total - booking.paid, 0))],
    ...(booking.paid > booking.total ? [[label('credit'), money(booking.paid - booking.total)] as [string, string]] : []),
  ];
  const cancelled = mail.kind === 'cancelled';
  const subject = t(`bookingMail.subjects.${mail.kind}`, vars);
  const greeting = t('bookingMail.greeting', vars);
  const intro = mail.kind === 'confirmation' ? t('bookingMail.intro', vars) : t(`bookingMail.intros.${mail.kind}`, vars);
  const refund = mail.kind === 'cancelled' ? mail.refundText : null;
  const timesNote = t('bookingMail.timesNote', { airport: booking.airport_name, timeZone: booking.airport_time_zone });
  const qrNote = t('bookingMail.qrNote');
  const closing = cancelled ? t('bookingMail.closingCancelled', vars) : label('closing');
  const signature = t('bookingMail.signature', { company });
  const manageUrl = manageBookingUrl(booking.company_booking_slug);
  const manageNote = t('bookingMail.manageNote', vars);
  const places = cancelled ? [] : placesOf(booking);
  const footer = companyFooter(booking, t);

  const lines = (rows: Array<[string, string]>) => rows.map(([name, value]) => `${name}: ${value}`).join('\n');
  const placeText = places.flatMap((place) => [
    `${t(`bookingMail.${place.title}`)}: ${place.name}`,
    ...(place.address ? [place.address] : []),
    `${label('map')}: ${mapUrl(place)}`,
    ...(place.instructions ? [place.instructions] : []),
    '',
  ]);
  const text = [
    greeting,
    '',
    intro,
    ...(refund ? ['', refund] : []),
    '',
    lines(details),
    timesNote,
    '',
    ...placeText,
    label('prices'),
    lines(prices),
    '',
    ...(cancelled ? [] : [`${manageNote} ${manageUrl}`, '']),
    closing,
    signature,
    '',
    // The usual signature separator ("-- "), which mail programs recognise and may fold away.
    '-- ',
    ...footer,
    '',
  ].join('\n');

  const placeHtml = places
    .map(
      (place) =>
        `${heading(`${t(`bookingMail.${place.title}`)}: ${place.name}`)}${place.address ? paragraph(place.address, 'white-space:pre-line') : ''}<p style="margin:0 0 12px">${textLink(mapUrl(place), label('openMap'), brand)}</p>${place.instructions ? paragraph(place.instructions, 'white-space:pre-line;background:#f9fafb;border-left:4px solid #d1d5db;padding:8px 12px') : ''}`,
    )
    .join('');
  const body = [
    paragraph(greeting),
    paragraph(intro),
    refund ? paragraph(refund, 'font-weight:700') : '',
    factsTable(details),
    paragraph(timesNote, 'color:#4b5563;font-size:13px'),
    cancelled ? '' : paragraph(qrNote),
    cancelled ? '' : qrCodeTable(booking.reference, t('bookingMail.qrLabel', { reference: booking.reference })),
    placeHtml,
    heading(label('prices')),
    factsTable(prices),
    cancelled ? '' : `${paragraph(manageNote)}${buttonLink(manageUrl, label('manage'), brand)}`,
    paragraph(closing),
    paragraph(signature),
  ].join('\n');
  return { subject, text, html: mailDocument({ language, title: subject, brand, body, footer }) };
}

/** The booking confirmation (what the booking's add and "Send again" queue). */
export const renderBookingConfirmation = (booking: BookingForMail): RenderedMail => renderBookingMail(booking, { kind: 'confirmation' });
