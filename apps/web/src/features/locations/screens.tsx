import { Anchor, Fieldset, Group, NativeSelect, NumberInput, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  type CoreLocation,
  coreLocationCreateSchema,
  coreLocationUpdateSchema,
  type Location,
  type LocationType,
  locationCreateSchema,
  locationUpdateSchema,
  MAX_ARRIVAL_INSTRUCTIONS,
  MAX_SLOT_LIMIT,
} from '@ps/contracts';
import { useParams } from '@tanstack/react-router';
import type { ClipboardEvent } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CrudCreatePage, CrudEditPage, crudScreens } from '../../components/CrudPages';
import { IconExternalLink } from '../../components/icons';
import type { KitColumn } from '../../components/ListKit';
import { keyboardScrollable } from '../../components/ReferenceSelects';
import type { CsvColumn } from '../../lib/csv';
import { type Scope, screenHref } from '../../lib/features';
import { formatNumber } from '../../lib/format';
import { translateMessage } from '../../lib/i18n';
import { getCompanyId } from '../../lib/session';
import { coreLocationsResource, locationsResource, useAirports, useCoreLocationChoices } from './api';
import { LocationList } from './LocationList';
import {
  type CoreLocationListSearch,
  LOCATION_TYPES,
  type LocationListSearch,
  validateCoreLocationSearch,
  validateLocationSearch,
} from './search';

/** What a company location and a core location share, and so how both lists show them. */
type Place = Pick<Location, 'id' | 'name' | 'type' | 'address' | 'latitude' | 'longitude' | 'capacity' | 'status'>;

/** The fields of both forms: a company location has `airport_id`, a core location `core_airport_id`. */
export interface LocationFormValues {
  airport_id?: number;
  core_airport_id?: number;
  core_location_id?: number | null;
  name: string;
  type?: LocationType;
  address?: string | null;
  arrival_instructions?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  capacity?: number;
  departure_slot_limit?: number | null;
  arrival_slot_limit?: number | null;
  status?: 0 | 1;
}
type LocationForm = UseFormReturn<LocationFormValues, unknown, unknown>;

/** The list's columns; `airport` is the company's airport or the core airport. */
function columns<Row extends Place>(t: (key: string) => string, airport: KitColumn<Row>): KitColumn<Row>[] {
  return [
    {
      accessor: 'name',
      title: t('locations.fields.name'),
      sortable: true,
      hideInCard: true,
      render: (place) => (
        <Stack gap={0}>
          <Text fw={600} c="var(--ps-color-bold)">
            {place.name}
          </Text>
          {place.address ? (
            <Text size="sm" c="dimmed">
              {place.address}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    airport,
    {
      accessor: 'type',
      title: t('locations.fields.type'),
      sortable: true,
      hideInCard: true,
      render: (place) => t(`locations.types.${place.type}`),
    },
    {
      accessor: 'capacity',
      title: t('locations.fields.capacity'),
      sortable: true,
      render: (place) => <Capacity capacity={place.capacity} />,
    },
    { accessor: 'coordinates', title: t('locations.fields.coordinates'), render: (place) => <Coordinates place={place} /> },
  ];
}

/** "LHR London Heathrow", the code in monospace. */
const airportCell = (code: string, name: string) => (
  <Text size="sm">
    <Text span ff="monospace" fw={700}>
      {code}
    </Text>{' '}
    {name}
  </Text>
);

/** "800 spaces", or "Not a car park" for 0. */
function Capacity({ capacity }: { capacity: number }) {
  const { t } = useTranslation();
  return capacity > 0 ? (
    t('locations.spaces', { count: capacity })
  ) : (
    <Text span size="sm" c="dimmed">
      {t('locations.notCarPark')}
    </Text>
  );
}

/** OpenStreetMap's page for a point (no tiles are loaded here: the link opens the map in a new tab). */
const mapHref = (latitude: number, longitude: number) =>
  `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;

/** A location's coordinates ("51.4723, -0.4887" in the user's locale, up to six decimals) with a link to the map, or "Not given". */
function Coordinates({ place }: { place: Pick<Place, 'name' | 'latitude' | 'longitude'> }) {
  const { t } = useTranslation();
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
        {`${formatNumber(place.latitude, 6)}, ${formatNumber(place.longitude, 6)}`}
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

/** The export's columns: translated headers and types, status as words. */
function csv<Row extends Place>(t: (key: string) => string, airportOf: (row: Row) => string): CsvColumn<Row>[] {
  return [
    { title: t('locations.fields.name'), value: (row) => row.name },
    { title: t('locations.fields.airport'), value: airportOf },
    { title: t('locations.fields.type'), value: (row) => t(`locations.types.${row.type}`) },
    { title: t('locations.fields.address'), value: (row) => row.address ?? '' },
    { title: t('locations.fields.latitude'), value: (row) => row.latitude },
    { title: t('locations.fields.longitude'), value: (row) => row.longitude },
    { title: t('locations.fields.capacity'), value: (row) => row.capacity },
    { title: t('locations.fields.status'), value: (row) => (row.status === 1 ? t('status.active') : t('status.inactive')) },
  ];
}

/** A card's title: the name and the type. */
function cardTitle(place: Place) {
  return <CardTitle place={place} />;
}

function CardTitle({ place }: { place: Place }) {
  const { t } = useTranslation();
  return (
    <Stack gap={0}>
      <Text fw={700} c="var(--ps-color-title)">
        {place.name}
      </Text>
      <Text size="sm">{t(`locations.types.${place.type}`)}</Text>
    </Stack>
  );
}

/** The airport and type filters; the airports are the company's or the core ones. */
function Filters({
  scope,
  airport,
  type,
  onAirport,
  onType,
}: {
  scope: Scope;
  airport: number | undefined;
  type: LocationType | undefined;
  onAirport: (id: number | undefined) => void;
  onType: (type: LocationType | undefined) => void;
}) {
  const { t } = useTranslation();
  const airports = useAirports(scope);
  const options = [
    { value: '', label: t('locations.allAirports') },
    ...(airports.data?.records ?? []).map((choice) => ({ value: String(choice.id), label: `${choice.iata_code} – ${choice.name}` })),
  ];
  // A filter for an airport the list does not know (deleted since) still shows as chosen.
  if (airport !== undefined && !options.some((option) => option.value === String(airport))) {
    options.push({ value: String(airport), label: `#${airport}` });
  }
  return (
    <>
      <NativeSelect
        size="md"
        label={t('locations.airportFilter')}
        data={options}
        value={airport === undefined ? '' : String(airport)}
        onChange={(event) => onAirport(event.currentTarget.value ? Number(event.currentTarget.value) : undefined)}
        style={{ flex: '1 1 200px' }}
      />
      <NativeSelect
        size="md"
        label={t('locations.typeFilter')}
        data={[
          { value: '', label: t('locations.allTypes') },
          ...LOCATION_TYPES.map((value) => ({ value, label: t(`locations.types.${value}`) })),
        ]}
        value={type ?? ''}
        onChange={(event) => onType((event.currentTarget.value || undefined) as LocationType | undefined)}
        style={{ flex: '1 1 160px' }}
      />
    </>
  );
}

/** What both forms start from, and the fields the API may name in a 400. */
const form = {
  empty: { name: '', address: '', latitude: null, longitude: null, capacity: 0, status: 1 } satisfies LocationFormValues,
  serverFields: [
    'airport_id',
    'core_airport_id',
    'core_location_id',
    'name',
    'type',
    'address',
    'arrival_instructions',
    'latitude',
    'longitude',
    'capacity',
    'departure_slot_limit',
    'arrival_slot_limit',
    'status',
  ] as const,
};

/** A record's values as the forms edit them, but its airport. */
const placeValues = (place: Place) => ({
  name: place.name,
  type: place.type,
  address: place.address ?? '',
  latitude: place.latitude,
  longitude: place.longitude,
  capacity: place.capacity,
  status: place.status,
});

/** The company's car parks, terminal drop-off points and meeting points, filtered by airport, type and status. */
export const locationScreens = crudScreens<
  Location,
  LocationListSearch,
  LocationFormValues,
  typeof locationCreateSchema,
  typeof locationUpdateSchema
>({
  resource: locationsResource,
  messages: 'locations',
  permission: 'locations',
  scope: 'company',
  path: '/locations',
  idParam: 'locationId',
  nameOf: (location) => location.name,
  list: {
    validateSearch: validateLocationSearch,
    defaultSort: 'name',
    columns: (t) =>
      columns(t, {
        accessor: 'airport_iata_code',
        title: t('locations.fields.airport'),
        sortable: true,
        render: (location) => airportCell(location.airport_iata_code, location.airport_name),
      }),
    csv: (t) => csv(t, (location) => `${location.airport_iata_code} – ${location.airport_name}`),
    filters: (search, setSearch) => (
      <Filters
        scope="company"
        airport={search.airport_id}
        type={search.type}
        onAirport={(airport_id) => setSearch({ airport_id })}
        onType={(type) => setSearch({ type })}
      />
    ),
    filtered: (search) => search.airport_id !== undefined || search.type !== undefined,
    cardTitle,
  },
  form: {
    ...form,
    createSchema: locationCreateSchema,
    updateSchema: locationUpdateSchema,
    valuesOf: (location) => ({
      airport_id: location.airport_id,
      ...placeValues(location),
      arrival_instructions: location.arrival_instructions ?? '',
      departure_slot_limit: location.departure_slot_limit,
      arrival_slot_limit: location.arrival_slot_limit,
    }),
    fields: (location) => <LocationFields form={location} scope="company" />,
  },
});

/** The organisation's master locations at its core airports: companies pick their locations from them. */
export const coreLocationScreens = crudScreens<
  CoreLocation,
  CoreLocationListSearch,
  LocationFormValues,
  typeof coreLocationCreateSchema,
  typeof coreLocationUpdateSchema
>({
  resource: coreLocationsResource,
  messages: 'coreLocations',
  permission: 'core_locations',
  scope: 'org',
  path: '/core-locations',
  idParam: 'locationId',
  nameOf: (location) => location.name,
  list: {
    validateSearch: validateCoreLocationSearch,
    defaultSort: 'name',
    columns: (t) =>
      columns(t, {
        accessor: 'core_airport_iata_code',
        title: t('locations.fields.airport'),
        sortable: true,
        render: (location) => airportCell(location.core_airport_iata_code, location.core_airport_name),
      }),
    csv: (t) => csv(t, (location) => `${location.core_airport_iata_code} – ${location.core_airport_name}`),
    filters: (search, setSearch) => (
      <Filters
        scope="org"
        airport={search.core_airport_id}
        type={search.type}
        onAirport={(core_airport_id) => setSearch({ core_airport_id })}
        onType={(type) => setSearch({ type })}
      />
    ),
    filtered: (search) => search.core_airport_id !== undefined || search.type !== undefined,
    cardTitle,
  },
  form: {
    ...form,
    createSchema: coreLocationCreateSchema,
    updateSchema: coreLocationUpdateSchema,
    valuesOf: (location) => ({ core_airport_id: location.core_airport_id, ...placeValues(location) }),
    fields: (location) => <LocationFields form={location} scope="org" />,
  },
});

/** "51.4723, -0.4887" pasted into the latitude fills both fields (as maps copy a point). */
const PASTED_POINT = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*[,;\s]\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;

/** A number field's value for the schema: empty is null (no coordinates), a half-typed value stays text. */
const numberOrNull = (value: number | string) =>
  value === '' ? null : typeof value === 'number' ? value : Number.isFinite(Number(value)) ? Number(value) : value;

/**
 * The fields of both forms. A company location is at one of the company's active airports (an edited one's own
 * airport stays offered if it was deactivated since), and its add form can start from a core location; a core
 * location is at any core airport.
 */
function LocationFields({ form, scope }: { form: LocationForm; scope: Scope }) {
  const { t } = useTranslation();
  const { locationId } = useParams({ strict: false }) as Record<string, string | undefined>;
  const creating = scope === 'company' && locationId === undefined;
  const airportField = scope === 'org' ? 'core_airport_id' : 'airport_id';
  const airports = useAirports(scope);
  const current = form.formState.defaultValues?.airport_id;
  const choices = (airports.data?.records ?? []).filter((airport) => scope === 'org' || airport.status === 1 || airport.id === current);
  const {
    control,
    register,
    setValue,
    watch,
    formState: { errors },
  } = form;
  const error = (message: unknown) => translateMessage(typeof message === 'string' ? message : undefined);
  const [name, latitude, longitude] = watch(['name', 'latitude', 'longitude']);
  const pastePoint = (event: ClipboardEvent<HTMLInputElement>) => {
    const match = PASTED_POINT.exec(event.clipboardData.getData('text'));
    if (!match) return;
    event.preventDefault();
    setValue('latitude', Number(match[1]), { shouldDirty: true, shouldValidate: true });
    setValue('longitude', Number(match[2]), { shouldDirty: true, shouldValidate: true });
  };

  return (
    <>
      {creating ? <CoreLocationPicker form={form} airportOf={(code) => choices.find((airport) => airport.iata_code === code)?.id} /> : null}
      {creating && !airports.isLoading && choices.length === 0 ? (
        <Text c="red.8" role="alert">
          {t('locations.form.noAirports')}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Controller
          control={control}
          name={airportField}
          render={({ field }) => (
            <Select
              label={t('locations.fields.airport')}
              description={t(scope === 'org' ? 'coreLocations.form.airportHint' : 'locations.form.airportHint')}
              placeholder={airports.isLoading ? t('app.loading') : t('locations.form.chooseAirport')}
              required
              searchable
              nothingFoundMessage={t('common.nothingFound')}
              {...keyboardScrollable}
              data={choices.map((airport) => ({ value: String(airport.id), label: `${airport.iata_code} – ${airport.name}` }))}
              disabled={airports.isLoading}
              name={field.name}
              ref={field.ref}
              value={field.value ? String(field.value) : null}
              onBlur={field.onBlur}
              onChange={(value) => field.onChange(value ? Number(value) : undefined)}
              error={error(errors[airportField]?.message)}
            />
          )}
        />
        <TextInput
          label={t('locations.fields.name')}
          description={t('locations.form.nameHint')}
          required
          autoComplete="off"
          error={error(errors.name?.message)}
          {...register('name')}
        />
        <Controller
          control={control}
          name="type"
          render={({ field }) => (
            <Select
              label={t('locations.fields.type')}
              placeholder={t('locations.form.chooseType')}
              required
              allowDeselect={false}
              data={LOCATION_TYPES.map((type) => ({ value: type, label: t(`locations.types.${type}`) }))}
              name={field.name}
              ref={field.ref}
              value={field.value ?? null}
              onBlur={field.onBlur}
              onChange={(value) => field.onChange(value ?? undefined)}
              error={error(errors.type?.message)}
            />
          )}
        />
        <Controller
          control={control}
          name="capacity"
          render={({ field }) => (
            <NumberInput
              label={t('locations.fields.capacity')}
              description={t('locations.form.capacityHint')}
              min={0}
              max={100_000}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator={false}
              name={field.name}
              ref={field.ref}
              value={field.value ?? ''}
              onBlur={field.onBlur}
              onChange={(value) => field.onChange(value === '' ? undefined : numberOrNull(value))}
              error={error(errors.capacity?.message)}
            />
          )}
        />
      </SimpleGrid>
      <Textarea
        label={t('locations.fields.address')}
        description={t('locations.form.addressHint')}
        autosize
        minRows={2}
        maxRows={4}
        error={error(errors.address?.message)}
        {...register('address')}
      />
      {scope === 'company' ? (
        <Fieldset legend={t('locations.form.slotLimits')} radius="md">
          <Stack gap="sm">
            <Text size="sm" id="slot-limits-hint">
              {t('locations.form.slotLimitsHint')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {(['departure_slot_limit', 'arrival_slot_limit'] as const).map((name) => (
                <Controller
                  key={name}
                  control={control}
                  name={name}
                  render={({ field }) => (
                    <NumberInput
                      label={t(`locations.fields.${name === 'departure_slot_limit' ? 'departureSlotLimit' : 'arrivalSlotLimit'}`)}
                      aria-describedby="slot-limits-hint"
                      placeholder={t('locations.form.noSlotLimit')}
                      min={1}
                      max={MAX_SLOT_LIMIT}
                      allowDecimal={false}
                      allowNegative={false}
                      thousandSeparator={false}
                      name={field.name}
                      ref={field.ref}
                      value={field.value ?? ''}
                      onBlur={field.onBlur}
                      onChange={(value) => field.onChange(numberOrNull(value))}
                      error={error(errors[name]?.message)}
                    />
                  )}
                />
              ))}
            </SimpleGrid>
          </Stack>
        </Fieldset>
      ) : null}
      {scope === 'company' ? (
        <Textarea
          label={t('locations.fields.arrivalInstructions')}
          description={t('locations.form.arrivalInstructionsHint')}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={MAX_ARRIVAL_INSTRUCTIONS}
          error={error(errors.arrival_instructions?.message)}
          {...register('arrival_instructions')}
        />
      ) : null}
      <Fieldset legend={t('locations.form.coordinates')} radius="md">
        <Stack gap="sm">
          <Text size="sm" id="coordinates-hint">
            {t('locations.form.coordinatesHint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Controller
              control={control}
              name="latitude"
              render={({ field }) => (
                <NumberInput
                  label={t('locations.fields.latitude')}
                  aria-describedby="coordinates-hint"
                  min={-90}
                  max={90}
                  decimalScale={7}
                  thousandSeparator={false}
                  hideControls
                  inputMode="decimal"
                  name={field.name}
                  ref={field.ref}
                  value={field.value ?? ''}
                  onBlur={field.onBlur}
                  onPaste={pastePoint}
                  onChange={(value) => field.onChange(numberOrNull(value))}
                  error={error(errors.latitude?.message)}
                />
              )}
            />
            <Controller
              control={control}
              name="longitude"
              render={({ field }) => (
                <NumberInput
                  label={t('locations.fields.longitude')}
                  aria-describedby="coordinates-hint"
                  min={-180}
                  max={180}
                  decimalScale={7}
                  thousandSeparator={false}
                  hideControls
                  inputMode="decimal"
                  name={field.name}
                  ref={field.ref}
                  value={field.value ?? ''}
                  onBlur={field.onBlur}
                  onChange={(value) => field.onChange(numberOrNull(value))}
                  error={error(errors.longitude?.message)}
                />
              )}
            />
          </SimpleGrid>
          {typeof latitude === 'number' && typeof longitude === 'number' ? (
            <Coordinates place={{ name: name || t('locations.fields.coordinates'), latitude, longitude }} />
          ) : null}
        </Stack>
      </Fieldset>
    </>
  );
}

/**
 * "Start from a core location": picking one fills the name, type, address, coordinates and capacity, and the
 * company's own airport with the core airport's code when it has one (`airportOf`).
 */
function CoreLocationPicker({ form, airportOf }: { form: LocationForm; airportOf: (code: string) => number | undefined }) {
  const { t } = useTranslation();
  const core = useCoreLocationChoices();
  const coreId = form.watch('core_location_id');
  const pick = (place: CoreLocation | undefined) => {
    const options = { shouldDirty: true, shouldValidate: false } as const;
    form.setValue('core_location_id', place?.id ?? null, options);
    if (!place) return;
    form.setValue('name', place.name, options);
    form.setValue('type', place.type, options);
    form.setValue('address', place.address, options);
    form.setValue('latitude', place.latitude, options);
    form.setValue('longitude', place.longitude, options);
    form.setValue('capacity', place.capacity, options);
    const airport = airportOf(place.core_airport_iata_code);
    if (airport) form.setValue('airport_id', airport, options);
  };
  return (
    <Select
      label={t('locations.form.fromCore')}
      description={t('locations.form.fromCoreHint')}
      placeholder={core.isLoading ? t('app.loading') : t('locations.form.chooseCore')}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': t('locations.form.clearCore') }}
      nothingFoundMessage={t('common.nothingFound')}
      {...keyboardScrollable}
      data={(core.data?.records ?? []).map((place) => ({
        value: String(place.id),
        label: `${place.core_airport_iata_code} · ${place.name}`,
      }))}
      value={coreId ? String(coreId) : null}
      onChange={(value) => pick(core.data?.records.find((place) => String(place.id) === value))}
      error={translateMessage(form.formState.errors.core_location_id?.message)}
    />
  );
}

export function LocationsListPage() {
  const { t } = useTranslation();
  const airports = useAirports('company');
  const noAirports = airports.data?.total === 0;
  return (
    <LocationList
      screens={locationScreens}
      empty={noAirports ? 'locations.emptyNoAirports' : undefined}
      // A location is at an airport: without one, the empty list leads to adding it.
      emptyAction={
        noAirports
          ? {
              to: screenHref('company', '/airports/new', getCompanyId()),
              label: t('locations.addAirportFirst'),
              permission: 'airports.create',
            }
          : undefined
      }
    />
  );
}
export const LocationCreatePage = () => <CrudCreatePage screens={locationScreens} />;
export const LocationEditPage = () => <CrudEditPage screens={locationScreens} />;
export const CoreLocationsPage = () => <LocationList screens={coreLocationScreens} intro />;
export const CoreLocationCreatePage = () => <CrudCreatePage screens={coreLocationScreens} />;
export const CoreLocationEditPage = () => <CrudEditPage screens={coreLocationScreens} />;
