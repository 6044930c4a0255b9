import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { type AdminAddInput, adminAddBodySchema, type RoleRecord } from '@ps/contracts';
import { useEffect } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { keyboardScrollable } from '../../components/ReferenceSelects';
import { applyConflictErrors, applyServerFieldErrors, sameNameField, useFormToasts } from '../../lib/forms';
import { translateMessage } from '../../lib/i18n';
import { useRoleLabel } from './AssignRoleDialog';
import { useAddAdmin } from './api';

type AdminValues = { name: string; email: string; phn_nbr: string; temporary_password: string; role_id: number | undefined };
const fields = ['name', 'email', 'phn_nbr', 'temporary_password', 'role_id'] as const;
// The form's empty phone field means no phone.
const formSchema = adminAddBodySchema.extend({
  phn_nbr: z
    .literal('')
    .transform(() => undefined)
    .or(adminAddBodySchema.shape.phn_nbr),
});
const resolver = zodResolver(formSchema) as unknown as Resolver<AdminValues>;
const emptyValues = (roleId: number | undefined): AdminValues => ({
  name: '',
  email: '',
  phn_nbr: '',
  temporary_password: '',
  role_id: roleId,
});

/**
 * Another office user of the company: name, e-mail, optional phone, a temporary password they replace at first sign-in,
 * and their role, always chosen: `roles` are those within the adder's own permissions (the API refuses any other), the
 * built-in Admin first when it is one of them.
 */
export function AddAdminDialog({ opened, onClose, roles }: { opened: boolean; onClose: () => void; roles: RoleRecord[] }) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const toasts = useFormToasts();
  const add = useAddAdmin();
  const {
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AdminValues>({ resolver, defaultValues: emptyValues(undefined) });
  // Each opening starts blank, with the built-in Admin chosen when the adder may give it.
  const adminRoleId = roles.find((role) => role.key === 'admin')?.id;
  useEffect(() => {
    if (opened) reset(emptyValues(adminRoleId));
  }, [opened, adminRoleId, reset]);
  const error = (message: string | undefined) => translateMessage(message);
  const close = () => {
    reset();
    onClose();
  };

  const submit = handleSubmit(async (values) => {
    try {
      // The resolver's output: an empty phone is already left out.
      const added = await add.mutateAsync(values as AdminAddInput);
      toasts.success(t('people.add.done', { name: added.name }));
      close();
    } catch (failure) {
      const placed =
        applyServerFieldErrors(failure, setError, sameNameField<AdminValues>(fields)) ||
        applyConflictErrors(failure, setError, { email_taken: 'email', phone_taken: 'phn_nbr' });
      if (!placed) toasts.error(failure);
    }
  });

  const text = (
    name: Exclude<(typeof fields)[number], 'role_id'>,
    props: { label: string; description?: string; required?: boolean; type?: string },
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextInput
          {...props}
          name={field.name}
          ref={field.ref}
          value={field.value}
          onBlur={field.onBlur}
          onChange={(event) => field.onChange(event.currentTarget.value)}
          error={error(errors[name]?.message)}
        />
      )}
    />
  );

  return (
    <Modal
      opened={opened}
      onClose={isSubmitting ? () => undefined : close}
      title={t('people.add.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { fontWeight: 700 } }}
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          {text('name', { label: t('people.fields.name'), required: true })}
          {text('email', { label: t('people.fields.email'), required: true, type: 'email' })}
          {text('phn_nbr', { label: t('people.fields.phone'), description: t('people.add.phoneHint'), type: 'tel' })}
          <Controller
            control={control}
            name="temporary_password"
            render={({ field }) => (
              <PasswordInput
                label={t('people.add.password')}
                description={t('people.add.passwordHint')}
                required
                autoComplete="new-password"
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(event.currentTarget.value)}
                error={error(errors.temporary_password?.message)}
                visibilityToggleButtonProps={{ 'aria-label': t('people.add.showPassword') }}
              />
            )}
          />
          <Controller
            control={control}
            name="role_id"
            render={({ field }) => (
              <Select
                label={t('people.fields.role')}
                description={t('people.add.roleHint')}
                required
                data={roles.map((role) => ({ value: String(role.id), label: roleLabel(role) }))}
                value={field.value === undefined ? null : String(field.value)}
                onChange={(value) => field.onChange(value === null ? undefined : Number(value))}
                allowDeselect={false}
                name={field.name}
                ref={field.ref}
                error={error(errors.role_id?.message)}
                comboboxProps={{ withinPortal: true }}
                {...keyboardScrollable}
              />
            )}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={isSubmitting} className="ps-primary-action">
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting} className="ps-primary-action">
              {t('people.add.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
