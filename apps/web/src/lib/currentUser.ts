import { accountEndpoints, logoutEndpoint } from '@ps/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callEndpoint, setCallerPermissions } from './api';
import { clearSession, getRefreshToken } from './session';
import { toastSuccess } from './toast';

export const authKeys = {
  me: ['auth', 'me'] as const,
};

/** The signed-in user (name, role, company) from the access token. */
export function useCurrentUser() {
  return useQuery({
    queryKey: authKeys.me,
    queryFn: async ({ signal }) => {
      const details = (await callEndpoint(accountEndpoints.details, { signal })).data;
      // From now on a call the role cannot make is not sent (lib/api.ts).
      setCallerPermissions(details.permissions);
      return details;
    },
    staleTime: 5 * 60_000,
  });
}

/** Revokes the refresh token on the server, then forgets the session and returns to the sign-in page. */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const signOut = async () => {
    setBusy(true);
    const refreshToken = getRefreshToken();
    if (refreshToken) {
      // Signing out must always succeed locally, even when the server cannot be reached.
      await callEndpoint(logoutEndpoint, { body: { refresh_token: refreshToken }, refreshOn401: false }).catch(() => undefined);
    }
    clearSession();
    setCallerPermissions(null);
    queryClient.clear();
    setBusy(false);
    toastSuccess(t('success.loggedOut'));
    await navigate({ to: '/auth/login', replace: true });
  };
  return { signOut, busy };
}

/**
 * Whether the signed-in user's role allows a permission (e.g. `airports.create`), for showing only the actions
 * they may take. The API checks every call anyway; this keeps a read-only role from meeting buttons that refuse.
 * False until the user is loaded.
 */
export function useCan(): (permission: string) => boolean {
  const user = useCurrentUser();
  const permissions = user.data?.permissions;
  return (permission) => permissions?.includes(permission) ?? false;
}
