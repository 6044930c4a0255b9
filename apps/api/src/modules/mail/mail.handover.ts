import { formatDateTime, formatNumber } from '@ps/contracts/common/format';
import { type DamageMark, FUEL_EIGHTHS_MAX } from '@ps/contracts/handovers';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { recordAudit } from '../../kit/audit.ts';
import type { RecordActor } from '../../kit/routes.ts';
import { translator } from '../../lib/i18n.ts';
import { escapeHtml } from './mail.layout.ts';
import type { RenderedMail } from './mail.render.ts';
import { type BookingForMail, bookingForMail, type MailRow } from './mail.repository.ts';
import { queueBookingMessage } from './mail.service.ts';

export const HANDOVER_RECEIPT = 'handover_receipt';

/** What the receipt says of one end of the stay. */
export interface HandoverForMail {
  recorded_at: Date;
  mileage: number | null;
  fuel_eighths: number | null;
  marks: DamageMark[];
}

/**
 * The check-out receipt (issue 22, section 1) in the booking's language: when the car was taken and given back, the
 * mileage and fuel at both ends, and the damage marks recorded at check-in and at check-out, each with its place on
 * the car, so the customer sees what was seen both times. The HTML part escapes every value.
 */
export function renderHandoverReceipt(
  booking: BookingForMail,
  checkIn: HandoverForMail | undefined,
  checkOut: HandoverForMail,
): RenderedMail {
  const language = booking.language;
  const t = translator(language);
  const label = (key: string, vars?: Record<string, string>) => t(`handoverMail.${key}`, vars);
  const when = (instant: Date) => formatDateTime(language, instant, booking.airport_time_zone, 'long');
  const company = booking.company_name;
  const miles = (value: number | null) => (value === null ? label('notRecorded') : formatNumber(language, value));
  const fuel = (value: number | null) =>
    value === null ? label('notRecorded') : label('fuelEighths', { eighths: String(value), full: String(FUEL_EIGHTHS_MAX) });
  const markLine = (mark: DamageMark) => `${t(`handoverMail.areas.${mark.area}`)}: ${mark.note || label('markNoNote')}`;

  const rows: Array<[string, string, string]> = [
    ['', label('checkIn'), label('checkOut')],
    [label('when'), checkIn ? when(checkIn.recorded_at) : label('notRecorded'), when(checkOut.recorded_at)],
    [label('mileage'), miles(checkIn?.mileage ?? null), miles(checkOut.mileage)],
    [label('fuel'), fuel(checkIn?.fuel_eighths ?? null), fuel(checkOut.fuel_eighths)],
  ];
  const marksAt = (handover: HandoverForMail | undefined) =>
    handover && handover.marks.length > 0 ? handover.marks.map(markLine) : [label('noMarks')];
  const sections: Array<[string, string[]]> = [
    [label('marksAtCheckIn'), marksAt(checkIn)],
    [label('marksAtCheckOut'), marksAt(checkOut)],
  ];
  const subject = label('subject', { reference: booking.reference, company });
  const greeting = t('bookingMail.greeting', { name: booking.customer_name });
  const intro = label('intro', { vehicle: booking.vehicle_reg, reference: booking.reference });
  const closing = label('closing', { company });
  const signature = t('bookingMail.signature', { company });

  const text = [
    greeting,
    '',
    intro,
    '',
    ...rows.slice(1).map(([name, atIn, atOut]) => `${name}: ${label('checkIn')} ${atIn}; ${label('checkOut')} ${atOut}`),
    '',
    ...sections.flatMap(([title, lines]) => [title, ...lines.map((line) => `- ${line}`), '']),
    closing,
    signature,
    '',
  ].join('\n');

  const cell = (value: string, header: boolean) =>
    header
      ? `<th align="left" style="padding:4px 16px 4px 0">${escapeHtml(value)}</th>`
      : `<td style="padding:4px 16px 4px 0">${escapeHtml(value)}</td>`;
  const table = `<table role="presentation" style="border-collapse:collapse">${rows
    .map((row, index) => `<tr>${row.map((value, column) => cell(value, index === 0 || column === 0)).join('')}</tr>`)
    .join('')}</table>`;
  const html = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:sans-serif;color:#1f2937">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
${table}
${sections.map(([title, lines]) => `<h3>${escapeHtml(title)}</h3><ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`).join('\n')}
<p>${escapeHtml(closing)}</p>
<p>${escapeHtml(signature)}</p>
</body></html>
`;
  return { subject, text, html };
}

/**
 * Puts a check-out's receipt in the outbox, due when the handover's undo window has passed (`dueAt`): an undone
 * check-out drops it before it leaves (`dropHandoverReceipt`). Nothing when the booking has no e-mail address (a
 * check-out does not fail for want of one). Answers the outbox row's id, or null.
 */
export async function queueHandoverReceipt(
  tx: DbOrTx,
  actor: RecordActor,
  bookingId: number,
  checkIn: HandoverForMail | undefined,
  checkOut: HandoverForMail,
  dueAt: Date,
): Promise<number | null> {
  const booking = await bookingForMail(tx, actor.companyId, bookingId);
  if (!booking?.customer_email) return null;
  const row = await queueBookingMessage(
    tx,
    actor,
    { ...booking, customer_email: booking.customer_email },
    HANDOVER_RECEIPT,
    renderHandoverReceipt(booking, checkIn, checkOut),
    dueAt,
  );
  return row.id;
}

/** An undone check-out's receipt, still waiting in the outbox: removed (audited), so the customer never gets it. */
export async function dropHandoverReceipt(tx: DbOrTx, actor: RecordActor, mailId: number): Promise<void> {
  const [removed] = (await tx
    .delete(mailOutbox)
    .where(and(eq(mailOutbox.company_id, actor.companyId), eq(mailOutbox.id, mailId), eq(mailOutbox.state, 'queued')))
    .returning()) as MailRow[];
  if (removed) {
    await recordAudit(tx, {
      companyId: actor.companyId,
      actorUserId: actor.actorUserId,
      entity: 'mail_message',
      entityId: removed.id,
      action: 'delete',
      before: removed,
    });
  }
}
