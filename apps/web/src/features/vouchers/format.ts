import type { Voucher } from '@ps/contracts';
import { useTranslation } from 'react-i18next';
import { formatDay, useMoney } from '../../lib/format';

/** How a voucher reads in a list: "10 %" or "£5.00", the validity, and "3 / 100" uses. */
export function useVoucherText() {
  const { t } = useTranslation();
  const money = useMoney();
  return {
    discount: (voucher: Pick<Voucher, 'discount_type' | 'discount_value'>) =>
      voucher.discount_type === 'percent'
        ? t('vouchers.percentValue', { value: voucher.discount_value })
        : money.format(voucher.discount_value),
    validity: (voucher: Pick<Voucher, 'valid_from' | 'valid_to'>) =>
      t('vouchers.validity', { from: formatDay(voucher.valid_from), to: formatDay(voucher.valid_to) }),
    usage: (voucher: Pick<Voucher, 'times_used' | 'usage_limit'>) =>
      voucher.usage_limit === null
        ? t('vouchers.usageUnlimited', { used: voucher.times_used })
        : t('vouchers.usage', { used: voucher.times_used, limit: voucher.usage_limit }),
  };
}
