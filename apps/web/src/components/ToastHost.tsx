import { useTranslation } from 'react-i18next';
import { type CloseButtonProps, ToastContainer } from 'react-toastify';
import { toastContainerProps } from '../lib/toast';
import { IconX } from './icons';

export { toast } from 'react-toastify';

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
