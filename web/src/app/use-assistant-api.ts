import { useMemo } from 'react';
import { useRuntimeConfig } from '../config/config-context';
import { createRestAssistantApi, type AssistantApi } from '../features/assistant/api/assistant-api';
import { usePortOverrides } from './ports';

/** The assistant API of the /services pages: the REST client, or the tests' fake. */
export function useAssistantApi(): AssistantApi {
  const config = useRuntimeConfig();
  const { assistant } = usePortOverrides();
  return useMemo(() => assistant ?? createRestAssistantApi(config), [assistant, config]);
}
