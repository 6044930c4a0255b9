import { Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Booking } from '@ps/contracts';
import { useTranslation } from 'react-i18next';
import { IconCash } from '../../components/icons';
import { bookingMoney } from '../../lib/finance';
import { formatDateTime, useMoney } from '../../lib/format';

/** The car as the person at the gate reads it: "AB12 CDE · Blue Toyota Corolla". */
export function vehicleLine(booking: Pick<Booking, 'vehicle_reg' | 'vehicle_make' | 'vehicle_model' | 'vehicle_colour'>): string {
  const details = [booking.vehicle_colour, booking.vehicle_make, booking.vehicle_model].filter(Boolean).join(' ');
  return details ? `${booking.vehicle_reg} · ${details}` : booking.vehicle_reg;
}

/**
 * What the handover screen shows of its booking: reference, customer, car, the stay's times on the airport's clock,
 * and what is still owed, with "Take payment" one tap away (the payment form for the outstanding amount).
 */
export function BookingEssentials({ booking, onTakePayment }: { booking: Booking; onTakePayment: (() => void) | null }) {
  const { t } = useTranslation();
  const money = useMoney();
  // Null for a role without finance.view: the box of what is owed is left out.
  const figures = bookingMoney(booking);
  const owed = figures !== null && figures.outstanding > 0;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="handover-booking">
      <Stack gap="sm">
        <Text id="handover-booking" fw={700} size="lg" className="ps-wrap">
          {t('handovers.screen.booking', { reference: booking.reference })}
        </Text>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={4} m={0}>
          <Fact label={t('handovers.screen.customer')} value={booking.customer_name} />
          <Fact label={t('handovers.screen.vehicle')} value={vehicleLine(booking)} testId="handover-vehicle" />
          <Fact label={t('handovers.screen.from')} value={formatDateTime(booking.departure_at, booking.airport_time_zone)} />
          <Fact label={t('handovers.screen.to')} value={formatDateTime(booking.arrival_at, booking.airport_time_zone)} />
        </SimpleGrid>
        {figures ? (
          <Group
            justify="space-between"
            gap="sm"
            p="sm"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
            bg={owed ? 'orange.0' : 'gray.0'}
            data-testid="handover-outstanding"
          >
            <Text fw={700} c={owed ? 'red.9' : undefined}>
              {owed
                ? t('handovers.screen.outstanding', { amount: money.format(figures.outstanding) })
                : figures.credit > 0
                  ? t('handovers.screen.inCredit', { amount: money.format(figures.credit) })
                  : t('handovers.screen.paid')}
            </Text>
            {owed && onTakePayment ? (
              <Button size="md" className="ps-primary-action" leftSection={<IconCash size={18} aria-hidden />} onClick={onTakePayment}>
                {t('handovers.payment.take')}
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={0} miw={0}>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500} className="ps-wrap" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}
