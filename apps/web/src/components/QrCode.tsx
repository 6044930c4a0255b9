import { useMemo } from 'react';
import { qrModules, qrPath } from '../lib/qr';

/**
 * A QR code as an SVG image with an accessible name: dark modules on white, quiet zone included. `size` is in pixels, or
 * any CSS length (a printed ticket sizes it in millimetres).
 */
export function QrCode({ value, label, size = 192 }: { value: string; label: string; size?: number | string }) {
  const { path, extent } = useMemo(() => {
    const modules = qrModules(value);
    return { path: qrPath(modules), extent: modules.length };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${extent} ${extent}`}
      shapeRendering="crispEdges"
      style={{ display: 'block', background: '#fff' }}
    >
      <rect width={extent} height={extent} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
