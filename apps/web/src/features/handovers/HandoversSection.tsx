import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Booking } from '@ps/contracts';
import type { Handover, Relocation } from '@ps/contracts/handovers';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { IconArrowBackUp, IconArrowsMove, IconCheck, IconDoorExit } from '../../components/icons';
import { Section } from '../../components/Section';
import { useCan, useCurrentUser } from '../../lib/currentUser';
import { formatDateTime } from '../../lib/format';
import { toastSuccess } from '../../lib/toast';
import { useHandovers, useRelocations, useUndoHandover } from './api';
import { HandoverRecord } from './HandoverRecord';
import { MoveCarDialog } from './MoveCarDialog';
import { currentCheckIn, handoverKindFor, mayUndo, whereNow } from './rules';

/** The current time, moved on when the next of `deadlines` passes (an Undo disappears when its window closes). */
function useNowUntil(deadlines: readonly (string | null)[]): number {
  const [now, setNow] = useState(() => Date.now());
  const next = deadlines
    .map((deadline) => (deadline ? Date.parse(deadline) : Number.NaN))
    .filter((at) => at > now)
    .sort((a, b) => a - b)[0];
  useEffect(() => {
    if (next === undefined) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(next - Date.now() + 50, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [next]);
  return now;
}

/** The button that opens the handover screen, when the booking's status allows one and the user may record it. */
export function HandoverButton({ booking, companyId }: { booking: Booking; companyId: string }) {
  const { t } = useTranslation();
  const can = useCan();
  const kind = handoverKindFor(booking.status);
  if (!kind || !can('handovers.create')) return null;
  return (
    <Button
      component={Link}
      to="/$companyId/bookings/$bookingId/handover"
      params={{ companyId, bookingId: String(booking.id) } as never}
      search={{ kind } as never}
      size="md"
      className="ps-primary-action"
      color={kind === 'check_in' ? undefined : 'teal.9'}
      leftSection={kind === 'check_in' ? <IconCheck size={18} aria-hidden /> : <IconDoorExit size={18} aria-hidden />}
    >
      {t(`handovers.actions.${kind}`)}
    </Button>
  );
}

/**
 * The booking page's handovers (issue 22, section 1): each check-in and check-out as recorded, oldest first, with an
 * Undo for its author while its window is open (asked first: the booking goes back); where the car has been moved on
 * site since, and "Move car" while it is there. The button to the handover screen (HandoverButton) sits in the page's
 * header, where the status moves were.
 */
export function HandoversSection({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  const can = useCan();
  const canView = can('handovers.view');
  const user = useCurrentUser();
  const handovers = useHandovers(booking.id, canView);
  const relocations = useRelocations(booking.id, canView);
  const undo = useUndoHandover(booking.id);
  const [undoing, setUndoing] = useState<Handover | null>(null);
  const [moving, setMoving] = useState(false);
  const rows = handovers.data ?? [];
  const moves = relocations.data ?? [];
  const now = useNowUntil(rows.map((row) => row.undo_until));
  if (!canView && !can('handovers.create')) return null;

  const checkIn = currentCheckIn(rows);
  const onSite = booking.status === 'checked_in' || booking.status === 'parked';
  const where = onSite ? whereNow(checkIn, moves) : null;
  const kindWord = (handover: Handover) => t(`handovers.kinds.${handover.kind}`);

  return (
    <Section title={t('handovers.section.title')} id="booking-handovers">
      {!canView ? null : (
        <Stack gap="md">
          {rows.length === 0 ? (
            <Text c="dimmed">{handovers.isLoading ? t('app.loading') : t('handovers.section.none')}</Text>
          ) : (
            <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} data-testid="booking-handovers">
              {rows.map((handover) => (
                <li key={handover.id}>
                  <HandoverRecord
                    handover={handover}
                    timeZone={booking.airport_time_zone}
                    actions={
                      mayUndo(handover, user.data?.id, now) && can('handovers.create') ? (
                        <Button
                          variant="default"
                          size="md"
                          className="ps-primary-action"
                          leftSection={<IconArrowBackUp size={18} aria-hidden />}
                          onClick={() => setUndoing(handover)}
                          aria-label={t('handovers.undo.named', { kind: kindWord(handover) })}
                        >
                          {t('handovers.undo.button')}
                        </Button>
                      ) : null
                    }
                  />
                </li>
              ))}
            </Stack>
          )}
          <RelocationHistory
            relocations={moves}
            timeZone={booking.airport_time_zone}
            where={where}
            onMove={where && can('handovers.create') ? () => setMoving(true) : null}
          />
        </Stack>
      )}
      <ConfirmDialog
        opened={undoing !== null}
        title={undoing ? t('handovers.undo.title', { kind: kindWord(undoing) }) : ''}
        body={undoing ? t(`handovers.undo.body.${undoing.kind}`, { reference: booking.reference }) : ''}
        confirmLabel={t('handovers.undo.confirm')}
        tone="danger"
        busy={undo.isPending}
        onConfirm={() => {
          if (!undoing) return;
          undo.mutate(undoing.id, {
            onSuccess: (row) => {
              toastSuccess(t(`handovers.undo.done.${row.kind}`, { reference: booking.reference }));
              setUndoing(null);
            },
            onError: () => setUndoing(null),
          });
        }}
        onClose={() => setUndoing(null)}
      />
      {where ? (
        <MoveCarDialog bookingId={booking.id} reference={booking.reference} now={where} opened={moving} onClose={() => setMoving(false)} />
      ) : null}
    </Section>
  );
}

/** Where the car and its key have been moved on site, newest last: from, to, who, when, why. */
function RelocationHistory({
  relocations,
  timeZone,
  where,
  onMove,
}: {
  relocations: readonly Relocation[];
  timeZone: string;
  where: { position: string | null; place: string | null; key: string | null } | null;
  onMove: (() => void) | null;
}) {
  const { t } = useTranslation();
  const dash = (value: string | null) => value ?? t('handovers.move.none');
  if (relocations.length === 0 && !where) return null;
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="sm">
        <Title order={3} size="h4">
          {t('handovers.move.historyTitle')}
        </Title>
        {onMove ? (
          <Button
            variant="default"
            size="md"
            className="ps-primary-action"
            leftSection={<IconArrowsMove size={18} aria-hidden />}
            onClick={onMove}
          >
            {t('handovers.move.open')}
          </Button>
        ) : null}
      </Group>
      {where ? (
        <Text size="sm" data-testid="car-now">
          {t('handovers.move.now', {
            position: where.position
              ? where.place
                ? `${where.position} · ${where.place}`
                : where.position
              : t('handovers.move.noPosition'),
            key: where.key ?? t('handovers.move.noKey'),
          })}
        </Text>
      ) : null}
      {relocations.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('handovers.move.noneYet')}
        </Text>
      ) : (
        <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} data-testid="booking-relocations">
          {relocations.map((move) => (
            <Paper component="li" key={move.id} withBorder radius="sm" p="xs">
              {move.from_position_name !== move.to_position_name ? (
                <Text size="sm" className="ps-wrap">
                  {t('handovers.move.positionLine', { from: dash(move.from_position_name), to: dash(move.to_position_name) })}
                </Text>
              ) : null}
              {move.from_key_location !== move.to_key_location ? (
                <Text size="sm" className="ps-wrap">
                  {t('handovers.move.keyLine', { from: dash(move.from_key_location), to: dash(move.to_key_location) })}
                </Text>
              ) : null}
              <Text size="sm" c="dimmed">
                {t('handovers.move.byWhen', {
                  who: move.moved_by_name ?? t('handovers.record.someone'),
                  when: formatDateTime(move.moved_at, timeZone),
                })}
              </Text>
              {move.note ? (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} className="ps-wrap">
                  {move.note}
                </Text>
              ) : null}
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
