import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import type { Booking } from '@ps/contracts';
import type { HandoverKind } from '@ps/contracts/handovers';
import { useTranslation } from 'react-i18next';
import { IconCash } from '../../components/icons';
import { bookingMoney } from '../../lib/finance';
import { useMoney } from '../../lib/format';
import { useActivePositions } from './api';
import { placeText } from './HandoverRecord';

export interface HandoverSummary {
  marks: number;
  photos: number;
  signed: boolean;
  signedName: string | null;
  /** The chosen position's id (check-in), named here from the positions' list. */
  position: string | null;
  key: string | null;
}

/**
 * The last step before a handover is sent: "Check in AB12 CDE?", what is still owed (said first, in its own line, when
 * anything is), and what will be recorded. Back returns to the form as it was; Confirm sends.
 */
export function HandoverConfirm({
  opened,
  booking,
  kind,
  summary,
  busy,
  onConfirm,
  onBack,
  onTakePayment,
}: {
  opened: boolean;
  booking: Booking;
  kind: HandoverKind;
  summary: HandoverSummary;
  busy: boolean;
  onConfirm: () => void;
  onBack: () => void;
  /** Opens the payment for the outstanding (this step comes back after it); null when nothing is owed or not allowed. */
  onTakePayment: (() => void) | null;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  // Null for a role without finance.view: what is owed is left out.
  const figures = bookingMoney(booking);
  const positions = useActivePositions(kind === 'check_in' && summary.position !== null);
  const position = positions.data?.find((candidate) => String(candidate.id) === summary.position);
  const acknowledgement = summary.signed
    ? summary.signedName
      ? t('handovers.confirm.signedAndNamed', { name: summary.signedName })
      : t('handovers.confirm.signed')
    : summary.signedName
      ? t('handovers.confirm.named', { name: summary.signedName })
      : t('handovers.confirm.notAcknowledged');
  return (
    <Modal
      opened={opened}
      onClose={busy ? () => undefined : onBack}
      title={t(`handovers.confirm.title.${kind}`, { reg: booking.vehicle_reg })}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { fontWeight: 700 } }}
    >
      <Stack gap="md">
        {figures ? (
          <Group justify="space-between" gap="sm">
            <Text fw={700} c={figures.outstanding > 0 ? 'red.9' : undefined} data-testid="confirm-outstanding">
              {figures.outstanding > 0
                ? t('handovers.confirm.outstanding', { amount: money.format(figures.outstanding) })
                : t('handovers.confirm.nothingOwed')}
            </Text>
            {figures.outstanding > 0 && onTakePayment ? (
              <Button
                size="md"
                variant="default"
                className="ps-primary-action"
                leftSection={<IconCash size={18} aria-hidden />}
                onClick={onTakePayment}
                disabled={busy}
              >
                {t('handovers.payment.take')}
              </Button>
            ) : null}
          </Group>
        ) : null}
        <List size="sm" spacing={4} data-testid="confirm-summary">
          <List.Item>{t('handovers.confirm.marks', { count: summary.marks })}</List.Item>
          <List.Item>{t('handovers.confirm.photos', { count: summary.photos })}</List.Item>
          {kind === 'check_in' ? (
            <List.Item>
              {t('handovers.confirm.place', {
                position: position ? (placeText(position.name, position.place_name) ?? position.name) : t('handovers.move.noPosition'),
                key: summary.key ?? t('handovers.move.noKey'),
              })}
            </List.Item>
          ) : null}
          <List.Item>{acknowledgement}</List.Item>
        </List>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="md" className="ps-primary-action" onClick={onBack} disabled={busy}>
            {t('handovers.confirm.back')}
          </Button>
          <Button
            size="md"
            className="ps-primary-action"
            color={kind === 'check_in' ? undefined : 'teal.9'}
            onClick={onConfirm}
            loading={busy}
            data-autofocus
          >
            {t(`handovers.confirm.confirm.${kind}`)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
