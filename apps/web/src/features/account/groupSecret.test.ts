import { describe, expect, it } from 'vitest';
import { groupSecret } from './groupSecret';

describe('groupSecret', () => {
  it('shows the secret in groups of four', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXPJB')).toBe('JBSW Y3DP EHPK 3PXP JB');
  });
});
