import { MantineProvider } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { type CloseButtonProps, ToastContainer } from 'react-toastify';
import { toastContainerProps } from '../lib/toast';
import { router } from './router';
import { cssVariablesResolver, theme } from './theme';

/** react-toastify's own close button, with a label in the user's language. */
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
      <svg aria-hidden="true" viewBox="0 0 14 16" width="14" height="16">
        <path
          fillRule="evenodd"
          fill="currentColor"
          d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
        />
      </svg>
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
