// The pieces the booking form's sections share: the titled section, the hint's place and the plain text field.
import { Stack, TextInput, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { type Control, Controller } from 'react-hook-form';
import type { BookingFormValues, Field } from './bookingFormModel';

/** Hints go under their input, so the inputs of a row line up whether or not each has a hint. */
export const hintBelow: ('label' | 'input' | 'description' | 'error')[] = ['label', 'input', 'description', 'error'];

/** A field's error message, translated; undefined while the field is valid. */
export type FieldErrorOf = (field: Field) => string | undefined;

export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="fieldset" m={0} p={0} style={{ border: 0, minWidth: 0 }}>
      <Title order={2} size="h4" component="legend" mb="xs">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

interface FormTextFieldProps {
  control: Control<BookingFormValues>;
  errorOf: FieldErrorOf;
  name: Field;
  label: string;
  required?: boolean;
  maxLength?: number;
  type?: string;
  autoComplete?: string;
  description?: string;
}

/** A one-line text input bound to a field of the booking form. */
export function FormTextField({ control, errorOf, name, label, required, maxLength, type, autoComplete, description }: FormTextFieldProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextInput
          label={label}
          required={required}
          maxLength={maxLength}
          type={type}
          autoComplete={autoComplete ?? 'off'}
          inputWrapperOrder={hintBelow}
          description={description}
          name={field.name}
          ref={field.ref}
          value={String(field.value ?? '')}
          onBlur={field.onBlur}
          onChange={(event) => field.onChange(event.currentTarget.value)}
          error={errorOf(name)}
        />
      )}
    />
  );
}
