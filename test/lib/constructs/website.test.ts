import { Match } from 'aws-cdk-lib/assertions';
import { RuntimeConfigSchema } from '../../../lambdas/shared/contracts/runtime-config';
import { flatten, onlyResource, resourcesOfType } from '../support/build-app';
import { synthesizedApp, SYNTHESIS_TIMEOUT_MS, type SynthesizedApp } from '../support/synthesized-app';
import { concernSnapshot } from '../support/template-snapshots';

function contentSecurityPolicy(app: SynthesizedApp): string {
  const policy = onlyResource(app.template, 'AWS::CloudFront::ResponseHeadersPolicy');
  const config = policy.Properties.ResponseHeadersPolicyConfig as {
    SecurityHeadersConfig: { ContentSecurityPolicy: { ContentSecurityPolicy: unknown } };
  };
  return flatten(config.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy);
}

function directive(csp: string, name: string): string[] {
  const found = csp
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name);
  if (!found) throw new Error(`CSP has no ${name}: ${csp}`);
  return found.slice(1);
}

/** The config.json written into the cloud assembly, and the deployment resource that fills its markers. */
function runtimeConfigFile(app: SynthesizedApp): { json: Record<string, unknown>; markers: Record<string, unknown> } {
  // Every config.json of the cloud assembly, as the synthesis wrote them.
  expect(app.runtimeConfigFiles).toHaveLength(1);
  const json = app.runtimeConfigFiles[0];
  const deployment = resourcesOfType(app.template, 'Custom::CDKBucketDeployment').find(([id]) => id.startsWith('WebsiteDeployPages'));
  const markers = (deployment?.[1].Properties.SourceMarkers as Record<string, unknown>[]).find((m) => Object.keys(m).length > 0) ?? {};
  return { json, markers };
}

describe('Website: private bucket behind CloudFront', () => {
  let dev: SynthesizedApp;
  let prod: SynthesizedApp;
  beforeAll(async () => {
    dev = await synthesizedApp('dev');
    prod = await synthesizedApp('prod-with-analytics');
  }, SYNTHESIS_TIMEOUT_MS);

  describe('bucket', () => {
    it('is private, encrypted, TLS-only and logs its access to the logs bucket', () => {
      const bucket = resourcesOfType(dev.template, 'AWS::S3::Bucket').find(([id]) => id.startsWith('WebsiteBucket'))?.[1];
      expect(bucket?.Properties).toMatchObject({
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
        LoggingConfiguration: { DestinationBucketName: { Ref: expect.stringMatching(/^WebsiteLogsBucket/) }, LogFilePrefix: 's3/website/' },
      });
      dev.template.hasResourceProperties('AWS::S3::BucketPolicy', {
        Bucket: { Ref: Match.stringLikeRegexp('^WebsiteBucket') },
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
            Match.objectLike({
              Effect: 'Allow',
              Principal: { Service: 'cloudfront.amazonaws.com' },
              Action: 's3:GetObject',
              Condition: { StringEquals: { 'AWS:SourceArn': Match.anyValue() } },
            }),
          ]),
        },
      });
    });

    it('is emptied and deleted with a dev stack, retained in prod', () => {
      dev.template.allResources('AWS::S3::Bucket', { DeletionPolicy: 'Delete' });
      dev.template.resourceCountIs('Custom::S3AutoDeleteObjects', 2);
      prod.template.allResources('AWS::S3::Bucket', { DeletionPolicy: 'Retain' });
      prod.template.resourceCountIs('Custom::S3AutoDeleteObjects', 0);
    });
  });

  describe('distribution', () => {
    it('reads the bucket through origin access control, over HTTPS only', () => {
      dev.template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
        OriginAccessControlConfig: { OriginAccessControlOriginType: 's3', SigningBehavior: 'always', SigningProtocol: 'sigv4' },
      });
      dev.template.hasResourceProperties('AWS::CloudFront::Distribution', {
        DistributionConfig: Match.objectLike({
          DefaultRootObject: 'index.html',
          Origins: [Match.objectLike({ OriginAccessControlId: { 'Fn::GetAtt': [Match.stringLikeRegexp('OriginAccessControl'), 'Id'] } })],
          DefaultCacheBehavior: Match.objectLike({
            ViewerProtocolPolicy: 'redirect-to-https',
            AllowedMethods: ['GET', 'HEAD'],
            Compress: true,
          }),
          Logging: {
            Bucket: { 'Fn::GetAtt': [Match.stringLikeRegexp('^WebsiteLogsBucket'), 'RegionalDomainName'] },
            Prefix: 'cloudfront/',
          },
        }),
      });
    });

    it('routes client-side paths to index.html with a viewer-request function, not with error pages', () => {
      dev.template.hasResourceProperties('AWS::CloudFront::Function', {
        FunctionConfig: Match.objectLike({ Runtime: 'cloudfront-js-2.0' }),
      });
      dev.template.hasResourceProperties('AWS::CloudFront::Distribution', {
        DistributionConfig: Match.objectLike({
          DefaultCacheBehavior: Match.objectLike({
            FunctionAssociations: [
              { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [Match.stringLikeRegexp('^WebsiteSpaRouting'), 'FunctionARN'] } },
            ],
          }),
          CustomErrorResponses: Match.absent(),
        }),
      });
    });
  });

  describe('security headers', () => {
    it('sends HSTS for two years with subdomains and preload, nosniff, DENY framing and a strict referrer policy', () => {
      dev.template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
        ResponseHeadersPolicyConfig: Match.objectLike({
          SecurityHeadersConfig: Match.objectLike({
            StrictTransportSecurity: { AccessControlMaxAgeSec: 63_072_000, IncludeSubdomains: true, Preload: true, Override: true },
            ContentTypeOptions: { Override: true },
            FrameOptions: { FrameOption: 'DENY', Override: true },
            ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
          }),
        }),
      });
    });

    it('has a CSP that connects only to the app itself, its REST and GraphQL APIs, Cognito and Recurly.js', () => {
      const csp = contentSecurityPolicy(dev);
      expect(directive(csp, 'default-src')).toEqual(["'self'"]);
      expect(directive(csp, 'script-src')).toEqual(["'self'", 'https://js.recurly.com']);
      expect(directive(csp, 'frame-src')).toEqual(['https://api.recurly.com']);
      expect(directive(csp, 'connect-src')).toEqual([
        "'self'",
        expect.stringMatching(/^https:\/\/\$\{RestApi[0-9A-F]+\}\.execute-api\.us-east-2\.\$\{AWS::URLSuffix\}$/),
        expect.stringMatching(/^\$\{GraphqlApi[0-9A-F]+\.GraphQLUrl\}$/),
        expect.stringMatching(/^\$\{GraphqlApi[0-9A-F]+\.RealtimeUrl\}$/),
        'https://cognito-idp.us-east-2.amazonaws.com',
        'https://cognito-identity.us-east-2.amazonaws.com',
        'https://api.recurly.com',
      ]);
      expect(directive(csp, 'img-src')).toEqual(["'self'", 'data:']);
      expect(directive(csp, 'style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
      expect(directive(csp, 'base-uri')).toEqual(["'self'"]);
      expect(directive(csp, 'form-action')).toEqual(["'self'"]);
      expect(directive(csp, 'object-src')).toEqual(["'none'"]);
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).not.toContain('google');
    });

    it('allows Google Analytics hosts only when a measurement id is configured', () => {
      const csp = contentSecurityPolicy(prod);
      expect(directive(csp, 'script-src')).toEqual(["'self'", 'https://js.recurly.com', 'https://www.googletagmanager.com']);
      expect(directive(csp, 'connect-src')).toEqual(
        expect.arrayContaining(['https://*.google-analytics.com', 'https://*.analytics.google.com']),
      );
      expect(csp).not.toContain('unsafe-eval');
    });
  });

  describe('deployment', () => {
    it('writes config.json in exactly the runtime-config shape, filled from the stack at deploy time', () => {
      const { json, markers } = runtimeConfigFile(dev);
      expect(Object.keys(json).sort()).toEqual(
        [
          'productName',
          'productSlug',
          'stage',
          'region',
          'restApiUrl',
          'graphqlUrl',
          'graphqlApiKey',
          'supportPortalUrl',
          'planCodeSuffix',
          'userPoolId',
          'userPoolClientId',
          'identityPoolId',
        ].sort(),
      );
      expect(json).toMatchObject({
        productName: 'TalentPilot',
        productSlug: 'talentpilot',
        stage: 'dev',
        region: 'us-east-2',
        planCodeSuffix: '_dev',
      });
      // Deploy-time values are markers that the deployment replaces with these references.
      const referenced = Object.values(markers).map((value) => flatten(value));
      expect(referenced).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^\$\{GraphqlApi[0-9A-F]+\.GraphQLUrl\}$/),
          expect.stringMatching(/^\$\{GraphqlApiDefaultApiKey[0-9A-F]+\.ApiKey\}$/),
          expect.stringMatching(/^\$\{AuthUserPool[0-9A-F]+\}$/),
          expect.stringMatching(/^\$\{AuthUserPoolWebClient[0-9A-F]+\}$/),
          expect.stringMatching(/^\$\{AuthIdentityPool[0-9A-F]+\}$/),
          expect.stringMatching(/^\$\{RestApiDeploymentStageprod[0-9A-F]+\}$/),
        ]),
      );
      // With sample values in place of the markers, the file passes the web app's own validation.
      const filled = JSON.parse(
        JSON.stringify(json)
          .replace(/https:\/\/<<marker:0xbaba:\d+>>\.execute-api[^"]*/, 'https://abc123.execute-api.us-east-2.amazonaws.com/prod/')
          .replace(/"graphqlUrl":"<<marker:0xbaba:\d+>>"/, '"graphqlUrl":"https://x.appsync-api.us-east-2.amazonaws.com/graphql"')
          .replace(/<<marker:0xbaba:\d+>>/g, 'sample-value'),
      );
      expect(RuntimeConfigSchema.safeParse(filled).success).toBe(true);
    });

    it('includes the analytics measurement id in config.json only when configured', () => {
      expect(runtimeConfigFile(dev).json).not.toHaveProperty('analyticsMeasurementId');
      expect(runtimeConfigFile(prod).json).toMatchObject({ analyticsMeasurementId: 'G-TEST12345', stage: 'prod', planCodeSuffix: '' });
    });

    it('serves index.html and config.json with no-cache and invalidates them; hashed assets are immutable', () => {
      const deployments = Object.fromEntries(
        resourcesOfType(dev.template, 'Custom::CDKBucketDeployment').map(([id, r]) => [id.replace(/CustomResource.*$/, ''), r.Properties]),
      );
      expect(deployments.WebsiteDeployPages).toMatchObject({
        Prune: true,
        Exclude: ['assets/*'],
        SystemMetadata: { 'cache-control': 'no-cache' },
        DistributionPaths: ['/', '/index.html', '/config.json'],
      });
      expect(deployments.WebsiteDeployHashedAssets).toMatchObject({
        Prune: false,
        Exclude: ['*'],
        Include: ['assets/*'],
        SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
      });
    });
  });

  it('matches the reviewed snapshot of the buckets, distribution and deployments (dev, compact view)', () => {
    expect(concernSnapshot(dev, 'website')).toMatchSnapshot();
  });
});
