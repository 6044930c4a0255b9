import { afterEach, describe, expect, it, vi } from 'vitest';
import { qrModules } from '../../lib/qr';
import { cameraProblemOf, createVideoReader, decodeFrame, type Frame, referenceOf } from './scan';

/**
 * A camera frame of a printed ticket: a grey desk, the booking's QR code (the ticket's own, from lib/qr.ts) drawn
 * `scale` pixels per module at an offset, and a little sensor noise, as RGBA like a canvas's ImageData.
 */
function frameOf(text: string, { width = 480, height = 360, left = 70, top = 40, scale = 5 } = {}): Frame {
  const data = new Uint8ClampedArray(width * height * 4);
  let seed = 7;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return (seed % 21) - 10;
  };
  for (let i = 0; i < width * height; i++) data.set([190 + noise(), 190 + noise(), 185 + noise(), 255], i * 4);
  const modules = qrModules(text);
  modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      const value = dark ? 25 : 245;
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const at = ((top + y * scale + dy) * width + left + x * scale + dx) * 4;
          data.set([value + noise(), value + noise(), value + noise(), 255], at);
        }
      }
    });
  });
  return { data, width, height };
}

describe('reading a ticket’s QR code', () => {
  it('decodes the reference from a frame with the ticket’s QR code in it', async () => {
    const decoded = await decodeFrame(frameOf('PS-7KQ4-2M'));
    expect(decoded).toBe('PS-7KQ4-2M');
    expect(referenceOf(decoded ?? '')).toBe('PS-7KQ4-2M');
  });

  it('finds nothing in a frame without a QR code', async () => {
    const blank = frameOf('PS-7KQ4-2M', { left: 0, top: 0, scale: 0 });
    expect(await decodeFrame(blank)).toBeNull();
  });

  it('takes a reference, whatever its case and the spaces around it, and nothing else', () => {
    expect(referenceOf(' ps-7kq4-2m\n')).toBe('PS-7KQ4-2M');
    expect(referenceOf('PS-ABCD-EF')).toBe('PS-ABCD-EF');
    for (const text of ['', 'https://example.com/PS-7KQ4-2M', 'PS7KQ42M', 'PS-7KQ4-2M; drop table', 'otpauth://totp/x']) {
      expect(referenceOf(text), text).toBeNull();
    }
  });
});

describe('the camera', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('tells a refusal from a device without a camera', () => {
    expect(cameraProblemOf(Object.assign(new Error('x'), { name: 'NotAllowedError' }))).toBe('denied');
    expect(cameraProblemOf(Object.assign(new Error('x'), { name: 'NotFoundError' }))).toBe('unavailable');
    expect(cameraProblemOf('anything')).toBe('unavailable');
  });

  it('uses the browser’s BarcodeDetector when it reads QR codes', async () => {
    const detect = vi.fn(async () => [{ rawValue: 'PS-7KQ4-2M' }]);
    vi.stubGlobal(
      'BarcodeDetector',
      class {
        static getSupportedFormats = async () => ['ean_13', 'qr_code'];
        detect = detect;
      },
    );
    const reader = await createVideoReader();
    expect(reader.kind).toBe('native');
    expect(await reader.read({} as HTMLVideoElement)).toBe('PS-7KQ4-2M');
    expect(detect).toHaveBeenCalledOnce();
  });
});
