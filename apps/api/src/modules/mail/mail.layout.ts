import { brandShades, DEFAULT_PRIMARY_COLOUR, HEX_COLOUR_PATTERN, TEXT_SHADE } from '@ps/contracts/common/colours';
import type { Language } from '@ps/contracts/common/languages';

/**
 * How every mail to a customer looks (issue 23, section 3): the company's colour band with its logo and name at the
 * top, the message in a white card at most 600 px wide, the company's contact lines at the foot. Tables and inline
 * styles only: what mail programs render alike (Gmail, Outlook and phone clients drop `<style>` blocks, flexbox and
 * most CSS), and readable with images off.
 */

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character,
  );

/** The company as its mails show it. */
export interface MailBrand {
  name: string;
  /** The shade of its main colour that carries white text (the back office's and the booking page's rule). */
  colour: string;
  /** Its logo as a `data:` URL of a PNG, JPEG or GIF, or null (an SVG, which most mail programs do not show, or none). */
  logo: string | null;
}

/** Raster logos only: the mail worker sends them as inline attachments (`cid:`), which every mail program shows. */
const RASTER_LOGO = /^data:image\/(png|jpeg|gif);base64,[A-Za-z0-9+/=]+$/;

export function mailBrandOf(company: { name: string; colour: string | null; logo: string | null }): MailBrand {
  const colour = company.colour && HEX_COLOUR_PATTERN.test(company.colour) ? company.colour : DEFAULT_PRIMARY_COLOUR;
  return {
    name: company.name,
    colour: brandShades(colour)[TEXT_SHADE],
    logo: company.logo && RASTER_LOGO.test(company.logo) ? company.logo : null,
  };
}

export const paragraph = (text: string, style = '') => `<p style="margin:0 0 12px${style ? `;${style}` : ''}">${escapeHtml(text)}</p>`;
export const heading = (text: string) =>
  `<h2 style="margin:20px 0 8px;font-size:17px;line-height:1.3;color:#111827">${escapeHtml(text)}</h2>`;

/** Label and value rows (the booking's details, its price lines). */
export function factsTable(rows: Array<[string, string]>): string {
  const cells = rows
    .map(
      ([name, value]) =>
        `<tr><th align="left" valign="top" width="40%" style="padding:4px 12px 4px 0;font-weight:600;color:#4b5563">${escapeHtml(name)}</th><td valign="top" style="padding:4px 0;color:#111827;word-break:break-word">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  // Full width with the labels wrapping: a phone's narrow screen never scrolls sideways for a long label or value.
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;margin:0 0 12px">${cells}</table>`;
}

/** A link that looks like a button in every mail program (a filled table cell around the link). */
export function buttonLink(href: string, label: string, brand: MailBrand): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 16px"><tr><td bgcolor="${brand.colour}" style="background:${brand.colour};border-radius:6px"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;color:#ffffff;font-weight:700;text-decoration:none">${escapeHtml(label)}</a></td></tr></table>`;
}

export const textLink = (href: string, label: string, brand: MailBrand) =>
  `<a href="${escapeHtml(href)}" style="color:${brand.colour};font-weight:600">${escapeHtml(label)}</a>`;

/** The whole message: `body` is this mail's own HTML, `footer` the company's contact lines. */
export function mailDocument(options: { language: Language; title: string; brand: MailBrand; body: string; footer: string[] }): string {
  const { language, title, brand, body, footer } = options;
  const logo = brand.logo
    ? `<img src="${brand.logo}" alt="" height="40" style="display:block;height:40px;max-width:160px;border:0;margin:0 0 8px">`
    : '';
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f3f4f6"><tr><td align="center" style="padding:16px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background:#ffffff;border-radius:8px;font-family:Arial,Helvetica,'Noto Sans Tamil',sans-serif;font-size:15px;line-height:1.5;color:#1f2937">
<tr><td bgcolor="${brand.colour}" style="background:${brand.colour};padding:16px 24px;border-radius:8px 8px 0 0">${logo}<div style="color:#ffffff;font-size:20px;font-weight:700">${escapeHtml(brand.name)}</div></td></tr>
<tr><td style="padding:24px">
${body}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;color:#4b5563;font-size:13px">${footer.map(escapeHtml).join('<br>')}</td></tr>
</table>
</td></tr></table>
</body></html>
`;
}
