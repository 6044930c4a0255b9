import { useBlocker } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, toastApiError } from './api';
import { translateMessage } from './i18n';
import { dismissToasts, type ToastId, toastError, toastSuccess } from './toast';

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
    setError(field, { type: 'server', message: known && known !== detail.code ? known : detail.message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}

/** Fields the form shows under the same name as the API. */
export function sameNameField<T extends FieldValues>(fields: readonly Path<T>[]) {
  return (apiField: string) => ((fields as readonly string[]).includes(apiField) ? (apiField as Path<T>) : undefined);
}

/**
 * Puts a conflict (409) beside the field it is about: `codes` maps an error code (e.g. `airport_iata_taken`)
 * to the form field, and the field shows the server's message.
 */
export function applyConflictErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  codes: Partial<Record<string, Path<T>>>,
) {
  if (!(error instanceof ApiError) || !error.code) return false;
  const field = codes[error.code];
  if (!field) return false;
  setError(field, { type: 'server', message: error.message }, { shouldFocus: true });
  return true;
}

/**
 * The toasts of one form. Its errors stay until closed (spec 8), but once the form succeeds they are closed:
 * an old "code already taken" must not sit beside "Airport saved" and cover the page. Errors from elsewhere
 * are left alone.
 */
export function useFormToasts() {
  const ids = useRef(new Set<ToastId>());
  useEffect(() => () => ids.current.clear(), []);
  return useMemo(
    () => ({
      error(error: unknown) {
        const id = toastApiError(error);
        if (id !== undefined) ids.current.add(id);
      },
      /** An error of the form's own making (not an API answer), e.g. "Try with different username/password". */
      errorText(message: string) {
        ids.current.add(toastError(message));
      },
      /** Closes this form's error toasts; with a message, shows it as the success toast. */
      success(message?: string) {
        dismissToasts(ids.current);
        ids.current.clear();
        if (message) toastSuccess(message);
      },
    }),
    [],
  );
}

/**
 * Guards a form's unsaved changes: leaving by an in-app link (Cancel included), back/forward or the browser's
 * reload or close asks first. In-app, the returned `blocker` drives `<UnsavedChangesDialog>`; the browser's
 * own prompt covers reload and close (browsers show their own text there). Call `allowLeave()` before
 * navigating away after a successful save.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const leaving = useRef(false);
  const blocker = useBlocker({
    shouldBlockFn: () => dirtyRef.current && !leaving.current,
    enableBeforeUnload: () => dirtyRef.current && !leaving.current,
    withResolver: true,
  });
  const allowLeave = useCallback(() => {
    leaving.current = true;
  }, []);
  return { blocker, allowLeave };
}
