import {
  type CompanyDetails,
  type CompanyDetailsFields,
  companyDetailsEndpoints,
  type PersonalDataSettings,
  type PublicBookingSettings,
  type WebConfig,
  type WebConfigUpdate,
  webConfigEndpoints,
} from '@ps/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';
import { webConfigKeys } from '../../lib/companyWebConfig';
import { adoptClientKey, storeWebConfig } from '../../lib/session';

/** A saved config becomes the app's at once (theme, header) and the cached one. */
function useAdoptWebConfig() {
  const queryClient = useQueryClient();
  return (config: WebConfig) => {
    queryClient.setQueryData(webConfigKeys.company, config);
    storeWebConfig(config);
  };
}

/** Name and colours; the form shows the refusal beside its fields, so the call is silent. */
export function useUpdateWebConfig() {
  const adopt = useAdoptWebConfig();
  return useMutation({
    mutationFn: (values: WebConfigUpdate) => callEndpoint(webConfigEndpoints.update, { body: values }).then((response) => response.data),
    onSuccess: adopt,
    meta: { silent: true },
  });
}

export function useUploadLogo() {
  const adopt = useAdoptWebConfig();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return callEndpoint(webConfigEndpoints.uploadLogo, { form }).then((response) => response.data);
    },
    onSuccess: adopt,
    meta: { silent: true },
  });
}

export function useRemoveLogo() {
  const adopt = useAdoptWebConfig();
  return useMutation({
    mutationFn: () => callEndpoint(webConfigEndpoints.removeLogo, {}).then((response) => response.data),
    onSuccess: adopt,
  });
}

const detailsKey = ['company-details'] as const;

/** The company's details (contact, tax, mail, week and terms), as the settings screen edits them. */
export function useCompanyDetails() {
  return useQuery({
    queryKey: detailsKey,
    queryFn: ({ signal }) => callEndpoint(companyDetailsEndpoints.get, { signal }).then((response) => response.data),
  });
}

/** Saves them; the form shows a refusal beside its fields. The web config is read again: it carries the first day of the week. */
export function useUpdateCompanyDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: Partial<CompanyDetailsFields & PublicBookingSettings & PersonalDataSettings>) =>
      callEndpoint(companyDetailsEndpoints.update, { body: values }).then((response) => response.data),
    onSuccess: (details: CompanyDetails) => {
      queryClient.setQueryData(detailsKey, details);
      void queryClient.invalidateQueries({ queryKey: webConfigKeys.company });
    },
    meta: { silent: true },
  });
}

const clientKeyKey = ['company-client-key'] as const;

/** The company id and client key its own web site sends to the public booking API. */
export function useClientKey() {
  return useQuery({
    queryKey: clientKeyKey,
    queryFn: ({ signal }) => callEndpoint(companyDetailsEndpoints.clientKey, { signal }).then((response) => response.data),
  });
}

/** A new client key: the old one stops at once. The sign-in page's cached web config carries the key, so it is read again. */
export function useRotateClientKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(companyDetailsEndpoints.rotateClientKey, {}).then((response) => response.data),
    onSuccess: (key) => {
      queryClient.setQueryData(clientKeyKey, key);
      adoptClientKey(key.company_id, key.client_key);
      void queryClient.invalidateQueries({ queryKey: webConfigKeys.company });
    },
  });
}
