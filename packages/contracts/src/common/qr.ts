import { encode } from 'uqr';

/**
 * A booking's QR code holds its reference (issue 22, section 2): the ticket and key tag print it, the confirmation mail
 * carries it, the scanner reads it. Encoded by `uqr`, a maintained library, instead of our own encoder; shared so the
 * screens and the mail draw the same code.
 */

/** The standard quiet zone around a QR code: four light modules on every side. */
export const QUIET_ZONE = 4;

/** The modules of a QR code for `text` (error correction level M, the smallest version that holds it), quiet zone included: `true` is dark. */
export function qrModules(text: string): boolean[][] {
  return encode(text, { ecc: 'M', border: QUIET_ZONE }).data;
}
