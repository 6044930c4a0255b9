import { zodResolver } from '@hookform/resolvers/zod';
import { NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  type DiscountType,
  type Voucher,
  type VoucherCreate,
  type VoucherCreateInput,
  type VoucherUpdate,
  voucherCreateSchema,
  voucherUpdateSchema,
} from '@ps/contracts';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { Controller, type Resolver, type UseFormSetError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { UnsavedChangesDialog } from '../../components/ConfirmDialog';
import { BackToListLink, FormActions, StatusSwitchField } from '../../components/FormKit';
import { MoneyInput } from '../../components/MoneyInput';
import { RecordState } from '../../components/RecordState';
import { keyboardScrollable } from '../../components/ReferenceSelects';
import { applyServerFieldErrors, sameNameField, useFormToasts, useUnsavedChangesGuard } from '../../lib/forms';
import { translateMessage } from '../../lib/i18n';
import { backToList } from '../../lib/listReturn';
import { useMoney } from '../../lib/money';
import { usePageTitle } from '../../lib/pageTitle';
import { vouchersResource } from './api';
import { useVoucherText } from './format';

const newRoute = getRouteApi('/$companyId/vouchers/new');
const editRoute = getRouteApi('/$companyId/vouchers/$voucherId/edit');

type VoucherFormValues = VoucherCreateInput;
const formFields = ['code', 'discount_type', 'discount_value', 'valid_from', 'valid_to', 'usage_limit', 'status'] as const;
const createResolver = zodResolver(voucherCreateSchema);
// The edit form shows every field, so the partial update schema checks the same values.
const updateResolver = zodResolver(voucherUpdateSchema) as unknown as Resolver<VoucherFormValues, unknown, VoucherUpdate>;

/** 400 details beside their fields, and a code already taken (409, naming `code`) beside the code. */
function showServerErrors(error: unknown, setError: UseFormSetError<VoucherFormValues>) {
  applyServerFieldErrors(error, setError, sameNameField<VoucherFormValues>(formFields));
}

interface VoucherFormProps<Output> {
  resolver: Resolver<VoucherFormValues, unknown, Output>;
  defaultValues: Partial<VoucherFormValues>;
  submitLabel: string;
  cancelHref: string;
  /** The voucher being edited (its use so far is shown, never edited). */
  current?: Voucher;
  onSubmit: (values: Output, setError: UseFormSetError<VoucherFormValues>, allowLeave: () => void) => Promise<void>;
}

function VoucherForm<Output>({ resolver, defaultValues, submitLabel, cancelHref, current, onSubmit }: VoucherFormProps<Output>) {
  const { t } = useTranslation();
  const { currency } = useMoney();
  const text = useVoucherText();
  const {
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<VoucherFormValues, unknown, Output>({ resolver, defaultValues });
  const { blocker, allowLeave } = useUnsavedChangesGuard(isDirty && !isSubmitting);
  const error = (message: string | undefined) => translateMessage(message);
  const discountType = watch('discount_type');

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
        <StatusSwitchField control={control} label={t('vouchers.form.active')} description={t('vouchers.form.activeHint')} />
        <FormActions cancelHref={cancelHref} submitLabel={submitLabel} busy={isSubmitting} />
      </Stack>
      <UnsavedChangesDialog blocked={blocker.status === 'blocked'} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
    </Paper>
  );
}

export function VoucherCreatePage() {
  const { t } = useTranslation();
  usePageTitle(t('vouchers.createTitle'));
  const { companyId } = newRoute.useParams();
  const navigate = useNavigate();
  const create = vouchersResource.useCreate();
  const toasts = useFormToasts();
  return (
    <Stack gap="md" maw={960}>
      <BackToListLink path={`/${companyId}/vouchers`} label={t('vouchers.backToList')} />
      <Title order={1} size="h2">
        {t('vouchers.createTitle')}
      </Title>
      <VoucherForm<VoucherCreate>
        resolver={createResolver}
        cancelHref={`/${companyId}/vouchers`}
        defaultValues={{ code: '', discount_type: 'percent', usage_limit: null, status: 1 }}
        submitLabel={t('vouchers.form.create')}
        onSubmit={async (values, setError, allowLeave) => {
          try {
            const saved = await create.mutateAsync(values);
            toasts.success(t('vouchers.toast.created', { code: saved.code }));
            allowLeave();
            await navigate(backToList(`/${companyId}/vouchers`));
          } catch (error) {
            toasts.error(error);
            showServerErrors(error, setError);
          }
        }}
      />
    </Stack>
  );
}

export function VoucherEditPage() {
  const { t } = useTranslation();
  const { companyId, voucherId } = editRoute.useParams();
  const id = Number(voucherId);
  const navigate = useNavigate();
  const voucher = vouchersResource.useOne(id);
  const update = vouchersResource.useUpdate(id);
  const toasts = useFormToasts();
  const title = voucher.data ? t('vouchers.editTitle', { code: voucher.data.code }) : t('vouchers.editTitleGeneric');
  usePageTitle(title);
  return (
    <Stack gap="md" maw={960}>
      <BackToListLink path={`/${companyId}/vouchers`} label={t('vouchers.backToList')} />
      <Title order={1} size="h2">
        {title}
      </Title>
      <RecordState query={voucher} notFoundTitle={t('vouchers.notFound')}>
        {(current) => (
          <VoucherForm<VoucherUpdate>
            key={current.id}
            current={current}
            resolver={updateResolver}
            cancelHref={`/${companyId}/vouchers`}
            defaultValues={{
              code: current.code,
              discount_type: current.discount_type,
              discount_value: current.discount_value,
              valid_from: current.valid_from,
              valid_to: current.valid_to,
              usage_limit: current.usage_limit,
              status: current.status,
            }}
            submitLabel={t('vouchers.form.save')}
            onSubmit={async (values, setError, allowLeave) => {
              try {
                const saved = await update.mutateAsync(values);
                toasts.success(t('vouchers.toast.updated', { code: saved.code }));
                allowLeave();
                await navigate(backToList(`/${companyId}/vouchers`));
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
