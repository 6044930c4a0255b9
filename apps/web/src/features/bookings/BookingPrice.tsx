import { Table } from '@mantine/core';
import type { Booking } from '@ps/contracts';
import { useTranslation } from 'react-i18next';
import { Section } from '../../components/Section';
import type { BookingMoney } from '../../lib/finance';
import { useBookingText } from './format';

/** The price, what was paid and what is owed: for a role that may see money (the API sends the figures null otherwise). */
export function PriceSection({ booking, money }: { booking: Booking; money: BookingMoney }) {
  const { t } = useTranslation();
  const text = useBookingText();
  const lines: { label: string; value: string; strong?: boolean }[] = [
    { label: t('bookings.price.base'), value: text.money(money.base_price) },
    { label: t('bookings.price.package'), value: text.money(money.package_price) },
    { label: t('bookings.price.services'), value: text.money(money.services_price) },
    {
      label: booking.voucher_code ? t('bookings.price.voucher', { code: booking.voucher_code }) : t('bookings.price.discount'),
      value: money.discount > 0 ? `− ${text.money(money.discount)}` : text.money(0),
    },
    { label: t('bookings.fields.total'), value: text.money(money.total), strong: true },
    { label: t('bookings.fields.paid'), value: text.money(money.paid) },
    { label: t('bookings.fields.outstanding'), value: text.money(money.outstanding), strong: true },
    // Paid beyond the total is credit, never a negative outstanding.
    ...(money.credit > 0 ? [{ label: t('bookings.fields.credit'), value: text.money(money.credit), strong: true }] : []),
  ];
  return (
    <Section title={t('bookings.price.title')} id="booking-price">
      <Table verticalSpacing="xs" data-testid="booking-price">
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.label}>
              <Table.Th scope="row" fw={line.strong ? 700 : 400}>
                {line.label}
              </Table.Th>
              <Table.Td ta="right" fw={line.strong ? 700 : 400} style={{ whiteSpace: 'nowrap' }}>
                {line.value}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Section>
  );
}
