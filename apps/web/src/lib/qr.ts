import { encode } from 'uqr';

/** The standard quiet zone around a QR code: four light modules on every side. */
export const QUIET_ZONE = 4;

/**
 * The modules of a QR code for `text` (error correction level M, the smallest version that holds it), quiet
 * zone included: `true` is dark. Encoded by `uqr`, a maintained library, instead of our own encoder.
 */
export function qrModules(text: string): boolean[][] {
  return encode(text, { ecc: 'M', border: QUIET_ZONE }).data;
}

/** The dark modules as one SVG path, one unit per module (the QR code component and a printed ticket draw it). */
export function qrPath(modules: boolean[][]): string {
  let d = '';
  modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    });
  });
  return d;
}
