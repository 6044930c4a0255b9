import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { QUIET_ZONE, qrModules, qrPath } from './qr';

/** The modules as an RGBA image, `scale` pixels per module, the way a camera would see the screen. */
function toImage(modules: boolean[][], scale = 4) {
  const size = modules.length * scale;
  const pixels = new Uint8ClampedArray(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const value = modules[Math.floor(y / scale)]?.[Math.floor(x / scale)] ? 0 : 255;
      pixels.set([value, value, value, 255], (y * size + x) * 4);
    }
  }
  return { pixels, size };
}

const otpauth =
  'otpauth://totp/Parking%20Solutions:driver%40example.com?secret=JBSWY3DPEHPK3PXP&period=30&digits=6&algorithm=SHA1&issuer=Parking%20Solutions';

describe('qrModules', () => {
  it('encodes an otpauth link that a QR reader reads back exactly', () => {
    const { pixels, size } = toImage(qrModules(otpauth));
    const decoded = jsQR(pixels, size, size);
    expect(decoded?.data).toBe(otpauth);
  });

  it('keeps a four-module light quiet zone and a square, versioned size', () => {
    const modules = qrModules(otpauth);
    const size = modules.length;
    expect(modules.every((row) => row.length === size)).toBe(true);
    // Version v is 17 + 4v modules wide, plus the quiet zone on both sides.
    expect((size - 2 * QUIET_ZONE - 17) % 4).toBe(0);
    const edge = [...modules.slice(0, QUIET_ZONE), ...modules.slice(size - QUIET_ZONE)].flat();
    const sides = modules.flatMap((row) => [...row.slice(0, QUIET_ZONE), ...row.slice(size - QUIET_ZONE)]);
    expect([...edge, ...sides].some(Boolean)).toBe(false);
    // The finder pattern's dark outer ring starts right after the quiet zone.
    expect(modules[QUIET_ZONE]?.slice(QUIET_ZONE, QUIET_ZONE + 7)).toEqual(Array(7).fill(true));
  });

  it('reads back other texts and lengths too', () => {
    for (const text of ['a', 'PS-7KQ4-2M', 'x'.repeat(200), `${otpauth}&image=https%3A%2F%2Fexample.com%2Flogo.png`]) {
      const { pixels, size } = toImage(qrModules(text));
      expect(jsQR(pixels, size, size)?.data).toBe(text);
    }
  });
});

describe('qrPath', () => {
  it('draws one unit square per dark module, and nothing for light ones', () => {
    expect(
      qrPath([
        [true, false],
        [false, true],
      ]),
    ).toBe('M0 0h1v1h-1zM1 1h1v1h-1z');
    const modules = qrModules('PS-7KQ4-2M');
    expect(qrPath(modules).split('z').length - 1).toBe(modules.flat().filter(Boolean).length);
  });
});
