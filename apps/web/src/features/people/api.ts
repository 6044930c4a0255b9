import {
  type AdminAddInput,
  type AdminStatusUpdate,
  adminEndpoints,
  peopleEndpoints,
  roleEndpoints,
  sessionEndpoints,
} from '@ps/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';

export const peopleKeys = {
  all: ['people'] as const,
  list: (search: string, role: string) => ['people', 'list', search, role] as const,
};

/** Everyone of the company (`user/list`): admins and drivers, removed ones left out. */
export function usePeople(search: string, role: 'admin' | 'driver' | undefined) {
  return useQuery({
    queryKey: peopleKeys.list(search, role ?? ''),
    queryFn: async ({ signal }) =>
      (
        await callEndpoint(peopleEndpoints.list, {
          query: { page_size: 1000, sort: 'name', ...(search ? { search } : {}), ...(role ? { role } : {}) },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

function useRefreshPeople() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: peopleKeys.all });
}

/** The form shows a refusal beside its fields, so the call is silent. */
export function useAddAdmin() {
  const refresh = useRefreshPeople();
  return useMutation({
    mutationFn: (body: AdminAddInput) => callEndpoint(adminEndpoints.add, { body }).then((r) => r.data),
    onSuccess: refresh,
    meta: { silent: true },
  });
}

/** 1 lets the person sign in, 0 ends their sign-in and every session at once. */
export function useSetSignIn() {
  const refresh = useRefreshPeople();
  return useMutation({
    mutationFn: ({ userId, ...body }: AdminStatusUpdate & { userId: number }) =>
      callEndpoint(peopleEndpoints.setSignIn, { params: { id: userId }, body }).then((r) => r.data),
    onSettled: refresh,
  });
}

export function useEndSessions() {
  return useMutation({
    mutationFn: (userId: number) => callEndpoint(sessionEndpoints.endUsers, { params: { id: userId } }).then((r) => r.data),
  });
}

export function useRemoveAdmin() {
  const refresh = useRefreshPeople();
  return useMutation({
    mutationFn: (userId: number) => callEndpoint(adminEndpoints.delete, { params: { id: userId } }),
    onSuccess: refresh,
  });
}

/** The roles an office user can be given (`role/list`): the built-in Admin and the company's own (never Driver). */
export function useOfficeRoles(enabled: boolean) {
  return useQuery({
    queryKey: ['roles', 'list', { page_size: 1000, for: 'people' }],
    queryFn: async ({ signal }) =>
      (await callEndpoint(roleEndpoints.list, { query: { page_size: 1000, sort: 'name' }, signal })).data.filter(
        (role) => role.key !== 'driver',
      ),
    enabled,
  });
}

/** Assign Role: the role an office user has from their next request on. */
export function useAssignRole() {
  const refresh = useRefreshPeople();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, roleId }: { userId: number; roleId: number }) =>
      callEndpoint(roleEndpoints.assign, { params: { id: userId }, body: { role_id: roleId } }).then((r) => r.data),
    onSuccess: async () => {
      await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: ['roles'] })]);
    },
  });
}
