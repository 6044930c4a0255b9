import { Group, MultiSelect, SegmentedControl, Select, TextInput } from '@mantine/core';
import { airportEndpoints, locationEndpoints } from '@ps/contracts';
import { type BookingChannel, bookingChannels, bookingStatuses } from '@ps/contracts/common/bookingStates';
import { useTranslation } from 'react-i18next';
import { keyboardScrollable } from '../../components/ReferenceSelects';
import { useCanCall } from '../../lib/finance';
import { useAirports, useLocations } from './api.choices';
import { type BookingListSearch, parseStatuses } from './search';

/** The bookings list's filters: status, airport and car park (for a role that reads them), channel, dates. */
export function BookingFilters({
  search,
  setSearch,
}: {
  search: BookingListSearch;
  setSearch: (patch: Partial<BookingListSearch>) => void;
}) {
  const { t } = useTranslation();
  const canCall = useCanCall();
  const placeFilters = canCall(airportEndpoints.list) && canCall(locationEndpoints.list);
  const airports = useAirports(placeFilters);
  const carParks = useLocations(search.airport_id, { carParksOnly: true, enabled: placeFilters });
  const toId = (value: string | null) => (value ? Number(value) : undefined);
  return (
    <>
      <MultiSelect
        {...keyboardScrollable}
        aria-label={t('bookings.filters.status')}
        placeholder={search.status ? undefined : t('bookings.filters.anyStatus')}
        size="md"
        clearable
        clearButtonProps={{ 'aria-label': t('bookings.filters.clearStatus') }}
        data={bookingStatuses.map((status) => ({ value: status, label: t(`bookings.statuses.${status}`) }))}
        value={parseStatuses(search.status)}
        onChange={(values) => setSearch({ status: values.length > 0 ? parseStatuses(values.join(',')).join(',') : undefined })}
        style={{ flex: '1 1 240px' }}
      />
      {/* The place filters only for a role that may read airports and locations (their lists fill them). */}
      {placeFilters ? (
        <>
          <Select
            {...keyboardScrollable}
            aria-label={t('bookings.filters.airport')}
            placeholder={t('bookings.filters.anyAirport')}
            size="md"
            clearable
            clearButtonProps={{ 'aria-label': t('bookings.filters.clearAirport') }}
            searchable
            nothingFoundMessage={t('common.nothingFound')}
            data={(airports.data ?? []).map((airport) => ({ value: String(airport.id), label: `${airport.iata_code} · ${airport.name}` }))}
            value={search.airport_id ? String(search.airport_id) : null}
            onChange={(value) => setSearch({ airport_id: toId(value), car_park_id: undefined })}
            style={{ flex: '1 1 200px' }}
          />
          <Select
            {...keyboardScrollable}
            aria-label={t('bookings.filters.carPark')}
            placeholder={t('bookings.filters.anyCarPark')}
            size="md"
            clearable
            clearButtonProps={{ 'aria-label': t('bookings.filters.clearCarPark') }}
            searchable
            nothingFoundMessage={t('common.nothingFound')}
            data={(carParks.data ?? []).map((location) => ({ value: String(location.id), label: location.name }))}
            value={search.car_park_id ? String(search.car_park_id) : null}
            onChange={(value) => setSearch({ car_park_id: toId(value) })}
            style={{ flex: '1 1 200px' }}
          />
        </>
      ) : null}
      <Select
        {...keyboardScrollable}
        aria-label={t('bookings.filters.channel')}
        size="md"
        allowDeselect={false}
        data={[
          { value: 'all', label: t('bookings.filters.anyChannel') },
          ...bookingChannels.map((channel) => ({ value: channel, label: t(`bookings.channels.${channel}`) })),
        ]}
        value={search.channel ?? 'all'}
        onChange={(value) => setSearch({ channel: value === 'all' || !value ? undefined : (value as BookingChannel) })}
        style={{ flex: '1 1 160px' }}
      />
      <Group gap="sm" align="flex-end" wrap="wrap" style={{ flex: '1 1 100%' }}>
        <SegmentedControl
          size="md"
          aria-label={t('bookings.filters.dateField')}
          data={[
            { value: 'departure', label: t('bookings.filters.byDeparture') },
            { value: 'arrival', label: t('bookings.filters.byArrival') },
          ]}
          value={search.date_field ?? 'departure'}
          onChange={(value) => setSearch({ date_field: value === 'arrival' ? 'arrival' : undefined })}
          style={{ flex: '1 1 240px' }}
        />
        <TextInput
          type="date"
          size="md"
          label={t('bookings.filters.from')}
          value={search.from ?? ''}
          max={search.to}
          onChange={(event) => setSearch({ from: event.currentTarget.value || undefined })}
          style={{ flex: '1 1 150px' }}
        />
        <TextInput
          type="date"
          size="md"
          label={t('bookings.filters.to')}
          value={search.to ?? ''}
          min={search.from}
          onChange={(event) => setSearch({ to: event.currentTarget.value || undefined })}
          style={{ flex: '1 1 150px' }}
        />
      </Group>
    </>
  );
}

/** Why the server refused one booking's change, in the user's language. */
