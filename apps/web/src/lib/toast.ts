import type { Id, ToastContainerProps } from 'react-toastify';

/** Spec 8: top right, 5000 ms by default, draggable past 80 % of the width. */
export const toastContainerProps: ToastContainerProps = {
  position: 'top-right',
  autoClose: 5000,
  draggable: true,
  draggablePercent: 80,
  closeOnClick: false,
  newestOnTop: true,
  theme: 'light',
};

type Toastify = typeof import('../components/ToastHost');

/**
 * react-toastify (about 10 kB gzipped, its styles included) and the toasts' container come with the first
 * toast instead of with the sign-in page (its budget, docs/decisions.md "Sign-in bundle budget (issue 5)"). Toasts asked for before it
 * arrives are shown in order once it has: react-toastify queues toasts until its container mounts.
 */
let toastify: Toastify | undefined;
let loading: Promise<Toastify> | undefined;
const listeners = new Set<() => void>();

function load(): Promise<Toastify> {
  loading ??= import('../components/ToastHost').then(
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
