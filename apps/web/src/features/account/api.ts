import { type AdminChangePasswordBody, accountEndpoints, sessionEndpoints, type TotpDisableBody, type TotpEnableBody } from '@ps/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';
import { authKeys } from '../../lib/currentUser';

/** Changes the signed-in user's own password; the server ends their other sessions, this one stays. */
export function useChangeOwnPassword() {
  return useMutation({
    mutationFn: (body: AdminChangePasswordBody) => callEndpoint(accountEndpoints.changePassword, { body }),
    // The form shows the error (its own toast, closed once it succeeds).
    meta: { silent: true },
  });
}

/** First half of turning two-factor sign-in on: a new secret (each call makes another; nothing is on yet). */
export function useStartTotpSetup() {
  return useMutation({
    mutationFn: () => callEndpoint(accountEndpoints.totpSetup, { body: undefined }).then((r) => r.data),
  });
}

/** Second half: a current code from the app turns it on. The current user then says `totp_enabled`. */
export function useEnableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TotpEnableBody) => callEndpoint(accountEndpoints.totpEnable, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.me }),
  });
}

/** Turns two-factor sign-in off; the password is asked again. */
export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TotpDisableBody) => callEndpoint(accountEndpoints.totpDisable, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.me }),
  });
}

const sessionsKey = ['account', 'sessions'] as const;

/** Where the user is signed in: their open sessions, this one marked. */
export function useOwnSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: async ({ signal }) => (await callEndpoint(sessionEndpoints.listOwn, { signal })).data,
    staleTime: 0,
  });
}

/** Ends one or more of the user's other sessions; the list is read again whatever happened. */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) => {
      for (const id of ids) await callEndpoint(sessionEndpoints.endOwn, { params: { id } });
      return ids.length;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
