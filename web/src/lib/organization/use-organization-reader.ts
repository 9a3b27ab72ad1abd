import { useContext, useMemo } from 'react';
import { useRuntimeConfig } from '../../config/config-context';
import { createRestOrganizationReader, type OrganizationReader } from './organization-query';
import { OrganizationReaderContext } from './organization-reader-context';

/**
 * Where the caller's firm is read from (OrganizationReaderContext): the REST API, the tests' fake,
 * or null without a provider. For lazily loaded modules only (it brings the REST client).
 */
export function useOrganizationReader(): OrganizationReader | null {
  const source = useContext(OrganizationReaderContext);
  const config = useRuntimeConfig();
  return useMemo(() => (source === 'rest' ? createRestOrganizationReader(config) : source), [source, config]);
}
