import { formatDateTime, formatMoney } from '@ps/contracts/common/format';
import { qrModules } from '@ps/contracts/common/qr';
import { translator } from '../../lib/i18n.ts';
import type { BookingForMail } from './mail.repository.ts';

/** The rendered confirmation: what the outbox row keeps and the worker sends. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character,
  );

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

/**
 * The booking confirmation in the booking's language: the reference, the stay's times in the airport's time
 * zone, the route, the vehicle, the package and services, the price breakdown in the company's currency (as
 * the quote formats money), paid and outstanding, and the company's name, with its address, phone and e-mail (those it
 * has set) at the foot. The HTML part escapes every value.
 */
export function renderBookingConfirmation(booking: BookingForMail): RenderedMail {
  const language = booking.language;
  const t = translator(language);
  const money = (minor: number) => formatMoney(language, minor, booking.currency);
  const when = (instant: Date) => formatDateTime(language, instant, booking.airport_time_zone, 'long');
  const company = booking.company_name;
  const vehicle = [booking.vehicle_reg, [booking.vehicle_colour, booking.vehicle_make, booking.vehicle_model].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const flights = [booking.outbound_flight, booking.return_flight].filter(Boolean).join(' / ');
  const services = booking.services.map(
    (service) => `${service.name}${service.quantity > 1 ? ` × ${service.quantity}` : ''} (${money(service.price)})`,
  );
  const label = (key: string) => t(`bookingMail.${key}`);

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
  const greeting = t('bookingMail.greeting', { name: booking.customer_name });
  const intro = t('bookingMail.intro', { company });
  const timesNote = t('bookingMail.timesNote', { airport: booking.airport_name, timeZone: booking.airport_time_zone });
  // The ticket's QR code (issue 22, section 2): the car park scans it at the gate to open the booking.
  const qrNote = t('bookingMail.qrNote');
  const closing = label('closing');
  const signature = t('bookingMail.signature', { company });

  // The company's contact block at the foot (issue 21): its name, then each detail it has set.
  const footer = [
    company,
    ...(booking.company_address ?? '').split(/\r?\n/).filter((line) => line.trim() !== ''),
    ...(booking.company_phone ? [t('bookingMail.footerPhone', { phone: booking.company_phone })] : []),
    ...(booking.company_email ? [t('bookingMail.footerEmail', { email: booking.company_email })] : []),
  ];

  const lines = (rows: Array<[string, string]>) => rows.map(([name, value]) => `${name}: ${value}`).join('\n');
  const text = [
    greeting,
    '',
    intro,
    '',
    lines(details),
    timesNote,
    '',
    `${label('prices')}`,
    lines(prices),
    '',
    closing,
    signature,
    '',
    // The usual signature separator ("-- "), which mail programs recognise and may fold away.
    '-- ',
    ...footer,
    '',
  ].join('\n');

  const table = (rows: Array<[string, string]>) =>
    `<table role="presentation" cellpadding="4" style="border-collapse:collapse">${rows
      .map(([name, value]) => `<tr><th align="left" style="padding-right:16px">${escapeHtml(name)}</th><td>${escapeHtml(value)}</td></tr>`)
      .join('')}</table>`;
  const html = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(t('bookingMail.subject', { reference: booking.reference, company }))}</title></head>
<body style="font-family:sans-serif;color:#1f2937">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
${table(details)}
<p style="color:#6b7280">${escapeHtml(timesNote)}</p>
<p>${escapeHtml(qrNote)}</p>
${qrCodeTable(booking.reference, t('bookingMail.qrLabel', { reference: booking.reference }))}
<h3>${escapeHtml(label('prices'))}</h3>
${table(prices)}
<p>${escapeHtml(closing)}</p>
<p>${escapeHtml(signature)}</p>
<hr style="border:none;border-top:1px solid #d1d5db">
<p style="color:#4b5563;font-size:13px">${footer.map(escapeHtml).join('<br>')}</p>
</body></html>
`;
  return { subject: t('bookingMail.subject', { reference: booking.reference, company }), text, html };
}
