import { describe, expect, it } from 'vitest';
import { groupSecret } from './groupSecret';
import { encodeQr } from './qr';

const finder = ['1111111', '1000001', '1011101', '1011101', '1011101', '1000001', '1111111'];
const block = (m: boolean[][], x: number, y: number, size: number) =>
  Array.from({ length: size }, (_, dy) => Array.from({ length: size }, (_, dx) => (m[y + dy]?.[x + dx] ? '1' : '0')).join(''));

/** FNV-1a over the modules, row by row. */
function fingerprint(m: boolean[][]): string {
  let hash = 0x811c9dc5;
  for (const row of m) {
    for (const dark of row) hash = Math.imul(hash ^ (dark ? 1 : 0), 0x01000193) >>> 0;
  }
  return hash.toString(16);
}

describe('encodeQr', () => {
  it('picks the smallest version that holds the text (level M, byte mode)', () => {
    expect(encodeQr('a'.repeat(14))).toHaveLength(21); // version 1 holds 14 bytes
    expect(encodeQr('a'.repeat(15))).toHaveLength(25);
    expect(encodeQr('a'.repeat(152))).toHaveLength(49); // version 8 holds 152 bytes
    expect(encodeQr('a'.repeat(153))).toHaveLength(53);
  });

  it('draws the three finder patterns and the timing patterns', () => {
    const m = encodeQr('hello');
    const size = m.length;
    expect(block(m, 0, 0, 7)).toEqual(finder);
    expect(block(m, size - 7, 0, 7)).toEqual(finder);
    expect(block(m, 0, size - 7, 7)).toEqual(finder);
    for (let i = 8; i < size - 8; i++) {
      expect(m[6]?.[i]).toBe(i % 2 === 0);
      expect(m[i]?.[6]).toBe(i % 2 === 0);
    }
    // The dark module beside the lower-left finder.
    expect(m[size - 8]?.[8]).toBe(true);
  });

  it('encodes an otpauth link as before (checked with a QR reader)', () => {
    const url =
      'otpauth://totp/Parking%20Solutions:driver%40example.com?secret=JBSWY3DPEHPK3PXP&period=30&digits=6&algorithm=SHA1&issuer=Parking%20Solutions';
    const m = encodeQr(url);
    expect(m).toHaveLength(49);
    expect(fingerprint(m)).toBe('21e32383');
  });
});

describe('groupSecret', () => {
  it('shows the secret in groups of four', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXPJB')).toBe('JBSW Y3DP EHPK 3PXP JB');
  });
});
