import { type CSSProperties, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { type CloseButtonProps, ToastContainer, type ToastContainerProps } from 'react-toastify';
import { getToastPlace, subscribeToastPlace, type ToastPlace } from '../lib/toast';
import { IconX } from './icons';
import './toasts.css';

export { toast } from 'react-toastify';

/**
 * Spec 8: top right, 5000 ms by default, draggable past 80 % of the width. Stacked: several toasts take one toast's
 * room (the newest in front, the others peeking out behind it; pointing at them or Alt+T lays them out).
 */
export const toastContainerProps: ToastContainerProps = {
  position: 'top-right',
  autoClose: 5000,
  draggable: true,
  draggablePercent: 80,
  closeOnClick: false,
  stacked: true,
  // Stacked, the last toast is the one in front: the newest must come last.
  newestOnTop: false,
  theme: 'light',
};

/** react-toastify's close button, with a label in the user's language and a 24 px target (WCAG 2.2). */
function ToastCloseButton({ closeToast, label }: CloseButtonProps & { label: string }) {
  return (
    <button
      type="button"
      className="Toastify__close-button Toastify__close-button--light"
      aria-label={label}
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
    >
      <IconX size={16} aria-hidden />
    </button>
  );
}

/** The measured slot in the page's top bar as the container's CSS variables (toasts.css places it with them). */
function slotStyle(place: ToastPlace | undefined): CSSProperties | undefined {
  if (place?.kind !== 'bar') return undefined;
  return {
    '--ps-toast-top': `${place.top}px`,
    '--ps-toast-right': `${place.right}px`,
    '--ps-toast-width': `${place.width}px`,
    '--ps-toast-height': `${place.height}px`,
  } as CSSProperties;
}

/**
 * The toasts' container. Loaded with the first toast, with react-toastify (lib/toast.ts). Toasts sit where the page's
 * top bar has room left of its controls, else in a sheet at the bottom (docs/decisions.md, "Where toasts sit").
 */
export function ToastHost() {
  const { t } = useTranslation();
  const place = useSyncExternalStore(subscribeToastPlace, getToastPlace, getToastPlace);
  return (
    <ToastContainer
      {...toastContainerProps}
      position={place?.kind === 'sheet' ? 'bottom-right' : 'top-right'}
      // A toast keeps the position it was made with: the class moves toasts made before the page changed along too.
      className={(context) => [context?.defaultClassName, place && `ps-toasts-${place.kind}`].filter(Boolean).join(' ')}
      style={slotStyle(place)}
      aria-label={t('app.notifications')}
      closeButton={(props) => <ToastCloseButton {...props} label={t('common.close')} />}
    />
  );
}
