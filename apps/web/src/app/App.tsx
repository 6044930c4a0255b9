import { MantineProvider } from '@mantine/core';
import { DEFAULT_BACKGROUND_COLOUR, DEFAULT_PRIMARY_COLOUR } from '@ps/contracts/common/colours';
import { RouterProvider } from '@tanstack/react-router';
import { useMemo, useSyncExternalStore } from 'react';
import { getWebConfig, subscribeWebConfig } from '../lib/session';
import { getToastify, setToastifyLoader, subscribeToastify } from '../lib/toast';
import { router } from './router';
import { cssVariablesResolverFor, themeFor } from './theme';

// react-toastify and the toasts' container come with the first toast (lib/toast.ts), not with the sign-in page.
setToastifyLoader(() => import('../components/ToastHost'));

/** The toasts' container, once the first toast has brought it with react-toastify (lib/toast.ts). */
function Toasts() {
  const toastify = useSyncExternalStore(subscribeToastify, getToastify, getToastify);
  if (!toastify) return null;
  const { ToastHost } = toastify;
  return <ToastHost />;
}

/**
 * Providers every screen needs, sign-in included. Data fetching (TanStack Query) lives in the main chunk.
 * The theme follows the stored web config: the sign-in page's company, then the signed-in user's.
 */
export function App() {
  const config = useSyncExternalStore(subscribeWebConfig, getWebConfig, getWebConfig);
  const primary = config?.primary_color ?? DEFAULT_PRIMARY_COLOUR;
  const background = config?.background_color ?? DEFAULT_BACKGROUND_COLOUR;
  const theme = useMemo(() => themeFor(primary), [primary]);
  const cssVariablesResolver = useMemo(() => cssVariablesResolverFor(background), [background]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <RouterProvider router={router} />
      <Toasts />
    </MantineProvider>
  );
}
