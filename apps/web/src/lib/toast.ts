import { type Id, type ToastContainerProps, toast } from 'react-toastify';

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

/** Success toasts close after 2000 ms (spec 8). */
export function toastSuccess(message: string): void {
  toast.success(message, { autoClose: 2000 });
}

/**
 * Error toasts stay until closed (spec 8). The message is its id, so the same error reported by several
 * requests at once shows once.
 */
export function toastError(message: string): Id {
  return toast.error(message, { autoClose: false, toastId: `error:${message}` });
}

/** Closes toasts by id (a form's own errors once it succeeds). */
export function dismissToasts(ids: Iterable<Id>): void {
  for (const id of ids) toast.dismiss(id);
}

export type { Id as ToastId };
