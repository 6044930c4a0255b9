import type { WebConfig, WebConfigUpdate } from '@ps/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { webConfigKeys } from '../../lib/companyWebConfig';
import { storeWebConfig } from '../../lib/session';

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
    mutationFn: (values: WebConfigUpdate) =>
      apiRequest<WebConfig>('/web-config/update', { method: 'PATCH', body: values }).then((response) => response.data),
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
      return apiRequest<WebConfig>('/web-config/logo', { method: 'POST', body: form }).then((response) => response.data);
    },
    onSuccess: adopt,
    meta: { silent: true },
  });
}

export function useRemoveLogo() {
  const adopt = useAdoptWebConfig();
  return useMutation({
    mutationFn: () => apiRequest<WebConfig>('/web-config/logo', { method: 'DELETE' }).then((response) => response.data),
    onSuccess: adopt,
  });
}
