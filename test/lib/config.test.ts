import { loadStageConfig } from '../../lib/config';

describe('stage config', () => {
  it('defaults to the dev stage in us-east-2 with the _dev plan-code suffix', () => {
    const config = loadStageConfig({});
    expect(config).toMatchObject({ stage: 'dev', region: 'us-east-2', planCodeSuffix: '_dev', retainData: false });
    expect(config.account).toBeUndefined();
    expect(config.analyticsMeasurementId).toBeUndefined();
  });

  it.each([
    ['dev', '_dev', false],
    ['stage', '_stage', false],
    ['prod', '', true],
  ] as const)('stage %s uses plan-code suffix "%s" and retains data: %s', (stage, suffix, retain) => {
    const config = loadStageConfig({ stage });
    expect(config.planCodeSuffix).toBe(suffix);
    expect(config.retainData).toBe(retain);
    expect(config.recurlyApiKeySecretName).toBe(`talentpilot/${stage}/recurly-api-key`);
    expect(config.recurlyWebhookSecretName).toBe(`talentpilot/${stage}/recurly-webhook-secret`);
  });

  it('takes the secret names from context when given, and rejects impossible ones', () => {
    expect(loadStageConfig({ stage: 'prod', recurlyWebhookSecretName: 'billing/recurly-webhooks' }).recurlyWebhookSecretName).toBe(
      'billing/recurly-webhooks',
    );
    expect(loadStageConfig({ productSlug: 'hireflow' }).recurlyWebhookSecretName).toBe('hireflow/dev/recurly-webhook-secret');
    expect(() => loadStageConfig({ recurlyWebhookSecretName: 'has spaces' })).toThrow(/- recurlyWebhookSecretName:/);
  });

  it('takes the account from the CLI environment and optional values from context', () => {
    const config = loadStageConfig(
      { stage: 'prod', analyticsMeasurementId: 'G-ABC123XYZ', supportPortalUrl: 'https://help.example.com/' },
      { CDK_DEFAULT_ACCOUNT: '123456789012' },
    );
    expect(config).toMatchObject({
      account: '123456789012',
      analyticsMeasurementId: 'G-ABC123XYZ',
      supportPortalUrl: 'https://help.example.com/',
    });
  });

  it('treats empty context values as absent', () => {
    expect(loadStageConfig({ analyticsMeasurementId: '' }).analyticsMeasurementId).toBeUndefined();
  });

  it('rejects an unknown stage with a message naming the field', () => {
    expect(() => loadStageConfig({ stage: 'qa' })).toThrow(/Invalid stage config:[\s\S]*- stage:/);
  });

  it('rejects a region other than us-east-2', () => {
    expect(() => loadStageConfig({ region: 'eu-west-1' })).toThrow(/- region:/);
  });

  it('names every bad value at once', () => {
    let message = '';
    try {
      loadStageConfig({ productSlug: 'Not A Slug', supportPortalUrl: 'http://insecure.example.com', analyticsMeasurementId: 'UA-1' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('productSlug must be 2-20 lower-case letters, digits or dashes');
    expect(message).toContain('supportPortalUrl must be an https URL');
    expect(message).toContain('analyticsMeasurementId must look like G-XXXXXXXXXX');
  });

  it('rejects an account id that is not 12 digits', () => {
    expect(() => loadStageConfig({}, { CDK_DEFAULT_ACCOUNT: '1234' })).toThrow(/account must be a 12-digit AWS account id/);
  });

  it('takes alarm e-mail subscribers as a comma-separated list, none by default, and rejects a bad address', () => {
    expect(loadStageConfig({}).alarmEmails).toEqual([]);
    expect(loadStageConfig({ alarmEmails: ' ops@example.com,, oncall@example.com ' }).alarmEmails).toEqual([
      'ops@example.com',
      'oncall@example.com',
    ]);
    expect(loadStageConfig({ alarmEmails: ['ops@example.com'] }).alarmEmails).toEqual(['ops@example.com']);
    expect(() => loadStageConfig({ alarmEmails: 'ops@example.com,not-an-address' })).toThrow(
      /- alarmEmails\.1: alarmEmails must be comma-separated e-mail addresses/,
    );
  });
});

describe('the assistant engine config', () => {
  it('uses Amazon Bedrock with Nova Lite through the US inference profile unless told otherwise', () => {
    expect(loadStageConfig({})).toMatchObject({ assistantEngine: 'bedrock', bedrockModelId: 'us.amazon.nova-lite-v1:0' });
  });

  it('takes -c assistantEngine=deterministic and -c bedrockModelId=… from context', () => {
    expect(loadStageConfig({ assistantEngine: 'deterministic' }).assistantEngine).toBe('deterministic');
    expect(loadStageConfig({ bedrockModelId: 'us.anthropic.claude-3-5-haiku-20241022-v1:0' }).bedrockModelId).toBe(
      'us.anthropic.claude-3-5-haiku-20241022-v1:0',
    );
    expect(loadStageConfig({ bedrockModelId: 'amazon.nova-pro-v1:0' }).bedrockModelId).toBe('amazon.nova-pro-v1:0');
  });

  it.each([
    ['an unknown engine', { assistantEngine: 'openai' }, /- assistantEngine: assistantEngine must be one of bedrock, deterministic/],
    ['a model id with spaces', { bedrockModelId: 'nova lite' }, /- bedrockModelId: bedrockModelId must be a Bedrock model id/],
    ['an EU inference profile, which us-east-2 cannot call', { bedrockModelId: 'eu.amazon.nova-lite-v1:0' }, /- bedrockModelId:/],
    [
      'a global inference profile, whose grant would cover every region',
      { bedrockModelId: 'global.anthropic.claude-sonnet-4-5-20250929-v1:0' },
      /- bedrockModelId:/,
    ],
    ['a model ARN', { bedrockModelId: 'arn:aws:bedrock:us-east-2::foundation-model/amazon.nova-lite-v1:0' }, /- bedrockModelId:/],
  ])('rejects %s', (_case, context, message) => {
    expect(() => loadStageConfig(context)).toThrow(message);
  });
});
