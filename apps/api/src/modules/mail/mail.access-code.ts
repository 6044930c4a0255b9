import { BOOKING_CODE_MINUTES } from '@ps/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { RecordActor } from '../../kit/routes.ts';
import { translator } from '../../lib/i18n.ts';
import { escapeHtml, mailDocument, paragraph } from './mail.layout.ts';
import { brandOfBooking, companyFooter, type RenderedMail } from './mail.render.ts';
import { type BookingForMail, bookingForMail } from './mail.repository.ts';
import { queueBookingMessage } from './mail.service.ts';

export const BOOKING_ACCESS_CODE = 'booking_access_code';

/** The manage-my-booking code, in the booking's language and the company's look: the code, how long it lasts, what to do if unasked. */
export function renderBookingAccessCode(booking: BookingForMail, code: string): RenderedMail {
  const t = translator(booking.language);
  const brand = brandOfBooking(booking);
  const vars = { reference: booking.reference, company: brand.name, code, minutes: BOOKING_CODE_MINUTES };
  const greeting = t('bookingMail.greeting', { name: booking.customer_name });
  const intro = t('accessCodeMail.intro', vars);
  const validity = t('accessCodeMail.validity', vars);
  const notYou = t('accessCodeMail.notYou', vars);
  const signature = t('bookingMail.signature', vars);
  const subject = t('accessCodeMail.subject', vars);
  const footer = companyFooter(booking, t);
  const body = [
    paragraph(greeting),
    paragraph(intro),
    `<p style="margin:0 0 12px;font-size:28px;font-weight:700;letter-spacing:6px">${escapeHtml(code)}</p>`,
    paragraph(validity),
    paragraph(notYou),
    paragraph(signature),
  ].join('\n');
  return {
    subject,
    text: [greeting, intro, code, validity, notYou, signature, '-- ', ...footer].join('\n\n'),
    html: mailDocument({ language: booking.language, title: subject, brand, body, footer }),
  };
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
