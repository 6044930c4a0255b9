import { useMemo } from 'react';
import { encodeQr } from './qr';

const QUIET_ZONE = 4;

/** A QR code as an SVG image (dark modules on white, with the standard four-module quiet zone). */
export function QrCode({ value, label, size = 192 }: { value: string; label: string; size?: number }) {
  const { path, extent } = useMemo(() => {
    const modules = encodeQr(value);
    let d = '';
    modules.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`;
      });
    });
    return { path: d, extent: modules.length + QUIET_ZONE * 2 };
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
