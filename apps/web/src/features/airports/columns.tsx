import { Text } from '@mantine/core';
import type { CoreAirport } from '@ps/contracts';
import { useTranslation } from 'react-i18next';
import type { KitColumn } from '../../components/ListKit';
import { useCountryName } from '../../lib/countryNames';
import type { CsvColumn } from '../../lib/csv';

/** What a company airport and a core airport share, and so how both lists name them. */
type AirportIdentity = Pick<CoreAirport, 'iata_code' | 'name' | 'country_name' | 'country_iso_code' | 'time_zone'>;

/** "LHR – London Heathrow": how a dialog, a switch or a card names an airport. */
export const airportName = (airport: Pick<CoreAirport, 'iata_code' | 'name'>) => `${airport.iata_code} – ${airport.name}`;

/**
 * The IATA code, name, country and time zone columns, alike in the company's list and the core list. A column
 * sorts only when the list's API sorts by that field (`sortFields`).
 */
export function useAirportIdentityColumns<Row extends AirportIdentity>(sortFields: readonly string[]): KitColumn<Row>[] {
  const { t } = useTranslation();
  const countryName = useCountryName();
  return [
    {
      accessor: 'iata_code',
      title: t('airports.fields.iata_code'),
      sortable: sortFields.includes('iata_code'),
      hideInCard: true,
      render: (airport) => (
        <Text fw={700} c="var(--ps-color-bold)" ff="monospace">
          {airport.iata_code}
        </Text>
      ),
    },
    { accessor: 'name', title: t('airports.fields.name'), sortable: sortFields.includes('name'), hideInCard: true },
    {
      accessor: 'country_name',
      title: t('airports.fields.country'),
      render: (airport) => countryName(airport.country_iso_code, airport.country_name),
    },
    { accessor: 'time_zone', title: t('airports.fields.time_zone'), sortable: sortFields.includes('time_zone') },
  ];
}

/** The export's columns: translated headers, names in the user's language, status as words. */
export function useAirportCsvColumns<Row extends AirportIdentity & { status: 0 | 1 }>(): CsvColumn<Row>[] {
  const { t } = useTranslation();
  const countryName = useCountryName();
  return [
    { title: t('airports.fields.iata_code'), value: (row) => row.iata_code },
    { title: t('airports.fields.name'), value: (row) => row.name },
    { title: t('airports.fields.country'), value: (row) => countryName(row.country_iso_code, row.country_name) },
    { title: t('airports.fields.time_zone'), value: (row) => row.time_zone },
    { title: t('airports.fields.status'), value: (row) => (row.status === 1 ? t('status.active') : t('status.inactive')) },
  ];
}

/** The card's title: code and name. */
export function AirportCardTitle({ airport }: { airport: Pick<CoreAirport, 'iata_code' | 'name'> }) {
  return (
    <Text fw={700} c="var(--ps-color-title)">
      <Text span ff="monospace" fw={700}>
        {airport.iata_code}
      </Text>{' '}
      {airport.name}
    </Text>
  );
}
