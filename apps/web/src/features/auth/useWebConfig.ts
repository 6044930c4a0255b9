import type { WebConfig } from '@ps/contracts';
import { useEffect, useState } from 'react';
import { toastApiError } from '../../lib/api';
import { getBasicToken, getWebConfig, storeWebConfig } from '../../lib/session';
import { fetchWebConfig } from './api';

/** The persisted web config at once, then refreshed from the API with the company's Basic key. */
export function useWebConfig(): WebConfig | null {
  const [config, setConfig] = useState(getWebConfig);
  useEffect(() => {
    if (!getBasicToken()) return;
    let active = true;
    fetchWebConfig().then(
      ({ data }) => {
        storeWebConfig(data);
        if (active) setConfig(data);
      },
      (error: unknown) => {
        if (active) toastApiError(error);
      },
    );
    return () => {
      active = false;
    };
  }, []);
  return config;
}
