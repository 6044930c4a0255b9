import { NumberInput, Paper, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { YardCreateInput } from '@ps/contracts';
import { Controller, type Resolver, type UseFormSetError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { UnsavedChangesDialog } from '../../components/ConfirmDialog';
import { FormActions, StatusSwitchField } from '../../components/FormKit';
import { applyConflictErrors, applyServerFieldErrors, sameNameField, useUnsavedChangesGuard } from '../../lib/forms';
import { translateMessage } from '../../lib/i18n';

export type YardFormValues = YardCreateInput;
const formFields = ['name', 'address', 'capacity', 'status'] as const;

/** 400 details beside their fields, and a name the company already has (409) beside the name. */
export function showServerErrors(error: unknown, setError: UseFormSetError<YardFormValues>) {
  applyServerFieldErrors(error, setError, sameNameField<YardFormValues>(formFields));
  applyConflictErrors(error, setError, { yard_name_taken: 'name' });
}

export function YardForm<Output>({
  resolver,
  defaultValues,
  submitLabel,
  cancelHref,
  onSubmit,
}: {
  resolver: Resolver<YardFormValues, unknown, Output>;
  defaultValues: Partial<YardFormValues>;
  submitLabel: string;
  cancelHref: string;
  onSubmit: (values: Output, setError: UseFormSetError<YardFormValues>, allowLeave: () => void) => Promise<void>;
}) {
  const { t } = useTranslation();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<YardFormValues, unknown, Output>({ resolver, defaultValues });
  const { blocker, allowLeave } = useUnsavedChangesGuard(isDirty && !isSubmitting);
  const error = (message: string | undefined) => translateMessage(message);
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
          <TextInput
            label={t('yards.fields.name')}
            description={t('yards.form.nameHint')}
            required
            autoComplete="off"
            error={error(errors.name?.message)}
            {...register('name')}
          />
          <Controller
            control={control}
            name="capacity"
            render={({ field }) => (
              <NumberInput
                label={t('yards.fields.capacity')}
                description={t('yards.form.capacityHint')}
                min={0}
                max={100_000}
                allowDecimal={false}
                allowNegative={false}
                thousandSeparator={false}
                name={field.name}
                ref={field.ref}
                value={field.value ?? ''}
                onBlur={field.onBlur}
                onChange={(value) => field.onChange(value === '' ? undefined : value)}
                error={error(errors.capacity?.message)}
              />
            )}
          />
        </SimpleGrid>
        <Textarea
          label={t('yards.fields.address')}
          description={t('yards.form.addressHint')}
          autosize
          minRows={2}
          maxRows={4}
          error={error(errors.address?.message)}
          {...register('address')}
        />
        <StatusSwitchField control={control} label={t('yards.form.active')} description={t('yards.form.activeHint')} />
        <FormActions cancelHref={cancelHref} submitLabel={submitLabel} busy={isSubmitting} />
      </Stack>
      <UnsavedChangesDialog blocked={blocker.status === 'blocked'} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
    </Paper>
  );
}
