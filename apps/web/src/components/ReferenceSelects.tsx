import { Select, type SelectProps } from '@mantine/core';
import type { Country } from '@ps/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountryName } from '../lib/countryNames';
import { timeZoneOptions } from '../lib/timeZones';

/**
 * The dropdown's list can be scrolled from the keyboard: arrow keys move through the options (the combobox
 * pattern), and the scrolling region itself takes focus too (axe: scrollable-region-focusable). The region is
 * a `group` of the listbox, the one kind of child a listbox may have besides options (axe:
 * aria-required-children).
 */
export const keyboardScrollable: Pick<SelectProps, 'scrollAreaProps' | 'maxDropdownHeight'> = {
  maxDropdownHeight: 280,
  scrollAreaProps: { viewportProps: { tabIndex: 0, role: 'group' } },
};

type BaseProps = Omit<SelectProps, 'data' | 'value' | 'onChange'>;

/** Every country, named in the user's language and sorted in it. */
export function CountrySelect({
  countries,
  value,
  onChange,
  ...props
}: BaseProps & { countries: Country[] | undefined; value: number | undefined; onChange: (country: Country | undefined) => void }) {
  const { i18n } = useTranslation();
  const countryName = useCountryName();
  const options = useMemo(
    () =>
      (countries ?? [])
        .map((country) => ({ value: String(country.id), label: countryName(country.iso_code, country.name) }))
        .sort((a, b) => a.label.localeCompare(b.label, i18n.language)),
    [countries, countryName, i18n.language],
  );
  return (
    <Select
      searchable
      {...keyboardScrollable}
      {...props}
      data={options}
      value={value ? String(value) : null}
      onChange={(next) => onChange(countries?.find((country) => String(country.id) === next))}
    />
  );
}

/**
 * Time zones: the chosen country's first, then all others; labelled in the user's language and searchable by
 * city ("Kolkata", "Buenos Aires") or by IANA name.
 */
export function TimeZoneSelect({
  countryIso,
  value,
  onChange,
  ...props
}: BaseProps & { countryIso: string | undefined; value: string | undefined; onChange: (zone: string) => void }) {
  const { t, i18n } = useTranslation();
  const countryName = useCountryName();
  const data = useMemo(() => {
    const { first, rest } = timeZoneOptions(i18n.language, countryIso, value || undefined);
    if (first.length === 0) return rest;
    return [
      { group: countryIso ? t('kit.timeZones.ofCountry', { country: countryName(countryIso, countryIso) }) : '', items: first },
      { group: t('kit.timeZones.others'), items: rest },
    ];
  }, [i18n.language, countryIso, value, t, countryName]);
  return (
    <Select
      searchable
      // The country's zones and the first others; typing a city finds any of the 400-odd.
      limit={150}
      {...keyboardScrollable}
      {...props}
      data={data}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
    />
  );
}

/** A choice of one record by its id: the value is the id as a number, or null when nothing is chosen. */
export function IdSelect({
  value,
  onChange,
  ...props
}: Omit<SelectProps, 'value' | 'onChange'> & { value: number | null | undefined; onChange: (id: number | null) => void }) {
  return (
    <Select
      searchable
      {...keyboardScrollable}
      {...props}
      value={value ? String(value) : null}
      onChange={(next) => onChange(next ? Number(next) : null)}
    />
  );
}
