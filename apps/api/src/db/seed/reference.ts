import type { Db } from '../client.ts';
import { coreAirports, countries } from '../schema/index.ts';

/**
 * Countries (ISO 3166 with dialling codes) used by airports, phones and addresses. The id of Sri Lanka is
 * 94 because the spec's phone sign-in sends country_id 94; the others keep their numeric ISO 3166 code.
 */
export const referenceCountries = [
  { id: 94, iso_code: 'LK', name: 'Sri Lanka', dialling_code: '94' },
  { id: 826, iso_code: 'GB', name: 'United Kingdom', dialling_code: '44' },
  { id: 356, iso_code: 'IN', name: 'India', dialling_code: '91' },
  { id: 372, iso_code: 'IE', name: 'Ireland', dialling_code: '353' },
  { id: 250, iso_code: 'FR', name: 'France', dialling_code: '33' },
  { id: 276, iso_code: 'DE', name: 'Germany', dialling_code: '49' },
  { id: 528, iso_code: 'NL', name: 'Netherlands', dialling_code: '31' },
  { id: 724, iso_code: 'ES', name: 'Spain', dialling_code: '34' },
  { id: 380, iso_code: 'IT', name: 'Italy', dialling_code: '39' },
  { id: 840, iso_code: 'US', name: 'United States', dialling_code: '1' },
  { id: 124, iso_code: 'CA', name: 'Canada', dialling_code: '1' },
  { id: 36, iso_code: 'AU', name: 'Australia', dialling_code: '61' },
  { id: 554, iso_code: 'NZ', name: 'New Zealand', dialling_code: '64' },
  { id: 784, iso_code: 'AE', name: 'United Arab Emirates', dialling_code: '971' },
  { id: 634, iso_code: 'QA', name: 'Qatar', dialling_code: '974' },
  { id: 702, iso_code: 'SG', name: 'Singapore', dialling_code: '65' },
  { id: 458, iso_code: 'MY', name: 'Malaysia', dialling_code: '60' },
  { id: 462, iso_code: 'MV', name: 'Maldives', dialling_code: '960' },
  { id: 586, iso_code: 'PK', name: 'Pakistan', dialling_code: '92' },
  { id: 50, iso_code: 'BD', name: 'Bangladesh', dialling_code: '880' },
  { id: 682, iso_code: 'SA', name: 'Saudi Arabia', dialling_code: '966' },
  { id: 792, iso_code: 'TR', name: 'Türkiye', dialling_code: '90' },
  { id: 620, iso_code: 'PT', name: 'Portugal', dialling_code: '351' },
  { id: 756, iso_code: 'CH', name: 'Switzerland', dialling_code: '41' },
] as const;

/** UK and Sri Lankan airports of the organisation's core list. */
export const referenceCoreAirports = [
  { iata_code: 'LHR', name: 'London Heathrow', country_id: 826, time_zone: 'Europe/London' },
  { iata_code: 'LGW', name: 'London Gatwick', country_id: 826, time_zone: 'Europe/London' },
  { iata_code: 'STN', name: 'London Stansted', country_id: 826, time_zone: 'Europe/London' },
  { iata_code: 'LTN', name: 'London Luton', country_id: 826, time_zone: 'Europe/London' },
  { iata_code: 'MAN', name: 'Manchester', country_id: 826, time_zone: 'Europe/London' },
  { iata_code: 'BHX', name: 'Birmingham', country_id: 826, time_zone: 'Europe/London' },
  { iata_code: 'EDI', name: 'Edinburgh', country_id: 826, time_zone: 'Europe/London' },
  { iata_code: 'CMB', name: 'Colombo Bandaranaike', country_id: 94, time_zone: 'Asia/Colombo' },
  { iata_code: 'HRI', name: 'Mattala Rajapaksa', country_id: 94, time_zone: 'Asia/Colombo' },
  { iata_code: 'JAF', name: 'Jaffna', country_id: 94, time_zone: 'Asia/Colombo' },
] as const;

/** Loads reference data into every database; rows already there are left as they are. */
export async function seedReferenceData(db: Db): Promise<void> {
  await db
    .insert(countries)
    .values([...referenceCountries])
    .onConflictDoNothing();
  await db
    .insert(coreAirports)
    .values(referenceCoreAirports.map((airport) => ({ ...airport })))
    .onConflictDoNothing({ target: coreAirports.iata_code });
}
