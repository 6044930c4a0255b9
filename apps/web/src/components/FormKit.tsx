import { Anchor, Button, Group, Switch } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { backToList } from '../lib/listReturn';

/** A form's `status` field (1 active, 0 inactive) as a switch with its label and hint. */
export function StatusSwitchField<T extends FieldValues, Output = T>({
  control,
  label,
  description,
  error,
}: {
  control: Control<T, unknown, Output>;
  label: string;
  description: string;
  /** The field's message (a 409 naming `status`, such as an overlap on reactivation). */
  error?: string;
}) {
  return (
    <Controller
      control={control}
      name={'status' as Path<T>}
      render={({ field }) => (
        <Switch
          size="md"
          label={label}
          description={description}
          checked={field.value !== 0}
          onChange={(event) => field.onChange(event.currentTarget.checked ? 1 : 0)}
          name={field.name}
          ref={field.ref}
          error={error}
        />
      )}
    />
  );
}

/** A form's closing row: Cancel (back to the list, as it was left) and the submit button, busy while saving. */
export function FormActions({ cancelHref, submitLabel, busy }: { cancelHref: string; submitLabel: string; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" component={Link} {...backToList(cancelHref)} className="ps-primary-action">
        {t('common.cancel')}
      </Button>
      <Button type="submit" loading={busy} className="ps-primary-action">
        {submitLabel}
      </Button>
    </Group>
  );
}

/** "← Back to ...": the link above a form or a record's page to its list, as the user left it (lib/listReturn.ts). */
export function BackToListLink({ path, label }: { path: string; label: string }) {
  return (
    <Anchor component={Link} {...backToList(path)} size="sm" py={4}>
      {label}
    </Anchor>
  );
}
