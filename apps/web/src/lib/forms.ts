import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';
import { translateMessage } from './i18n';

/**
 * Puts a 400 answer's per-field `details` beside the matching form fields (the message in the user's
 * language: the shared key when the web knows it, else the server's own text). `fieldFor` maps an API
 * field to a form field, or returns undefined for fields the form does not show.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldFor: (apiField: string) => Path<T> | undefined,
): boolean {
  if (!(error instanceof ApiError) || error.details.length === 0) return false;
  let applied = false;
  for (const detail of error.details) {
    const field = fieldFor(detail.field);
    if (!field) continue;
    const known = translateMessage(detail.code);
    setError(field, { type: 'server', message: known && known !== detail.code ? known : detail.message });
    applied = true;
  }
  return applied;
}

/** Fields the form shows under the same name as the API. */
export function sameNameField<T extends FieldValues>(fields: readonly Path<T>[]) {
  return (apiField: string) => ((fields as readonly string[]).includes(apiField) ? (apiField as Path<T>) : undefined);
}
