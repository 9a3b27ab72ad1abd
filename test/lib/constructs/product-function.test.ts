import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ProductFunction } from '../../../lib/constructs/product-function';
import { REST_ROUTES } from '../../../lib/definitions/rest-routes';

describe('ProductFunction: the one Lambda flavour for every handler', () => {
  let template: Template;
  beforeAll(() => {
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    const stack = new Stack(app, 'FunctionTest', { env: { region: 'us-east-2' } });
    new ProductFunction(stack, 'Handler', {
      entry: path.resolve(__dirname, '../../..', REST_ROUTES[0].entry),
      environment: { GREETING: 'hello' },
    });
    template = Template.fromStack(stack);
  });

  it('runs Node.js 22 on arm64 with source maps, X-Ray and sensible limits', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      Handler: 'index.handler',
      MemorySize: 512,
      Timeout: 10,
      TracingConfig: { Mode: 'Active' },
      Environment: { Variables: { GREETING: 'hello', NODE_OPTIONS: '--enable-source-maps' } },
    });
  });

  it('keeps its logs one month in an explicit log group it can only write to', () => {
    template.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 30 });
    template.hasResourceProperties('AWS::Lambda::Function', {
      LoggingConfig: { LogGroup: { Ref: Match.stringLikeRegexp('^HandlerLogs') } },
    });
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: ['logs:CreateLogStream', 'logs:PutLogEvents'],
            Resource: { 'Fn::GetAtt': [Match.stringLikeRegexp('^HandlerLogs'), 'Arn'] },
          }),
        ]),
      },
    });
  });

  it('has no AWS-managed policy on its role (no AWSLambdaBasicExecutionRole)', () => {
    template.hasResourceProperties('AWS::IAM::Role', { ManagedPolicyArns: Match.absent() });
  });
});

describe('ProductFunction bundling', () => {
  it('bundles the real handler with the local esbuild (no Docker) into one minified file with a source map', () => {
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-bundle-'));
    const app = new App({ outdir });
    const stack = new Stack(app, 'BundleTest', { env: { region: 'us-east-2' } });
    new ProductFunction(stack, 'Handler', { entry: path.resolve(__dirname, '../../..', REST_ROUTES[0].entry) });
    const assembly = app.synth();
    const bundles = fs
      .readdirSync(assembly.directory)
      .filter((name) => name.startsWith('asset.') && fs.existsSync(path.join(assembly.directory, name, 'index.js')));
    expect(bundles).toHaveLength(1);
    const files = fs.readdirSync(path.join(assembly.directory, bundles[0])).sort();
    expect(files).toEqual(['index.js', 'index.js.map']);
    const code = fs.readFileSync(path.join(assembly.directory, bundles[0], 'index.js'), 'utf8');
    expect(code).toContain('sourceMappingURL=index.js.map');
    fs.rmSync(outdir, { recursive: true, force: true });
  }, 60_000);
});
