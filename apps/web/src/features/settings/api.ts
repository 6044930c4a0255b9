import { type WebConfig, type WebConfigUpdate, webConfigEndpoints } from '@ps/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';
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
