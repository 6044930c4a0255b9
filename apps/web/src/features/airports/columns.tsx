import { Text } from '@mantine/core';
import type { CoreAirport } from '@ps/contracts';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { useCountryName } from '../countries/names';

/** What a company airport and a core airport share, and so how both lists name them. */
type AirportIdentity = Pick<CoreAirport, 'iata_code' | 'name' | 'country_name' | 'country_iso_code' | 'time_zone'>;

/**
 * The IATA code, name, country and time zone columns, alike in the company's list and the core list. A column
 * sorts only when the list's API sorts by that field (`sortFields`).
 */
export function useAirportIdentityColumns<Row extends AirportIdentity>(sortFields: readonly string[]): DataTableColumn<Row>[] {
  const { t } = useTranslation();
  const countryName = useCountryName();
  return [
    {
      accessor: 'iata_code',
      title: t('airports.fields.iata_code'),
      sortable: sortFields.includes('iata_code'),
      render: (airport) => (
        <Text fw={700} c="var(--ps-color-bold)" ff="monospace">
          {airport.iata_code}
        </Text>
      ),
    },
    { accessor: 'name', title: t('airports.fields.name'), sortable: sortFields.includes('name') },
    {
      accessor: 'country_name',
      title: t('airports.fields.country'),
      render: (airport) => countryName(airport.country_iso_code, airport.country_name),
    },
    { accessor: 'time_zone', title: t('airports.fields.time_zone'), sortable: sortFields.includes('time_zone') },
  ];
}
