import { Anchor, Group, Text } from '@mantine/core';
import type { LocationType } from '@ps/contracts';
import { useTranslation } from 'react-i18next';
import { IconExternalLink } from '../../components/icons';
import type { CsvColumn } from '../../lib/csv';

/** What a company location and a core location share, and so how both lists show them. */
export interface Place {
  name: string;
  type: LocationType;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  capacity: number;
  status: 0 | 1;
}

/** The location types, labelled in the user's language. */
export function useTypeLabel() {
  const { t } = useTranslation();
  return (type: LocationType) => t(`locations.types.${type}`);
}

/** OpenStreetMap's page for a point (no tiles are loaded here: the link opens the map in a new tab). */
export const mapHref = (latitude: number, longitude: number) =>
  `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;

/** Coordinates as numbers in the user's locale, up to six decimals (about 10 cm): "51.4723, -0.4887". */
export function formatCoordinates(latitude: number, longitude: number, language: string): string {
  const format = new Intl.NumberFormat(language, { maximumFractionDigits: 6, useGrouping: false });
  return `${format.format(latitude)}, ${format.format(longitude)}`;
}

/** A location's coordinates with a link to the map, or "Not given". */
export function Coordinates({ place }: { place: Pick<Place, 'name' | 'latitude' | 'longitude'> }) {
  const { t, i18n } = useTranslation();
  if (place.latitude === null || place.longitude === null) {
    return (
      <Text size="sm" c="dimmed">
        {t('locations.noCoordinates')}
      </Text>
    );
  }
  return (
    <Group gap={6} wrap="wrap">
      <Text size="sm" ff="monospace">
        {formatCoordinates(place.latitude, place.longitude, i18n.language)}
      </Text>
      <Anchor
        href={mapHref(place.latitude, place.longitude)}
        target="_blank"
        rel="noopener noreferrer"
        size="sm"
        aria-label={t('locations.mapLabel', { name: place.name })}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 2, minHeight: 24 }}
      >
        {t('locations.map')}
        <IconExternalLink size={14} aria-hidden />
      </Anchor>
    </Group>
  );
}

/** "800 spaces", or "Not a car park" for 0. */
export function useCapacityText() {
  const { t } = useTranslation();
  return (capacity: number) =>
    capacity > 0 ? (
      t('locations.spaces', { count: capacity })
    ) : (
      <Text span size="sm" c="dimmed">
        {t('locations.notCarPark')}
      </Text>
    );
}

/** The export's columns: translated headers and types, status as words. */
export function usePlaceCsvColumns<Row extends Place>(airportOf: (row: Row) => string): CsvColumn<Row>[] {
  const { t } = useTranslation();
  const typeLabel = useTypeLabel();
  return [
    { title: t('locations.fields.name'), value: (row) => row.name },
    { title: t('locations.fields.airport'), value: airportOf },
    { title: t('locations.fields.type'), value: (row) => typeLabel(row.type) },
    { title: t('locations.fields.address'), value: (row) => row.address ?? '' },
    { title: t('locations.fields.latitude'), value: (row) => row.latitude },
    { title: t('locations.fields.longitude'), value: (row) => row.longitude },
    { title: t('locations.fields.capacity'), value: (row) => row.capacity },
    { title: t('locations.fields.status'), value: (row) => (row.status === 1 ? t('status.active') : t('status.inactive')) },
  ];
}
