import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { paidUntilText } from './format';

describe('"Paid until" says what was paid', () => {
  const t = (key: string, options: { day: string }) => `${key}|${options.day}`;

  it('names a past or today’s last paid day as it is', () => {
    i18n.language = 'en';
    expect(paidUntilText('2026-10-31', '2026-11-27', t)).toBe('31 Oct 2026');
    expect(paidUntilText('2026-11-27', '2026-11-27', t)).toBe('27 Nov 2026');
  });

  it('says a period that ends after today is not over yet, not paid ahead', () => {
    i18n.language = 'en';
    expect(paidUntilText('2026-11-30', '2026-11-27', t)).toBe('payouts.figures.paidAhead|30 Nov 2026');
  });
});
