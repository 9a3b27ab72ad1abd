import { App, Stack, Validations } from 'aws-cdk-lib';
import { Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import * as os from 'node:os';
import * as path from 'node:path';
import { createApp } from '../../lib/app';
import { makeWebDist } from './support/build-app';
import { nagProblems } from './support/nag-problems';
import { synthesizedApp, SYNTHESIS_TIMEOUT_MS, type SynthesizedApp } from './support/synthesized-app';

/**
 * The whole app as it deploys, both stages: the stacks it makes, cdk-nag, CDK's annotations. The
 * shared synthesis (support/synthesized-app.ts) built each stage once with the same factory as
 * `bin/app.ts` and recorded what the construct tree said; the tests below that need a tree of
 * their own build a small one.
 */

let dev: SynthesizedApp;
let prod: SynthesizedApp;
beforeAll(async () => {
  [dev, prod] = await Promise.all([synthesizedApp('dev'), synthesizedApp('prod')]);
}, SYNTHESIS_TIMEOUT_MS);

describe('createApp', () => {
  it('builds one stack per stage, named after the product and stage, in us-east-2', () => {
    expect(dev.stack.stacksInApp).toEqual(['talentpilot-dev']);
    expect(prod.stack.stacksInApp).toEqual(['talentpilot-prod']);
    expect(prod.stack.region).toBe('us-east-2');
    expect(prod.stack.terminationProtection).toBe(true);
    expect(dev.stack.terminationProtection).toBe(false);
  });

  it('takes the account from the CLI environment when there is one', () => {
    const { stack } = createApp({
      context: { 'aws:cdk:bundling-stacks': [] },
      webDistPath: makeWebDist(),
      env: { CDK_DEFAULT_ACCOUNT: '123456789012' },
      nag: false,
    });
    expect(stack.account).toBe('123456789012');
  });

  it.each(['dev', 'prod'] as const)('raises no CDK warning or error in %s', (stage) => {
    const { checks } = stage === 'dev' ? dev : prod;
    expect(checks.warnings).toEqual([]);
    expect(checks.errors).toEqual([]);
  });

  it('fails synth on an unacknowledged cdk-nag finding in the stack or a nested stack (the checks are really registered)', () => {
    const { app, stack } = createApp({ context: { 'aws:cdk:bundling-stacks': [] }, webDistPath: makeWebDist() });
    new Bucket(stack, 'CarelessBucket');
    new Bucket(stack.monitoringStack, 'NestedCarelessBucket');
    expect(() => app.synth()).toThrow(/AwsSolutions-S1[\s\S]*MonitoringStack\/NestedCarelessBucket/);
  }, 120_000);

  it('tells the operator to build the web app when web/dist is missing', () => {
    expect(() =>
      createApp({ context: { 'aws:cdk:bundling-stacks': [] }, webDistPath: path.join(os.tmpdir(), 'no-such-web-dist'), nag: false }),
    ).toThrow(/The web app is not built: .*index\.html is missing\. Run `npm run build:web` first/);
  });

  it('rejects bad context with a readable message before building anything', () => {
    expect(() => createApp({ context: { stage: 'production' }, webDistPath: makeWebDist() })).toThrow(
      /Invalid stage config:\n {2}- stage:/,
    );
  });
});

/**
 * cdk-nag's AwsSolutions checks on the app as it deploys (both stages, recorded by the shared
 * synthesis): every finding must be fixed or acknowledged with a real reason (nag-problems.ts).
 * A small non-compliant stack shows that the same check does fail.
 */
describe('cdk-nag AwsSolutions checks', () => {
  it.each(['dev', 'prod'] as const)('leave no finding unacknowledged and no acknowledgement without a real reason in %s', (stage) => {
    const { checks } = stage === 'dev' ? dev : prod;

    expect(checks.acknowledgements).toBeGreaterThan(10);
    expect(checks.nagProblems).toEqual([]);
  });

  it('fail on a non-compliant resource, and on an acknowledgement that gives no reason', () => {
    const app = new App();
    const stack = new Stack(app, 'NonCompliant');
    new Bucket(stack, 'PlainBucket', { encryption: BucketEncryption.S3_MANAGED });
    const hidden = new Bucket(stack, 'HiddenBucket', {
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsPrefix: 'logs/',
    });
    Validations.of(hidden).acknowledge({ id: 'AwsSolutions-S1', reason: 'TODO' });

    const problems = nagProblems(app);

    expect(problems).toEqual(
      expect.arrayContaining([
        'error AwsSolutions-S1: NonCompliant/PlainBucket/Resource',
        'error AwsSolutions-S10: NonCompliant/PlainBucket/Resource',
        'weak reason for Annotation::AwsSolutions-S1 at NonCompliant/HiddenBucket: "TODO"',
      ]),
    );
    expect(problems.join('\n')).not.toContain('HiddenBucket/Resource');
  });
});
