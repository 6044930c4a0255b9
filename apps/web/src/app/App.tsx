import { MantineProvider } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { type CloseButtonProps, ToastContainer } from 'react-toastify';
import { IconX } from '../components/icons';
import { toastContainerProps } from '../lib/toast';
import { router } from './router';
import { cssVariablesResolver, theme } from './theme';

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

/** Providers every screen needs, sign-in included. Data fetching (TanStack Query) lives in the main chunk. */
export function App() {
  const { t } = useTranslation();
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <RouterProvider router={router} />
      <ToastContainer
        {...toastContainerProps}
        aria-label={t('app.notifications')}
        closeButton={(props) => <ToastCloseButton {...props} label={t('common.close')} />}
      />
    </MantineProvider>
  );
}
