import { useMemo } from 'react';
import { qrModules } from './qr';

/** A QR code as an SVG image: dark modules on white, quiet zone included. */
export function QrCode({ value, label, size = 192 }: { value: string; label: string; size?: number }) {
  const { path, extent } = useMemo(() => {
    const modules = qrModules(value);
    let d = '';
    modules.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      });
    });
    return { path: d, extent: modules.length };
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
