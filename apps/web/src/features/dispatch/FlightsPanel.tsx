import { Badge, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import type { Flight, FlightStatus } from '@ps/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconPencil, IconPlaneArrival, IconSearch } from '../../components/icons';
import { keyboardScrollable } from '../../components/ReferenceSelects';
import { formatDuration, formatNumber } from '../../lib/format';
import { useFlights } from './api';
import './dispatch.css';
import { formatDateTime } from '../../lib/format';
import { FLIGHT_WINDOWS } from './search';
import { timeOnDay } from './time';

const flightColours: Record<FlightStatus, string> = { scheduled: 'blue', delayed: 'orange', landed: 'green', cancelled: 'red' };

interface FlightsPanelProps {
  zone: string;
  /** Today on the company's clock: times of another day carry their date. */
  today: string;
  days: number;
  onDays: (days: number) => void;
  pollMs: number | false;
  canUpdate: boolean;
  onUpdate: (flight: Flight) => void;
}

/** The return flights followed (issue 8, section 4), their news and out-trip, and the manual provider's way in. */
export function FlightsPanel({ zone, today, days, onDays, pollMs, canUpdate, onUpdate }: FlightsPanelProps) {
  const { t } = useTranslation();
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const flights = useFlights(days, search, pollMs);
  const list = flights.data?.flights ?? [];
  const at = (instant: string) => timeOnDay(zone, instant, today);
  const besideTrips = useMediaQuery('(min-width: 75em)');

  const delayText = (flight: Flight) => {
    if (flight.delay_minutes === null) return t('dispatch.flights.noEstimate');
    if (flight.delay_minutes === 0) return t('dispatch.flights.onTime');
    const duration = formatDuration(flight.delay_minutes);
    return t(flight.delay_minutes > 0 ? 'dispatch.flights.late' : 'dispatch.flights.early', { duration });
  };

  return (
    <Stack
      component="section"
      aria-labelledby="flights-title"
      gap="sm"
      id="return-flights"
      data-testid="flights-panel"
      className="ps-flights-panel"
      // Beside the trips it scrolls on its own (dispatch.css): the keyboard reaches that scroll too (axe).
      tabIndex={besideTrips ? 0 : undefined}
    >
      <Title order={2} size="h3" id="flights-title" style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <IconPlaneArrival size={24} aria-hidden />
        {t('dispatch.flights.title')}
      </Title>
      <Text size="sm">{t('dispatch.flights.intro')}</Text>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          type="search"
          label={t('dispatch.flights.search')}
          placeholder={t('dispatch.flights.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
          style={{ flex: '1 1 100%' }}
        />
        <Select
          label={t('dispatch.flights.window')}
          data={FLIGHT_WINDOWS.map((value) => ({ value: String(value), label: t(`dispatch.flights.windows.${value}`) }))}
          value={String(days)}
          onChange={(value) => value && onDays(Number(value))}
          allowDeselect={false}
          {...keyboardScrollable}
          style={{ flex: '0 1 150px' }}
        />
      </Group>

      {flights.isError && !flights.data ? (
        <Text c="red.8">{t('dispatch.flights.loadError')}</Text>
      ) : flights.data && list.length === 0 ? (
        <Text c="dimmed">{search ? t('dispatch.flights.emptyFiltered') : t('dispatch.flights.empty')}</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-busy={flights.isFetching}>
          {list.map((flight) => {
            const trip = flight.out_trip;
            const titleId = `flight-${flight.booking_id}-title`;
            return (
              <Paper
                component="li"
                key={flight.booking_id}
                withBorder
                radius="md"
                p="sm"
                aria-labelledby={titleId}
                data-testid="flight"
                data-flight={flight.flight_number}
                className="ps-wrap"
              >
                <Stack gap={4}>
                  <Group justify="space-between" gap="xs" align="flex-start">
                    <Group gap="xs" align="center">
                      <Title order={3} fz="md" id={titleId} ff="monospace">
                        {flight.flight_number}
                      </Title>
                      <Badge
                        variant="dot"
                        color={flightColours[flight.status]}
                        size="lg"
                        tt="none"
                        miw="max-content"
                        data-status={flight.status}
                      >
                        {t(`dispatch.flights.statuses.${flight.status}`)}
                      </Badge>
                    </Group>
                    {canUpdate ? (
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconPencil size={16} aria-hidden />}
                        onClick={() => onUpdate(flight)}
                        aria-label={t('dispatch.flights.updateNamed', {
                          flight: flight.flight_number,
                          reference: flight.booking_reference,
                        })}
                        mih={32}
                      >
                        {t('dispatch.flights.update')}
                      </Button>
                    ) : null}
                  </Group>
                  <Text size="sm">
                    <Text span ff="monospace" size="sm">
                      {flight.booking_reference}
                    </Text>{' '}
                    · {flight.customer_name} · {flight.vehicle_reg}
                  </Text>
                  <Text size="sm">
                    <Text span c="dimmed" size="sm">
                      {t('dispatch.flights.scheduled')}:
                    </Text>{' '}
                    {at(flight.scheduled_arrival)}
                  </Text>
                  <Text size="sm" data-testid="flight-estimate">
                    <Text span c="dimmed" size="sm">
                      {t('dispatch.flights.estimated')}:
                    </Text>{' '}
                    {flight.estimated_arrival ? `${at(flight.estimated_arrival)} (${delayText(flight)})` : delayText(flight)}
                  </Text>
                  <Text size="sm" data-testid="flight-out-trip">
                    <Text span c="dimmed" size="sm">
                      {t('dispatch.flights.outTrip')}:
                    </Text>{' '}
                    {trip ? (
                      <>
                        {at(trip.scheduled_at)},{' '}
                        {trip.driver_name ?? (
                          <Text span c="red.8" fw={600} size="sm">
                            {t('dispatch.flights.noDriver')}
                          </Text>
                        )}
                      </>
                    ) : (
                      t('dispatch.flights.outTripNone')
                    )}
                  </Text>
                  {flight.updated_at ? (
                    <Text size="xs" c="dimmed">
                      {t('dispatch.flights.news', {
                        time: formatDateTime(flight.updated_at, zone),
                        source: flight.source === 'manual' ? t('dispatch.flights.sourceManual') : flight.source,
                      })}
                    </Text>
                  ) : null}
                </Stack>
              </Paper>
            );
          })}
        </Stack>
      )}
      {flights.data && flights.data.total > list.length ? (
        <Text size="sm" c="dimmed">
          {t('dispatch.flights.more', { shown: formatNumber(list.length), total: formatNumber(flights.data.total) })}
        </Text>
      ) : null}
    </Stack>
  );
}
