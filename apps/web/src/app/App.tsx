import { MantineProvider } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { getToastify, subscribeToastify } from '../lib/toast';
import { router } from './router';
import { cssVariablesResolver, theme } from './theme';

/** The toasts' container, once the first toast has brought it with react-toastify (lib/toast.ts). */
function Toasts() {
  const toastify = useSyncExternalStore(subscribeToastify, getToastify, getToastify);
  if (!toastify) return null;
  const { ToastHost } = toastify;
  return <ToastHost />;
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
