import type { RuntimeConfig } from '../../../web/src/config/runtime-config';

/** A valid runtime config, as the local runtime would publish it. */
export function testConfig(overrides: Partial<RuntimeConfig> = {}): RuntimeConfig {
  return {
    productName: 'TalentPilot',
    stage: 'local',
    region: 'us-east-2',
    restApiUrl: 'http://127.0.0.1:5181/prod/',
    graphqlUrl: 'http://127.0.0.1:5182/graphql',
    graphqlApiKey: 'da2-localtestkey',
    supportPortalUrl: 'https://support.talentpilot.example.com/',
    planCodeSuffix: '_dev',
    ...overrides,
  };
}
