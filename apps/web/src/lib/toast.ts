import type { ComponentType } from 'react';
import type { Id, toast } from 'react-toastify';

/** What the first toast loads: react-toastify's `toast` and the app's container for it (components/ToastHost.tsx). */
export interface Toastify {
  toast: typeof toast;
  ToastHost: ComponentType;
}

/**
 * react-toastify (about 10 kB gzipped, its styles included) and the toasts' container come with the first
 * toast instead of with the sign-in page (its budget, docs/decisions.md "Sign-in bundle budget (issue 5)"). Toasts asked for before it
 * arrives are shown in order once it has: react-toastify queues toasts until its container mounts.
 */
let loadToastify: (() => Promise<Toastify>) | undefined;
let toastify: Toastify | undefined;
let loading: Promise<Toastify> | undefined;
const listeners = new Set<() => void>();

/** The app names the container's chunk once, at start (app/App.tsx): lib is below components and imports none. */
export function setToastifyLoader(load: () => Promise<Toastify>): void {
  loadToastify = load;
}

function load(): Promise<Toastify> {
  if (!loadToastify) return Promise.reject(new Error('The notifications are not set up (setToastifyLoader)'));
  loading ??= loadToastify().then(
    (module) => {
      toastify = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      // A failed fetch (offline, a new deployment) is tried again with the next toast.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

function withToastify(run: (module: Toastify) => void): void {
  if (toastify) run(toastify);
  else
    load().then(run, (error: unknown) => {
      console.error('Could not load the notifications', error);
    });
}

/** For the app's toast container: react-toastify once loaded (useSyncExternalStore). */
export function subscribeToastify(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const getToastify = (): Toastify | undefined => toastify;

/** Success toasts close after 2000 ms (spec 8). */
export function toastSuccess(message: string): void {
  withToastify(({ toast }) => toast.success(message, { autoClose: 2000 }));
}

/**
 * Error toasts stay until closed (spec 8). The message is its id, so the same error reported by several
 * requests at once shows once.
 */
export function toastError(message: string): Id {
  const toastId = `error:${message}`;
  withToastify(({ toast }) => toast.error(message, { autoClose: false, toastId }));
  return toastId;
}

/** Closes toasts by id (a form's own errors once it succeeds). */
export function dismissToasts(ids: Iterable<Id>): void {
  const list = [...ids];
  if (list.length === 0) return;
  withToastify(({ toast }) => {
    for (const id of list) toast.dismiss(id);
  });
}

export type { Id as ToastId };
