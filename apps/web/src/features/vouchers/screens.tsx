import { Badge, Group, NumberInput, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import {
  type DiscountType,
  discountTypes,
  type Voucher,
  type VoucherCreateInput,
  voucherCreateSchema,
  voucherSortFields,
  voucherUpdateSchema,
} from '@ps/contracts';
import { todayInBrowser } from '@ps/contracts/common/zonedTime';
import { useParams } from '@tanstack/react-router';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CrudCreatePage, CrudEditPage, CrudListPage, crudScreens } from '../../components/CrudPages';
import { MoneyInput } from '../../components/MoneyInput';
import { keyboardScrollable } from '../../components/ReferenceSelects';
import { useMoney } from '../../lib/format';
import { translateMessage } from '../../lib/i18n';
import { parseStatusListSearch } from '../../lib/listSearch';
import { type VoucherListSearch, vouchersResource } from './api';
import { useVoucherText } from './format';

/** A discount code: a percentage or an amount, the days it is valid, and how many bookings may use it. */
export const voucherScreens = crudScreens({
  resource: vouchersResource,
  messages: 'vouchers',
  permission: 'vouchers',
  scope: 'company',
  path: '/vouchers',
  idParam: 'voucherId',
  nameOf: (voucher) => voucher.code,
  list: {
    validateSearch: (raw): VoucherListSearch => ({
      ...parseStatusListSearch(raw, voucherSortFields),
      discount_type: discountTypes.find((type) => type === raw.discount_type),
      valid_on: typeof raw.valid_on === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(raw.valid_on) ? raw.valid_on : undefined,
    }),
    defaultSort: 'code',
    columns: (t) => [
      {
        accessor: 'code',
        title: t('vouchers.fields.code'),
        sortable: true,
        hideInCard: true,
        render: (voucher) => (
          <Text fw={700} c="var(--ps-color-bold)" ff="monospace">
            {voucher.code}
          </Text>
        ),
      },
      {
        accessor: 'discount_value',
        title: t('vouchers.fields.discount'),
        sortable: true,
        render: (voucher) => <VoucherText voucher={voucher} part="discount" />,
      },
      { accessor: 'valid_to', title: t('vouchers.fields.validity'), sortable: true, render: (voucher) => <Validity voucher={voucher} /> },
      {
        accessor: 'times_used',
        title: t('vouchers.fields.usage'),
        sortable: true,
        render: (voucher) => <VoucherText voucher={voucher} part="usage" />,
      },
    ],
    csv: (t) => {
      // The kit reads the CSV columns as it renders the list, so a hook may be called here.
      const text = useVoucherText();
      return [
        { title: t('vouchers.fields.code'), value: (voucher) => voucher.code },
        { title: t('vouchers.fields.discount_type'), value: (voucher) => t(`vouchers.types.${voucher.discount_type}`) },
        { title: t('vouchers.fields.discount'), value: (voucher) => text.discount(voucher) },
        { title: t('vouchers.fields.valid_from'), value: (voucher) => voucher.valid_from },
        { title: t('vouchers.fields.valid_to'), value: (voucher) => voucher.valid_to },
        {
          title: t('vouchers.fields.usage_limit'),
          value: (voucher) => (voucher.usage_limit === null ? t('vouchers.unlimited') : String(voucher.usage_limit)),
        },
        { title: t('vouchers.fields.times_used'), value: (voucher) => String(voucher.times_used) },
        { title: t('vouchers.fields.status'), value: (voucher) => (voucher.status === 1 ? t('status.active') : t('status.inactive')) },
      ];
    },
    filters: (search, setSearch) => <VoucherFilters search={search} setSearch={setSearch} />,
    filtered: (search) => search.discount_type !== undefined || search.valid_on !== undefined,
    cardTitle: (voucher) => (
      <Text fw={700} c="var(--ps-color-title)" ff="monospace" className="ps-wrap">
        {voucher.code}
      </Text>
    ),
  },
  form: {
    createSchema: voucherCreateSchema,
    updateSchema: voucherUpdateSchema,
    empty: { code: '', discount_type: 'percent', usage_limit: null, status: 1 },
    valuesOf: (voucher) => ({
      code: voucher.code,
      discount_type: voucher.discount_type,
      discount_value: voucher.discount_value,
      valid_from: voucher.valid_from,
      valid_to: voucher.valid_to,
      usage_limit: voucher.usage_limit,
      status: voucher.status,
    }),
    // A code already taken is a 409 naming `code`, placed as a 400's details are.
    serverFields: ['code', 'discount_type', 'discount_value', 'valid_from', 'valid_to', 'usage_limit', 'status'],
    fields: (form: UseFormReturn<VoucherCreateInput, unknown, unknown>) => <VoucherFields form={form} />,
  },
});

/** "10 %" or "£5.00"; "3 / 100" uses. */
function VoucherText({ voucher, part }: { voucher: Voucher; part: 'discount' | 'usage' }) {
  return useVoucherText()[part](voucher);
}

/** "1 Aug 2026 – 31 Aug 2026", and "Expired" once the last day has passed. */
function Validity({ voucher }: { voucher: Voucher }) {
  const { t } = useTranslation();
  const text = useVoucherText();
  return (
    <Group gap={6} wrap="wrap">
      <Text span size="sm">
        {text.validity(voucher)}
      </Text>
      {voucher.valid_to < todayInBrowser() ? (
        <Badge variant="default" color="gray">
          {t('vouchers.expired')}
        </Badge>
      ) : null}
    </Group>
  );
}

function VoucherFilters({ search, setSearch }: { search: VoucherListSearch; setSearch(patch: Partial<VoucherListSearch>): void }) {
  const { t } = useTranslation();
  return (
    <>
      <Select
        {...keyboardScrollable}
        aria-label={t('vouchers.typeFilter')}
        size="md"
        allowDeselect={false}
        data={[
          { value: 'all', label: t('vouchers.allTypes') },
          { value: 'percent', label: t('vouchers.types.percent') },
          { value: 'fixed', label: t('vouchers.types.fixed') },
        ]}
        value={search.discount_type ?? 'all'}
        onChange={(value) => setSearch({ discount_type: value === 'all' || !value ? undefined : (value as DiscountType) })}
        style={{ flex: '1 1 200px' }}
      />
      <TextInput
        type="date"
        size="md"
        label={t('vouchers.validOn')}
        value={search.valid_on ?? ''}
        onChange={(event) => setSearch({ valid_on: event.currentTarget.value || undefined })}
        style={{ flex: '1 1 160px' }}
      />
    </>
  );
}

function VoucherFields({ form }: { form: UseFormReturn<VoucherCreateInput, unknown, unknown> }) {
  const { t } = useTranslation();
  const { currency } = useMoney();
  const text = useVoucherText();
  const {
    control,
    formState: { errors },
  } = form;
  const error = (message: string | undefined) => translateMessage(message);
  const discountType = useWatch({ control, name: 'discount_type' });
  // The voucher being edited (the edit page has loaded it): its use so far is shown, never edited.
  const { voucherId } = useParams({ strict: false }) as { voucherId?: string };
  const current = vouchersResource.useOne(Number(voucherId)).data;
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Controller
          control={control}
          name="code"
          render={({ field }) => (
            <TextInput
              label={t('vouchers.fields.code')}
              description={t('vouchers.form.codeHint')}
              required
              maxLength={30}
              autoComplete="off"
              spellCheck={false}
              styles={{ input: { fontFamily: 'monospace' } }}
              name={field.name}
              ref={field.ref}
              value={field.value ?? ''}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(event.currentTarget.value)}
              error={error(errors.code?.message)}
            />
          )}
        />
        <Controller
          control={control}
          name="discount_type"
          render={({ field }) => (
            <Select
              {...keyboardScrollable}
              label={t('vouchers.fields.discount_type')}
              required
              allowDeselect={false}
              data={[
                { value: 'percent', label: t('vouchers.types.percent') },
                { value: 'fixed', label: t('vouchers.types.fixed') },
              ]}
              name={field.name}
              ref={field.ref}
              value={field.value ?? null}
              onBlur={field.onBlur}
              onChange={(value) => field.onChange((value as DiscountType | null) ?? undefined)}
              error={error(errors.discount_type?.message)}
            />
          )}
        />
        <Controller
          control={control}
          name="discount_value"
          render={({ field }) =>
            discountType === 'fixed' ? (
              <MoneyInput
                label={t('vouchers.fields.discount_value')}
                description={t('vouchers.form.fixedHint')}
                required
                currency={currency}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(minor) => field.onChange(minor ?? undefined)}
                error={error(errors.discount_value?.message)}
              />
            ) : (
              <NumberInput
                label={t('vouchers.fields.discount_value')}
                description={t('vouchers.form.percentHint')}
                required
                min={1}
                max={100}
                allowDecimal={false}
                allowNegative={false}
                rightSection={<span aria-hidden>%</span>}
                name={field.name}
                ref={field.ref}
                value={field.value ?? ''}
                onBlur={field.onBlur}
                onChange={(value) => field.onChange(value === '' ? undefined : Number(value))}
                error={error(errors.discount_value?.message)}
              />
            )
          }
        />
        <Controller
          control={control}
          name="usage_limit"
          render={({ field }) => (
            <NumberInput
              label={t('vouchers.fields.usage_limit')}
              description={t('vouchers.form.usageLimitHint')}
              min={1}
              allowDecimal={false}
              allowNegative={false}
              name={field.name}
              ref={field.ref}
              value={field.value ?? ''}
              onBlur={field.onBlur}
              onChange={(value) => field.onChange(value === '' ? null : Number(value))}
              error={error(errors.usage_limit?.message)}
            />
          )}
        />
        {(['valid_from', 'valid_to'] as const).map((name) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field }) => (
              <TextInput
                type="date"
                label={t(`vouchers.fields.${name}`)}
                description={t(`vouchers.form.${name}Hint`)}
                required
                name={field.name}
                ref={field.ref}
                value={field.value ?? ''}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(event.currentTarget.value || undefined)}
                error={error(errors[name]?.message)}
              />
            )}
          />
        ))}
      </SimpleGrid>
      {current ? (
        <Text size="sm" c="dimmed">
          {t('vouchers.form.usedSoFar', { usage: text.usage(current) })}
        </Text>
      ) : null}
    </>
  );
}

export const VouchersListPage = () => <CrudListPage screens={voucherScreens} />;
export const VoucherCreatePage = () => <CrudCreatePage screens={voucherScreens} />;
export const VoucherEditPage = () => <CrudEditPage screens={voucherScreens} />;
