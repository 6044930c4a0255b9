import { MantineProvider } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { CloseButtonProps } from 'react-toastify';
import { IconX } from '../components/icons';
import { getToastify, subscribeToastify, toastContainerProps } from '../lib/toast';
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

/** The toasts' container, once the first toast has brought react-toastify (lib/toast.ts). */
function Toasts() {
  const { t } = useTranslation();
  const toastify = useSyncExternalStore(subscribeToastify, getToastify, getToastify);
  if (!toastify) return null;
  const { ToastContainer } = toastify;
  return (
    <ToastContainer
      {...toastContainerProps}
      aria-label={t('app.notifications')}
      closeButton={(props) => <ToastCloseButton {...props} label={t('common.close')} />}
    />
  );
}

/** Providers every screen needs, sign-in included. Data fetching (TanStack Query) lives in the main chunk. */
export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <RouterProvider router={router} />
      <Toasts />
    </MantineProvider>
  );
}
