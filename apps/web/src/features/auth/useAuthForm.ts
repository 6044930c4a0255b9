import type { ChangeEvent, FormEvent } from 'react';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { ErrorOption, UseFormSetError } from 'react-hook-form';

type Errors<T> = Partial<Record<keyof T & string, string>>;

/**
 * A sign-in form's state without react-hook-form (14 kB the sign-in page's budget cannot carry, see
 * docs/decisions.md "Sign-in bundle budget (issue 5)"), with the same behaviour the other forms have through
 * react-hook-form: the form's rules check on submit, each field shows its first message, the first field in
 * error gets the focus; after a submit, a field is checked again as it changes. `validate` is the form's
 * zod-free function from the contracts (`@ps/contracts/auth.forms`): zod stays off the sign-in page. `setError`
 * takes a server's field errors (lib/forms.ts `applyServerFieldErrors`).
 */
export function useAuthForm<T extends Record<string, string>>(validate: (values: T) => Errors<T>, defaultValues: T) {
  const [values, setValues] = useState(defaultValues);
  const [errors, setErrors] = useState<Errors<T>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const submitted = useRef(false);
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const fields = useRef(Object.keys(defaultValues) as (keyof T & string)[]).current;

  const setFocus = useCallback((name: keyof T & string) => inputs.current.get(name)?.focus(), []);

  const setError = useCallback<UseFormSetError<T>>(
    (name, error: ErrorOption, options) => {
      if (!fields.includes(name as keyof T & string)) return;
      setErrors((current) => ({ ...current, [name]: error.message ?? '' }));
      if (options?.shouldFocus) setFocus(name as keyof T & string);
    },
    [fields, setFocus],
  );

  const register = useCallback(
    (name: keyof T & string) => ({
      name,
      value: values[name],
      ref: (input: HTMLInputElement | null) => {
        if (input) inputs.current.set(name, input);
        else inputs.current.delete(name);
      },
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const next = { ...valuesRef.current, [name]: event.currentTarget.value };
        valuesRef.current = next;
        setValues(next);
        if (!submitted.current) return;
        const message = validate(next)[name];
        setErrors((current) => {
          const { [name]: _old, ...rest } = current;
          return (message === undefined ? rest : { ...rest, [name]: message }) as Errors<T>;
        });
      },
    }),
    [values, validate],
  );

  const handleSubmit = useCallback(
    (onValid: (values: T) => Promise<void> | void) => async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (isSubmitting) return;
      submitted.current = true;
      const current = valuesRef.current;
      const found = validate(current);
      const first = fields.find((name) => found[name] !== undefined);
      setErrors(found);
      if (first) {
        setFocus(first);
        return;
      }
      setSubmitting(true);
      try {
        await onValid(current);
      } finally {
        setSubmitting(false);
      }
    },
    [validate, fields, setFocus, isSubmitting],
  );

  return useMemo(
    () => ({ register, handleSubmit, setError, setFocus, errors, isSubmitting }),
    [register, handleSubmit, setError, setFocus, errors, isSubmitting],
  );
}
