import { Alert, Anchor, Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Driver, PartnerCompany, Trip, TripStatus, TripStatusOption } from '@ps/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CarRequestNote } from '../../components/CarRequestNote';
import {
  IconAlertTriangle,
  IconArrowRight,
  IconBan,
  IconFlag,
  IconHistory,
  IconPencil,
  IconPlayerPlay,
  IconUserMinus,
} from '../../components/icons';
import { keyboardScrollable } from '../../components/ReferenceSelects';
import './dispatch.css';
import { useReasonText } from '../../lib/eligibility';
import { toastSuccess } from '../../lib/toast';
import { useAssignDriver, useMoveTrip } from './api';
import { type DriverChoice, driverChoices, driverNameOf, isOpen } from './plan';
import { clockIn, timeOnDay } from './time';

const typeColours = { in: 'blue.9', out: 'grape.9', shuttle: 'teal.9' } as const;
const statusColours: Record<TripStatus, string> = {
  scheduled: 'gray',
  assigned: 'blue',
  started: 'orange',
  completed: 'green',
  cancelled: 'red',
};

export interface TripPermissions {
  assign: boolean;
  move: boolean;
  correct: boolean;
  /** Change its time, places, fee and notes (an unpaid trip). */
  edit: boolean;
  /** A driver: their own trips, started and completed only. */
  ownTripsOnly: boolean;
}

interface TripCardProps {
  trip: Trip;
  /** Every trip of the day: who is busy when. */
  dayTrips: readonly Trip[];
  drivers: readonly Driver[] | undefined;
  /** The companies yours lists as partners: a trip can be given to one instead of a driver. */
  partners: readonly PartnerCompany[] | undefined;
  zone: string;
  day: string;
  companyId: string;
  statuses: readonly TripStatusOption[] | undefined;
  can: TripPermissions;
  onCancel: (trip: Trip) => void;
  onCorrect: (trip: Trip) => void;
  onEdit: (trip: Trip) => void;
}

function vehicleText(trip: Trip): string | null {
  if (!trip.vehicle_reg) return null;
  const details = [trip.vehicle_colour, trip.vehicle_make, trip.vehicle_model].filter(Boolean).join(' ');
  return details ? `${trip.vehicle_reg} · ${details}` : trip.vehicle_reg;
}

/** A status as a dot badge in the body colour (readable on every background); the words are the API's. */
export function TripStatusBadge({ status, label }: { status: TripStatus; label: string }) {
  return (
    <Badge variant="dot" color={statusColours[status]} size="lg" tt="none" miw="max-content" data-status={status}>
      {label}
    </Badge>
  );
}

/** One trip of the dispatch day: what, when, where, who, and what the office may do with it now. */
/**
 * Says a change succeeded from the call's own promise, not from `mutate`'s callbacks: the answer refreshes the day, and a
 * card that leaves the view then (assigned under "Unassigned", no longer warned under "Warnings") would take those
 * callbacks with it, and the success would go unsaid. A refusal is toasted by the query client.
 */
function sayWhenDone<Result>(call: Promise<Result>, message: (result: Result) => string): void {
  call.then(
    (result) => toastSuccess(message(result)),
    () => undefined,
  );
}

export function TripCard({
  trip,
  dayTrips,
  drivers,
  partners,
  zone,
  day,
  companyId,
  statuses,
  can,
  onCancel,
  onCorrect,
  onEdit,
}: TripCardProps) {
  const { t } = useTranslation();
  const reasonText = useReasonText();
  const assign = useAssignDriver(zone);
  const move = useMoveTrip();
  const time = clockIn(zone, trip.scheduled_at);
  const reference = trip.booking_reference ?? '';
  const type = t(`dispatch.types.${trip.type}`);
  const titleId = `trip-${trip.id}-title`;
  const statusOption = statuses?.find((option) => option.value === trip.status);
  const statusLabel = statusOption?.label ?? trip.status;
  const next = (can.ownTripsOnly ? statusOption?.driver_next : statusOption?.next) ?? [];
  const named = { time, reference: reference || type };
  const open = isOpen(trip);
  const warning = trip.driver_taken_off;
  const vehicle = vehicleText(trip);
  const busy = assign.isPending || move.isPending;

  const choices = useMemo(() => driverChoices(drivers ?? [], dayTrips, trip), [drivers, dayTrips, trip]);
  const describe = (choice: DriverChoice) =>
    choice.kind === 'ineligible'
      ? choice.driver.eligibility.reasons.map(reasonText).join('; ')
      : choice.kind === 'busy'
        ? t('dispatch.trip.busyWith', { time: clockIn(zone, choice.busyTrip.scheduled_at) })
        : '';
  const descriptions = new Map(choices.map((choice) => [String(choice.driver.id), describe(choice)]));
  const group = (kind: DriverChoice['kind']) => ({
    group: t(`dispatch.trip.groups.${kind}`),
    items: choices
      .filter((choice) => choice.kind === kind)
      .map((choice) => ({ value: String(choice.driver.id), label: driverNameOf(choice.driver), disabled: kind !== 'free' })),
  });
  const data = (['free', 'busy', 'ineligible'] as const).map(group).filter((entry) => entry.items.length > 0);
  // A driver the list no longer offers (removed, no longer approved) still shows as the trip's driver.
  if (trip.driver_id !== null && !choices.some((choice) => choice.driver.id === trip.driver_id)) {
    data.unshift({
      group: t('dispatch.trip.driver'),
      items: [{ value: String(trip.driver_id), label: trip.driver_name ?? '', disabled: true }],
    });
  }
  // Partner companies run a trip instead of a driver: their options are `partner:<company id>`.
  const partnerItems = (partners ?? []).map((partner) => ({ value: `partner:${partner.id}`, label: partner.name, disabled: false }));
  if (trip.partner_company_id !== null && !partnerItems.some((item) => item.value === `partner:${trip.partner_company_id}`)) {
    partnerItems.unshift({ value: `partner:${trip.partner_company_id}`, label: trip.partner_company_name ?? '', disabled: true });
  }
  if (partnerItems.length > 0) data.push({ group: t('dispatch.trip.groups.partners'), items: partnerItems });
  const withPartners = partnerItems.length > 0;
  const runnerName = trip.driver_name ?? trip.partner_company_name;
  const runnerValue =
    trip.driver_id !== null ? String(trip.driver_id) : trip.partner_company_id !== null ? `partner:${trip.partner_company_id}` : null;

  const pick = (value: string | null) => {
    if (value === null || value === runnerValue) return;
    if (value.startsWith('partner:')) {
      const partnerId = Number(value.slice('partner:'.length));
      const partner = partners?.find((company) => company.id === partnerId);
      sayWhenDone(assign.mutateAsync({ tripId: trip.id, partnerId }), () =>
        t('dispatch.trip.givenToPartner', { ...named, partner: partner?.name ?? '' }),
      );
      return;
    }
    const driverId = Number(value);
    const name = choices.find((choice) => choice.driver.id === driverId);
    sayWhenDone(assign.mutateAsync({ tripId: trip.id, driverId }), () =>
      t('dispatch.trip.assigned', { ...named, driver: name ? driverNameOf(name.driver) : (trip.driver_name ?? '') }),
    );
  };
  const takeOff = () =>
    sayWhenDone(
      assign.mutateAsync(trip.partner_company_id !== null ? { tripId: trip.id, partnerId: null } : { tripId: trip.id, driverId: null }),
      () => t('dispatch.trip.takenOffDone', { ...named, driver: runnerName ?? '' }),
    );
  const moveTo = (status: 'started' | 'completed') =>
    sayWhenDone(move.mutateAsync({ tripId: trip.id, status }), (moved) =>
      t('dispatch.trip.statusDone', {
        ...named,
        status: statuses?.find((option) => option.value === moved.status)?.label ?? moved.status,
      }),
    );

  const facts: { label: string; value: string }[] = [
    { label: t('dispatch.trip.customer'), value: [trip.customer_name, trip.customer_phone].filter(Boolean).join(' · ') || '—' },
    { label: t('dispatch.trip.vehicle'), value: vehicle ?? '—' },
    { label: t('dispatch.trip.flight'), value: trip.flight ?? t('dispatch.trip.noFlight') },
  ];
  if (trip.notes) facts.push({ label: t('dispatch.form.notes'), value: trip.notes });
  const pickerShown = open && can.assign;
  const editable = can.edit && trip.payout_id === null;
  if (!pickerShown) {
    if (trip.partner_company_id !== null) facts.push({ label: t('dispatch.trip.partner'), value: trip.partner_company_name ?? '' });
    else facts.push({ label: t('dispatch.trip.driver'), value: trip.driver_name ?? t('dispatch.trip.noDriver') });
  }

  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      aria-labelledby={titleId}
      data-testid="dispatch-trip"
      data-trip-id={trip.id}
      data-reference={reference}
      data-type={trip.type}
      style={{
        borderColor: warning ? 'var(--mantine-color-orange-7)' : undefined,
        borderLeftWidth: warning || runnerValue === null ? 4 : undefined,
        borderLeftColor: warning
          ? 'var(--mantine-color-orange-7)'
          : open && runnerValue === null
            ? 'var(--mantine-color-red-8)'
            : undefined,
      }}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={4} id={titleId} fz="lg" style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
            <time dateTime={trip.scheduled_at} data-testid="trip-time">
              {time}
            </time>
            <Badge color={typeColours[trip.type]} variant="filled" size="lg" tt="none" title={t(`dispatch.typeHints.${trip.type}`)}>
              {type}
            </Badge>
            {trip.booking_id !== null && trip.booking_reference ? (
              <Anchor href={`/${companyId}/bookings/${trip.booking_id}`} ff="monospace" fw={700}>
                {trip.booking_reference}
              </Anchor>
            ) : (
              <Text span c="dimmed" fz="sm">
                {t('dispatch.trip.noBooking')}
              </Text>
            )}
          </Title>
          <TripStatusBadge status={trip.status} label={statusLabel} />
        </Group>

        <Text size="sm" style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 6 }}>
          <Text span c="dimmed" size="sm">
            {t('dispatch.trip.route')}:
          </Text>
          <span>{trip.from_name}</span>
          <IconArrowRight size={16} aria-label={t('dispatch.trip.to')} role="img" />
          <span>{trip.to_name}</span>
        </Text>

        <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={4} m={0}>
          {facts.map((fact) => (
            <Group key={fact.label} gap={6} wrap="nowrap" align="baseline">
              <Text component="dt" size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                {fact.label}:
              </Text>
              <Text component="dd" size="sm" m={0} style={{ minWidth: 0 }}>
                {fact.value}
              </Text>
            </Group>
          ))}
        </SimpleGrid>

        {trip.car_request && open ? <CarRequestNote request={trip.car_request} timeZone={zone} /> : null}

        {warning ? (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={20} aria-hidden />}
            title={t('dispatch.warning.title')}
            data-testid="trip-warning"
            // Orange text on the light orange is below 4.5:1 (axe): the title keeps the text colour, the icon the warning's.
            styles={{ title: { color: 'var(--mantine-color-text)' } }}
          >
            {t(`dispatch.warning.${warning.reason}`, {
              driver: warning.driver_name ?? t('dispatch.warning.unknownDriver'),
              from: timeOnDay(zone, warning.from_at, day),
              to: timeOnDay(zone, warning.to_at, day),
            })}
          </Alert>
        ) : null}

        {pickerShown || (can.move && next.some((status) => status !== 'scheduled' && status !== 'assigned')) || can.correct || editable ? (
          <Group gap="xs" align="flex-end" wrap="wrap">
            {pickerShown ? (
              <Select
                label={withPartners ? t('dispatch.trip.runner') : t('dispatch.trip.driver')}
                aria-label={t(withPartners ? 'dispatch.trip.pickRunnerFor' : 'dispatch.trip.pickDriverFor', named)}
                placeholder={drivers ? t(withPartners ? 'dispatch.trip.pickRunner' : 'dispatch.trip.pickDriver') : t('app.loading')}
                data={data}
                value={runnerValue}
                onChange={pick}
                searchable
                allowDeselect={false}
                nothingFoundMessage={t('common.nothingFound')}
                disabled={busy || !drivers}
                renderOption={({ option }) => {
                  const description = descriptions.get(option.value);
                  return (
                    <Stack gap={0}>
                      <Text size="sm">{option.label}</Text>
                      {description ? <Text size="xs">{description}</Text> : null}
                    </Stack>
                  );
                }}
                {...keyboardScrollable}
                classNames={{ option: 'ps-driver-option' }}
                style={{ flex: '1 1 220px', maxWidth: 360 }}
                data-testid="driver-picker"
              />
            ) : null}
            {pickerShown && runnerValue !== null ? (
              <Button
                variant="default"
                leftSection={<IconUserMinus size={18} aria-hidden />}
                onClick={takeOff}
                loading={
                  assign.isPending &&
                  (('driverId' in assign.variables && assign.variables.driverId === null) ||
                    ('partnerId' in assign.variables && assign.variables.partnerId === null))
                }
                disabled={busy}
                aria-label={t('dispatch.trip.takeOffNamed', { ...named, driver: runnerName ?? '' })}
              >
                {t('dispatch.trip.takeOff')}
              </Button>
            ) : null}
            {can.move && next.includes('started') ? (
              <Button
                leftSection={<IconPlayerPlay size={18} aria-hidden />}
                onClick={() => moveTo('started')}
                loading={move.isPending}
                disabled={busy}
                aria-label={t('dispatch.trip.startNamed', named)}
              >
                {t('dispatch.trip.start')}
              </Button>
            ) : null}
            {can.move && next.includes('completed') ? (
              <Button
                color="teal.9"
                leftSection={<IconFlag size={18} aria-hidden />}
                onClick={() => moveTo('completed')}
                loading={move.isPending}
                disabled={busy}
                aria-label={t('dispatch.trip.completeNamed', named)}
              >
                {t('dispatch.trip.complete')}
              </Button>
            ) : null}
            {can.move && next.includes('cancelled') ? (
              <Button
                variant="outline"
                color="red.8"
                leftSection={<IconBan size={18} aria-hidden />}
                onClick={() => onCancel(trip)}
                disabled={busy}
                aria-label={t('dispatch.trip.cancelNamed', named)}
              >
                {t('dispatch.trip.cancel')}
              </Button>
            ) : null}
            {editable ? (
              <Button
                variant="subtle"
                leftSection={<IconPencil size={18} aria-hidden />}
                onClick={() => onEdit(trip)}
                disabled={busy}
                aria-label={t('dispatch.form.editNamed', named)}
              >
                {t('dispatch.form.edit')}
              </Button>
            ) : null}
            {can.correct ? (
              <Button
                variant="subtle"
                leftSection={<IconHistory size={18} aria-hidden />}
                onClick={() => onCorrect(trip)}
                disabled={busy}
                aria-label={t('dispatch.trip.correctNamed', named)}
              >
                {t('dispatch.trip.correct')}
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
