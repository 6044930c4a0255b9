import {
  ActionIcon,
  Badge,
  Button,
  Chip,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { bandTypes } from '@ps/contracts';
import {
  type PriceRule,
  type PriceRuleCreateInput,
  type PriceRuleKind,
  priceRuleCreateSchema,
  priceRuleKinds,
  priceRuleSimulationEndpoints,
  priceRuleSortFields,
  priceRuleUpdateSchema,
} from '@ps/contracts/priceRules';
import { Link } from '@tanstack/react-router';
import { type Control, Controller, type FieldValues, get, type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CrudCreatePage, CrudEditPage, CrudListPage, crudScreens } from '../../components/CrudPages';
import { IconTrash } from '../../components/icons';
import { screenHref } from '../../lib/features';
import { useCanCall } from '../../lib/finance';
import { formatDayRange, formatNumber, formatWeekday } from '../../lib/format';
import { translateMessage } from '../../lib/i18n';
import { parseStatusListSearch } from '../../lib/listSearch';
import { getCompanyId } from '../../lib/session';
import { priceRulesResource, useRuleLocations } from './api';

/** A percent as a rule writes it: "+10 %", "−15 %". */
export function signedPercent(percent: number): string {
  return `${percent > 0 ? '+' : '−'}${formatNumber(Math.abs(percent))} %`;
}

/** The rule's effect in a few words, in the user's language (the list's "what it does"). */
export function RuleSummary({ rule }: { rule: Pick<PriceRule, 'kind' | 'config'> }) {
  const { t } = useTranslation();
  const config = rule.config as Record<string, unknown>;
  switch (rule.kind) {
    case 'occupancy':
      return (config.steps as Array<{ above: number; percent: number }>)
        .map((step) => t('priceRules.summary.occupancy', { above: step.above, percent: signedPercent(step.percent) }))
        .join('; ');
    case 'lead_time':
      return config.mode === 'early_bird'
        ? t('priceRules.summary.early_bird', { count: Number(config.days), percent: signedPercent(Number(config.percent)) })
        : t('priceRules.summary.last_minute', { count: Number(config.hours), percent: signedPercent(Number(config.percent)) });
    case 'days': {
      const days = [
        ...(config.weekdays as number[]).map((day) => formatWeekday(day)),
        ...(config.dates as string[]).map((day) => formatDayRange(day, day)),
      ].join(', ');
      return t('priceRules.summary.days', { days, percent: signedPercent(Number(config.percent)) });
    }
    case 'min_stay':
      return t('priceRules.summary.min_stay', { count: Number(config.min_days) });
    case 'blackout':
      return t('priceRules.summary.blackout', { days: (config.dates as string[]).map((day) => formatDayRange(day, day)).join(', ') });
  }
}

/** A new rule's config of each kind: what the form shows when the kind is chosen. */
const defaultConfigs: Record<PriceRuleKind, Record<string, unknown>> = {
  occupancy: { steps: [{ above: 80, percent: 10 }] },
  lead_time: { mode: 'early_bird', days: 30, percent: -10 },
  days: { weekdays: [], dates: [], percent: 10 },
  min_stay: { min_days: 3 },
  blackout: { dates: [] },
};

/** A company's price rules, in their order: on top of the price grid (issue 24). */
export const priceRuleScreens = crudScreens({
  resource: priceRulesResource,
  messages: 'priceRules',
  permission: 'price_rules',
  scope: 'company',
  path: '/price-rules',
  idParam: 'priceRuleId',
  nameOf: (record) => record.name,
  list: {
    validateSearch: (raw) => parseStatusListSearch(raw, priceRuleSortFields),
    defaultSort: 'position',
    headerActions: () => <SimulateLink />,
    columns: (t) => [
      { accessor: 'position', title: t('priceRules.fields.position'), sortable: true },
      {
        accessor: 'name',
        title: t('priceRules.fields.name'),
        sortable: true,
        hideInCard: true,
        render: (record) => (
          <Text fw={600} c="var(--ps-color-bold)">
            {record.name}
          </Text>
        ),
      },
      { accessor: 'kind', title: t('priceRules.fields.kind'), sortable: true, render: (record) => t(`priceRules.kinds.${record.kind}`) },
      { accessor: 'config', title: t('priceRules.fields.effect'), render: (record) => <RuleSummary rule={record} /> },
      {
        accessor: 'valid_from',
        title: t('priceRules.fields.dates'),
        sortable: true,
        render: (record) => formatDayRange(record.valid_from, record.valid_to),
      },
    ],
    csv: (t) => [
      { title: t('priceRules.fields.position'), value: (record) => String(record.position) },
      { title: t('priceRules.fields.name'), value: (record) => record.name },
      { title: t('priceRules.fields.kind'), value: (record) => t(`priceRules.kinds.${record.kind}`) },
      { title: t('priceRules.fields.valid_from'), value: (record) => record.valid_from },
      { title: t('priceRules.fields.valid_to'), value: (record) => record.valid_to },
      { title: t('priceRules.fields.status'), value: (record) => (record.status === 1 ? t('status.active') : t('status.inactive')) },
    ],
  },
  form: {
    createSchema: priceRuleCreateSchema,
    updateSchema: priceRuleUpdateSchema,
    empty: {
      name: '',
      position: 1,
      valid_from: '',
      valid_to: '',
      location_ids: [],
      band_types: [],
      kind: 'days',
      config: defaultConfigs.days,
      notes: '',
      status: 0,
    },
    valuesOf: (record) => ({
      name: record.name,
      position: record.position,
      valid_from: record.valid_from,
      valid_to: record.valid_to,
      location_ids: record.location_ids,
      band_types: record.band_types,
      kind: record.kind,
      config: record.config,
      notes: record.notes ?? '',
      status: record.status,
    }),
    serverFields: ['name', 'position', 'valid_from', 'valid_to', 'location_ids', 'band_types', 'kind', 'config', 'notes', 'status'],
    conflicts: { name_taken: 'name' },
    fields: (form: UseFormReturn<PriceRuleCreateInput, unknown, unknown>) => <PriceRuleFields form={form} />,
  },
});

/** The simulation is money throughout (what bookings paid and would pay): only for a role that may see money. */
function SimulateLink() {
  const { t } = useTranslation();
  const canCall = useCanCall();
  if (!canCall(priceRuleSimulationEndpoints.simulate)) return null;
  return (
    <Button component={Link} to={screenHref('company', '/price-rules/simulate', getCompanyId())} variant="default" size="md">
      {t('priceRules.simulate')}
    </Button>
  );
}

function PriceRuleFields({ form }: { form: UseFormReturn<PriceRuleCreateInput, unknown, unknown> }) {
  const { t } = useTranslation();
  const {
    register,
    control,
    setValue,
    formState: { errors },
  } = form;
  const error = (message: unknown) => translateMessage(typeof message === 'string' ? message : undefined);
  const locations = useRuleLocations();
  const kind = useWatch({ control, name: 'kind' }) as PriceRuleKind;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <TextInput
          label={t('priceRules.fields.name')}
          description={t('priceRules.form.nameHint')}
          required
          autoComplete="off"
          error={error(errors.name?.message)}
          {...register('name')}
        />
        <Controller
          control={control}
          name="position"
          render={({ field }) => (
            <NumberInput
              label={t('priceRules.fields.position')}
              description={t('priceRules.form.positionHint')}
              required
              min={1}
              max={1000}
              allowDecimal={false}
              allowNegative={false}
              name={field.name}
              ref={field.ref}
              value={field.value ?? ''}
              onBlur={field.onBlur}
              onChange={(value) => field.onChange(value === '' ? undefined : Number(value))}
              error={error(errors.position?.message)}
            />
          )}
        />
        <TextInput
          type="date"
          label={t('priceRules.fields.valid_from')}
          description={t('priceRules.form.datesHint')}
          required
          error={error(errors.valid_from?.message)}
          {...register('valid_from')}
        />
        <TextInput
          type="date"
          label={t('priceRules.fields.valid_to')}
          required
          error={error(errors.valid_to?.message)}
          {...register('valid_to')}
        />
        <Controller
          control={control}
          name="location_ids"
          render={({ field }) => (
            <MultiSelect
              label={t('priceRules.fields.location_ids')}
              description={t('priceRules.form.locationsHint')}
              placeholder={field.value?.length ? undefined : t('priceRules.form.all')}
              searchable
              clearable
              data={(locations.data ?? []).map((location) => ({ value: String(location.id), label: location.name }))}
              value={(field.value ?? []).map(String)}
              onChange={(values) => field.onChange(values.map(Number))}
              onBlur={field.onBlur}
              error={error(errors.location_ids?.message)}
            />
          )}
        />
        <Controller
          control={control}
          name="band_types"
          render={({ field }) => (
            <MultiSelect
              label={t('priceRules.fields.band_types')}
              description={t('priceRules.form.bandTypesHint')}
              placeholder={field.value?.length ? undefined : t('priceRules.form.all')}
              clearable
              data={bandTypes.map((type) => ({ value: type, label: t(`labels.bandTypes.${type}`) }))}
              value={field.value ?? []}
              onChange={(values) => field.onChange(values)}
              onBlur={field.onBlur}
              error={error(errors.band_types?.message)}
            />
          )}
        />
        <Controller
          control={control}
          name="kind"
          render={({ field }) => (
            <Select
              label={t('priceRules.fields.kind')}
              description={t('priceRules.form.kindHint')}
              required
              allowDeselect={false}
              data={priceRuleKinds.map((value) => ({ value, label: t(`priceRules.kinds.${value}`) }))}
              name={field.name}
              value={field.value}
              onChange={(value) => {
                if (!value || value === field.value) return;
                field.onChange(value);
                setValue('config', defaultConfigs[value as PriceRuleKind], { shouldDirty: true });
              }}
              error={error(errors.kind?.message)}
            />
          )}
        />
      </SimpleGrid>
      <ConfigFields key={kind} kind={kind} control={control as unknown as Control<FieldValues>} errors={errors} />
      <Textarea
        label={t('priceRules.fields.notes')}
        autosize
        minRows={2}
        maxRows={6}
        error={error(errors.notes?.message)}
        {...register('notes')}
      />
    </Stack>
  );
}

/** The message of the error at a path inside the form's errors (`config.steps.0.above`), if any. */
function errorAt(errors: unknown, path: string): string | undefined {
  const found = get(errors, path) as { message?: unknown } | undefined;
  return typeof found?.message === 'string' ? found.message : undefined;
}

/** A whole-number input bound to a path inside `config`. */
function WholeNumber({
  control,
  name,
  label,
  description,
  errors,
  min,
  max,
}: {
  control: Control<FieldValues>;
  name: string;
  label: string;
  description?: string;
  errors: unknown;
  min: number;
  max: number;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <NumberInput
          label={label}
          description={description}
          required
          min={min}
          max={max}
          allowDecimal={false}
          allowNegative={min < 0}
          name={field.name}
          ref={field.ref}
          value={field.value ?? ''}
          onBlur={field.onBlur}
          onChange={(value) => field.onChange(value === '' ? undefined : Number(value))}
          error={translateMessage(errorAt(errors, name))}
        />
      )}
    />
  );
}

/** The kind's own settings. */
function ConfigFields({ kind, control, errors }: { kind: PriceRuleKind; control: Control<FieldValues>; errors: unknown }) {
  const { t } = useTranslation();
  const percent = (name = 'config.percent') => (
    <WholeNumber
      control={control}
      name={name}
      label={t('priceRules.fields.percent')}
      description={t('priceRules.form.percentHint')}
      errors={errors}
      min={-90}
      max={500}
    />
  );
  const dates = (label: string) => (
    <Controller
      control={control}
      name="config.dates"
      render={({ field }) => (
        <TagsInput
          label={label}
          description={t('priceRules.form.datesListHint')}
          placeholder="2026-08-31"
          value={field.value ?? []}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={translateMessage(errorAt(errors, 'config.dates') ?? errorAt(errors, 'config.dates.0'))}
        />
      )}
    />
  );
  switch (kind) {
    case 'occupancy':
      return <OccupancySteps control={control} errors={errors} />;
    case 'lead_time':
      return <LeadTimeFields control={control} errors={errors} percent={percent()} />;
    case 'days':
      return (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Controller
            control={control}
            name="config.weekdays"
            render={({ field }) => (
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t('priceRules.fields.weekdays')}
                </Text>
                <Chip.Group multiple value={(field.value ?? []).map(String)} onChange={(values) => field.onChange(values.map(Number))}>
                  <Group gap={6}>
                    {[1, 2, 3, 4, 5, 6, 7].map((day) => (
                      <Chip key={day} value={String(day)} size="sm">
                        {formatWeekday(day)}
                      </Chip>
                    ))}
                  </Group>
                </Chip.Group>
                {errorAt(errors, 'config.weekdays') ? (
                  <Text size="xs" c="red">
                    {translateMessage(errorAt(errors, 'config.weekdays'))}
                  </Text>
                ) : null}
              </Stack>
            )}
          />
          {dates(t('priceRules.fields.dates_list'))}
          {percent()}
        </SimpleGrid>
      );
    case 'min_stay':
      return (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <WholeNumber control={control} name="config.min_days" label={t('priceRules.fields.min_days')} errors={errors} min={2} max={365} />
        </SimpleGrid>
      );
    case 'blackout':
      return (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {dates(t('priceRules.fields.blackout_dates'))}
        </SimpleGrid>
      );
  }
}

function LeadTimeFields({ control, errors, percent }: { control: Control<FieldValues>; errors: unknown; percent: React.ReactNode }) {
  const { t } = useTranslation();
  const mode = useWatch({ control, name: 'config.mode' }) as string;
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
      <Controller
        control={control}
        name="config"
        render={({ field }) => (
          <Select
            label={t('priceRules.fields.mode')}
            required
            allowDeselect={false}
            data={(['early_bird', 'last_minute'] as const).map((value) => ({ value, label: t(`priceRules.modes.${value}`) }))}
            value={(field.value as { mode?: string } | undefined)?.mode ?? 'early_bird'}
            onChange={(value) =>
              field.onChange(
                value === 'last_minute' ? { mode: 'last_minute', hours: 48, percent: 10 } : { mode: 'early_bird', days: 30, percent: -10 },
              )
            }
          />
        )}
      />
      {mode === 'last_minute' ? (
        <WholeNumber
          key="hours"
          control={control}
          name="config.hours"
          label={t('priceRules.fields.hours')}
          errors={errors}
          min={1}
          max={720}
        />
      ) : (
        <WholeNumber
          key="days"
          control={control}
          name="config.days"
          label={t('priceRules.fields.days_ahead')}
          errors={errors}
          min={1}
          max={365}
        />
      )}
      {percent}
    </SimpleGrid>
  );
}

function OccupancySteps({ control, errors }: { control: Control<FieldValues>; errors: unknown }) {
  const { t } = useTranslation();
  const steps = useFieldArray({ control, name: 'config.steps' });
  return (
    <Stack gap="sm">
      <Text size="sm" fw={500}>
        {t('priceRules.fields.steps')}
      </Text>
      {steps.fields.map((step, index) => (
        <Group key={step.id} align="flex-end" wrap="nowrap" gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" style={{ flex: 1 }}>
            <WholeNumber
              control={control}
              name={`config.steps.${index}.above`}
              label={t('priceRules.fields.above', { index: index + 1 })}
              errors={errors}
              min={0}
              max={99}
            />
            <WholeNumber
              control={control}
              name={`config.steps.${index}.percent`}
              label={t('priceRules.fields.step_percent', { index: index + 1 })}
              errors={errors}
              min={-90}
              max={500}
            />
          </SimpleGrid>
          <ActionIcon
            size="lg"
            variant="subtle"
            color="red"
            aria-label={t('priceRules.form.removeStep', { index: index + 1 })}
            disabled={steps.fields.length === 1}
            onClick={() => steps.remove(index)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ))}
      {translateMessage(errorAt(errors, 'config.steps')) ? (
        <Text size="xs" c="red">
          {translateMessage(errorAt(errors, 'config.steps'))}
        </Text>
      ) : null}
      <Group>
        <Button variant="default" disabled={steps.fields.length >= 10} onClick={() => steps.append({ above: 90, percent: 20 })}>
          {t('priceRules.form.addStep')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The rule's status as a badge (the simulation's list). */
export function RuleStatus({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <Badge color={status === 1 ? 'green' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
      {status === 1 ? t('status.active') : t('priceRules.draft')}
    </Badge>
  );
}

export const PriceRulesListPage = () => <CrudListPage screens={priceRuleScreens} />;
export const PriceRuleCreatePage = () => <CrudCreatePage screens={priceRuleScreens} />;
export const PriceRuleEditPage = () => <CrudEditPage screens={priceRuleScreens} />;
