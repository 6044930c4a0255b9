// The lists the booking form offers (airports, the route's locations or car parks, packages, services, agencies),
// each as a select's options with whether it is still loading or has failed.
import type { Booking } from '@ps/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../lib/format';
import { useAgencies, type useAirports, useLocations, usePackages, useServices } from './api.choices';

export interface Choices {
  options: { value: string; label: string }[];
  isLoading: boolean;
  isError: boolean;
}

function choicesOf<Row>(query: UseQueryResult<Row[]>, optionOf: (row: Row) => Choices['options'][number]): Choices {
  return { options: (query.data ?? []).map(optionOf), isLoading: query.isLoading, isError: query.isError };
}

interface ChoicesInput {
  /** Loaded by the form itself, which needs the airports' time zones. */
  airports: ReturnType<typeof useAirports>;
  airportId: number | null;
  /** Park and ride starts and ends at a car park: only the airport's car parks are offered. */
  parkRide: boolean;
  /** The agencies are loaded only once the form asks for one. */
  agencyAsked: boolean;
  /** The edited booking, whose agency may no longer be active. */
  current?: Booking;
}

export function useBookingFormChoices({ airports, airportId, parkRide, agencyAsked, current }: ChoicesInput) {
  const { t } = useTranslation();
  const { format } = useMoney();
  const packages = usePackages();
  const services = useServices();
  const agencies = useAgencies(agencyAsked);
  const locations = useLocations(airportId ?? undefined, { carParksOnly: parkRide });

  const agencyChoices = choicesOf(agencies, (agency) => ({ value: String(agency.id), label: agency.name }));
  // The booking's own agency stays on the list when it is no longer active.
  if (current?.agency_id && current.agency_name && !agencies.data?.some((agency) => agency.id === current.agency_id)) {
    agencyChoices.options.push({ value: String(current.agency_id), label: current.agency_name });
  }
  return {
    airports: choicesOf(airports, (airport) => ({ value: String(airport.id), label: `${airport.iata_code} · ${airport.name}` })),
    locations: choicesOf(locations, (location) => ({ value: String(location.id), label: location.name })),
    packages: choicesOf(packages, (pkg) => ({
      value: String(pkg.id),
      label: `${pkg.name} (${t(`labels.bandTypes.${pkg.type}`)}, +${format(pkg.price)})`,
    })),
    services: choicesOf(services, (service) => ({ value: String(service.id), label: `${service.name} (+${format(service.price)})` })),
    agencies: agencyChoices,
  };
}
