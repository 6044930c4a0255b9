import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Title } from '@mantine/core';
import {
  type LocationPriceCreate,
  type LocationPriceCreateInput,
  type LocationPriceUpdate,
  locationPriceCreateSchema,
  locationPriceUpdateSchema,
} from '@ps/contracts';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { Controller, type Resolver, type UseFormSetError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { UnsavedChangesDialog } from '../../components/ConfirmDialog';
import { BackToListLink } from '../../components/FormKit';
import { MoneyInput } from '../../components/MoneyInput';
import { RecordState } from '../../components/RecordState';
import { keyboardScrollable } from '../../components/ReferenceSelects';
import { useMoney } from '../../lib/format';
import { applyConflictErrors, applyServerFieldErrors, sameNameField, useFormToasts, useUnsavedChangesGuard } from '../../lib/forms';
import { translateMessage } from '../../lib/i18n';
import { backToList } from '../../lib/listReturn';
import { usePageTitle } from '../../lib/pageTitle';
import { locationPricesResource, useAirportChoices, useBandChoices, useBandTypes, useLocationChoices, useMonths } from './api';
import { routeName } from './names';

const newRoute = getRouteApi('/$companyId/location-prices/new');
const editRoute = getRouteApi('/$companyId/location-prices/$priceId/edit');

type FormValues = LocationPriceCreateInput;
const formFields = ['airport_id', 'departure_id', 'arrival_id', 'band_id', 'month', 'price'] as const;
const createResolver = zodResolver(locationPriceCreateSchema);
const updateResolver = zodResolver(locationPriceUpdateSchema) as unknown as Resolver<FormValues, unknown, LocationPriceUpdate>;

function showServerErrors(error: unknown, setError: UseFormSetError<FormValues>) {
  applyServerFieldErrors(error, setError, sameNameField<FormValues>(formFields));
  applyConflictErrors(error, setError, { location_price_taken: 'month' });
}

/** One route price: airport, route, band, month (or every month) and the price, checked by the contract's schema. */
function LocationPriceForm<Output>({
  resolver,
  defaultValues,
  submitLabel,
  cancelHref,
  onSubmit,
}: {
  resolver: Resolver<FormValues, unknown, Output>;
  defaultValues: Partial<FormValues>;
  submitLabel: string;
  cancelHref: string;
  onSubmit: (values: Output, setError: UseFormSetError<FormValues>, allowLeave: () => void) => Promise<void>;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const months = useMonths();
  const types = useBandTypes();
  const {
    control,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<FormValues, unknown, Output>({ resolver, defaultValues });
  const { blocker, allowLeave } = useUnsavedChangesGuard(isDirty && !isSubmitting);
  const airportId = watch('airport_id');
  const airports = useAirportChoices();
  const locations = useLocationChoices(airportId || undefined);
  const bands = useBandChoices();
  const error = (message: string | undefined) => translateMessage(message);
  const typeLabel = (value: string) => types.find((type) => type.value === value)?.label ?? value;
  const locationOptions = (locations.data ?? []).map((location) => ({ value: String(location.id), label: location.name }));
  const idSelect = (
    name: 'airport_id' | 'departure_id' | 'arrival_id' | 'band_id',
    label: string,
    data: { value: string; label: string }[],
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          required
          searchable
          nothingFoundMessage={t('common.nothingFound')}
          {...keyboardScrollable}
          data={data}
          disabled={name !== 'airport_id' && name !== 'band_id' && !airportId}
          name={field.name}
          ref={field.ref}
          value={field.value ? String(field.value) : null}
          onBlur={field.onBlur}
          onChange={(value) => {
            field.onChange(value ? Number(value) : undefined);
            if (name === 'airport_id') {
              setValue('departure_id', undefined as never, { shouldDirty: true });
              setValue('arrival_id', undefined as never, { shouldDirty: true });
            }
          }}
          error={error(errors[name]?.message)}
        />
      )}
    />
  );

  return (
    <Paper
      component="form"
      p={{ base: 'md', sm: 'lg' }}
      radius="md"
      withBorder
      noValidate
      onSubmit={handleSubmit((values) => onSubmit(values, setError, allowLeave))}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {idSelect(
            'airport_id',
            t('prices.fields.airport'),
            (airports.data ?? []).map((airport) => ({ value: String(airport.id), label: `${airport.iata_code} – ${airport.name}` })),
          )}
          {idSelect(
            'band_id',
            t('prices.fields.band'),
            (bands.data ?? []).map((band) => ({ value: String(band.id), label: `${band.name} (${typeLabel(band.type)})` })),
          )}
          {idSelect('departure_id', t('prices.fields.departure'), locationOptions)}
          {idSelect('arrival_id', t('prices.fields.arrival'), locationOptions)}
          <Controller
            control={control}
            name="month"
            render={({ field }) => (
              <Select
                label={t('prices.fields.month')}
                description={t('prices.form.monthHint')}
                required
                {...keyboardScrollable}
                data={[
                  { value: 'every', label: t('prices.grid.everyMonth') },
                  ...months.map((month) => ({ value: String(month.id), label: month.name })),
                ]}
                allowDeselect={false}
                name={field.name}
                ref={field.ref}
                value={field.value === null || field.value === undefined ? 'every' : String(field.value)}
                onBlur={field.onBlur}
                onChange={(value) => field.onChange(value === 'every' || value === null ? null : Number(value))}
                error={error(errors.month?.message)}
              />
            )}
          />
          <Controller
            control={control}
            name="price"
            render={({ field }) => (
              <MoneyInput
                label={t('prices.fields.price')}
                description={t('prices.form.priceHint')}
                required
                currency={money.currency}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(minor) => field.onChange(minor ?? undefined)}
                error={error(errors.price?.message)}
              />
            )}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" component={Link} to={cancelHref} className="ps-primary-action">
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting} className="ps-primary-action">
            {submitLabel}
          </Button>
        </Group>
      </Stack>
      <UnsavedChangesDialog blocked={blocker.status === 'blocked'} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
    </Paper>
  );
}

export function LocationPriceCreatePage() {
  const { t } = useTranslation();
  usePageTitle(t('prices.form.createTitle'));
  const { companyId } = newRoute.useParams();
  const navigate = useNavigate();
  const create = locationPricesResource.useCreate();
  const toasts = useFormToasts();
  return (
    <Stack gap="md" maw={960}>
      <BackToListLink path={`/${companyId}/location-prices`} label={t('prices.form.backToList')} />
      <Title order={1} size="h2">
        {t('prices.form.createTitle')}
      </Title>
      <LocationPriceForm<LocationPriceCreate>
        resolver={createResolver}
        cancelHref={`/${companyId}/location-prices`}
        defaultValues={{ month: null }}
        submitLabel={t('prices.form.create')}
        onSubmit={async (values, setError, allowLeave) => {
          try {
            const price = await create.mutateAsync(values);
            toasts.success(t('prices.form.created', { route: routeName(price), band: price.band_name }));
            allowLeave();
            await navigate(backToList(`/${companyId}/location-prices`));
          } catch (error) {
            toasts.error(error);
            showServerErrors(error, setError);
          }
        }}
      />
    </Stack>
  );
}

export function LocationPriceEditPage() {
  const { t } = useTranslation();
  const { companyId, priceId } = editRoute.useParams();
  const id = Number(priceId);
  const navigate = useNavigate();
  const price = locationPricesResource.useOne(id);
  const update = locationPricesResource.useUpdate(id);
  const toasts = useFormToasts();
  usePageTitle(t('prices.form.editTitle'));
  return (
    <Stack gap="md" maw={960}>
      <BackToListLink path={`/${companyId}/location-prices`} label={t('prices.form.backToList')} />
      <Title order={1} size="h2">
        {t('prices.form.editTitle')}
      </Title>
      <RecordState query={price} notFoundTitle={t('prices.form.notFound')}>
        {(current) => (
          <LocationPriceForm<LocationPriceUpdate>
            key={current.id}
            resolver={updateResolver}
            cancelHref={`/${companyId}/location-prices`}
            defaultValues={{
              airport_id: current.airport_id,
              departure_id: current.departure_id,
              arrival_id: current.arrival_id,
              band_id: current.band_id,
              month: current.month,
              price: current.price,
            }}
            submitLabel={t('prices.form.save')}
            onSubmit={async (values, setError, allowLeave) => {
              try {
                const saved = await update.mutateAsync(values);
                toasts.success(t('prices.form.updated', { route: routeName(saved), band: saved.band_name }));
                allowLeave();
                await navigate(backToList(`/${companyId}/location-prices`));
              } catch (error) {
                toasts.error(error);
                showServerErrors(error, setError);
              }
            }}
          />
        )}
      </RecordState>
    </Stack>
  );
}
