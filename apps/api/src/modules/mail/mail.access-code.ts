import { BOOKING_CODE_MINUTES } from '@ps/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { RecordActor } from '../../kit/routes.ts';
import { translator } from '../../lib/i18n.ts';
import { escapeHtml, type RenderedMail } from './mail.render.ts';
import { type BookingForMail, bookingForMail } from './mail.repository.ts';
import { queueBookingMessage } from './mail.service.ts';

export const BOOKING_ACCESS_CODE = 'booking_access_code';

/** The manage-my-booking code, in the booking's language: the code, how long it lasts, and what to do if unasked. */
export function renderBookingAccessCode(booking: BookingForMail, code: string): RenderedMail {
  const t = translator(booking.language);
  const vars = { reference: booking.reference, company: booking.company_name, code, minutes: BOOKING_CODE_MINUTES };
  const lines = [
    t('bookingMail.greeting', { name: booking.customer_name }),
    t('accessCodeMail.intro', vars),
    code,
    t('accessCodeMail.validity', vars),
    t('accessCodeMail.notYou', vars),
    t('bookingMail.signature', vars),
  ];
  const paragraph = (text: string) => `<p style="margin:0 0 12px">${escapeHtml(text)}</p>`;
  const html = `<!doctype html><html lang="${booking.language}"><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.5">
${paragraph(lines[0] ?? '')}${paragraph(lines[1] ?? '')}
<p style="margin:0 0 12px;font-size:28px;font-weight:700;letter-spacing:6px">${escapeHtml(code)}</p>
${paragraph(lines[3] ?? '')}${paragraph(lines[4] ?? '')}${paragraph(lines[5] ?? '')}</body></html>`;
  return { subject: t('accessCodeMail.subject', vars), text: lines.join('\n\n'), html };
}

/**
 * Puts the code's mail in the outbox, in the caller's transaction. Its audit entry leaves the bodies out: the code is
 * a secret of the customer's, and the audit log keeps what it records for good.
 */
export async function queueBookingAccessCode(tx: DbOrTx, actor: RecordActor, bookingId: number, code: string): Promise<boolean> {
  const booking = await bookingForMail(tx, actor.companyId, bookingId);
  if (!booking?.customer_email) return false;
  await queueBookingMessage(
    tx,
    actor,
    { ...booking, customer_email: booking.customer_email },
    BOOKING_ACCESS_CODE,
    renderBookingAccessCode(booking, code),
    undefined,
    { secretBody: true },
  );
  return true;
}
