import { useTranslation } from 'react-i18next';
import { type CloseButtonProps, ToastContainer, type ToastContainerProps } from 'react-toastify';
import { IconX } from './icons';

export { toast } from 'react-toastify';

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

/** The toasts' container. Loaded with the first toast, with react-toastify (lib/toast.ts). */
export function ToastHost() {
  const { t } = useTranslation();
  return (
    <ToastContainer
      {...toastContainerProps}
      aria-label={t('app.notifications')}
      closeButton={(props) => <ToastCloseButton {...props} label={t('common.close')} />}
    />
  );
}
