import { createContext } from 'react';
import type { OrganizationReader } from './organization-query';

/**
 * Where the account menu's firm name reads the caller's firm from: `rest` (the app: the REST API,
 * built by the lazily loaded firm name itself, so neither the REST client nor TanStack Query
 * reach the entry), a fake (tests), or nothing (no provider: the name is not shown).
 */
export const OrganizationReaderContext = createContext<OrganizationReader | 'rest' | null>(null);
