export { QUIET_ZONE, qrModules } from '@ps/contracts/common/qr';

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
