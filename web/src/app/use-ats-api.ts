import { useMemo } from 'react';
import { useRuntimeConfig } from '../config/config-context';
import { createRestAtsApi, type AtsApi } from '../features/ats/api/ats-api';
import { usePortOverrides } from './ports';

/**
 * The ATS API of the pages that use it (the account's ATS settings, placement prediction, the
 * candidate import of best fit and candidate summary): the REST client, or the tests' fake.
 * Imported by lazily loaded modules only, so the ATS client never reaches the entry.
 */
export function useAtsApi(): AtsApi {
  const config = useRuntimeConfig();
  const { ats } = usePortOverrides();
  return useMemo(() => ats ?? createRestAtsApi(config), [ats, config]);
}
