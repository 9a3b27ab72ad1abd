import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { RuntimeConfig } from '../../lambdas/shared/contracts/runtime-config';
import { acknowledgeCdkManagedRole } from './nag-acknowledgements';
import { buildContentSecurityPolicy, SPA_ROUTING_FUNCTION_CODE } from './website-policy';

/** The runtime config file the web app fetches before `Amplify.configure`. */
export const RUNTIME_CONFIG_FILE = 'config.json';
/** Vite's output folder for content-hashed files: they never change, so they cache forever. */
export const HASHED_ASSETS_PREFIX = 'assets/';

export interface WebsiteProps {
  /** Absolute path of the built web app (`npm run build:web` writes `web/dist`). */
  readonly webDistPath: string;
  /**
   * The web app's runtime configuration, written as `/config.json` next to the app (values may
   * be CDK tokens: they are filled in at deploy time). One web build serves every stage.
   */
  readonly runtimeConfig: RuntimeConfig;
  /**
   * `https://<api id>.execute-api.<region>.amazonaws.com`, for the CSP (the REST URL itself
   * depends on the API deployment, which depends on this website's origin through CORS).
   */
  readonly restApiOrigin: string;
  /** `wss://…appsync-realtime-api…/graphql`, for the CSP. */
  readonly graphqlRealtimeUrl: string;
  /** Retain the buckets on stack deletion (prod); otherwise empty and delete them. */
  readonly retainData: boolean;
}

/**
 * The website: a private S3 bucket behind CloudFront (origin access control), SPA routing by a
 * CloudFront Function, security headers with a CSP that allows exactly the app's endpoints, and
 * the built web app deployed with its runtime `config.json`. Hashed assets are cached for a
 * year; `index.html`, `config.json` and the other top-level files are `no-cache` and invalidated
 * on every deployment. Access logs of the bucket and the distribution go to a logs bucket.
 */
export class Website extends Construct {
  public readonly bucket: Bucket;
  public readonly logsBucket: Bucket;
  public readonly distribution: Distribution;
  public readonly responseHeadersPolicy: ResponseHeadersPolicy;
  /** `https://<distribution domain>`: the origin the REST API's CORS allows. */
  public readonly origin: string;
  /** `https://<distribution domain>/` */
  public readonly url: string;
  /** The Content-Security-Policy header value (with tokens). */
  public readonly contentSecurityPolicy: string;
  /** Deploys `index.html`, `config.json` and the other non-hashed files. */
  public readonly pagesDeployment: BucketDeployment;

  constructor(scope: Construct, id: string, props: WebsiteProps) {
    super(scope, id);
    assertWebDistBuilt(props.webDistPath);
    const removal = props.retainData
      ? { removalPolicy: RemovalPolicy.RETAIN }
      : { removalPolicy: RemovalPolicy.DESTROY, autoDeleteObjects: true };

    this.logsBucket = new Bucket(this, 'LogsBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      // CloudFront standard logs are delivered with an ACL grant: ACLs must be enabled.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      ...removal,
    });
    Validations.of(this.logsBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket itself; logging it into itself would loop and another log bucket would only move the finding.',
    });

    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: this.logsBucket,
      serverAccessLogsPrefix: 's3/website/',
      ...removal,
    });

    this.contentSecurityPolicy = buildContentSecurityPolicy({
      restApiOrigin: props.restApiOrigin,
      graphqlUrl: props.runtimeConfig.graphqlUrl,
      graphqlRealtimeUrl: props.graphqlRealtimeUrl,
      region: props.runtimeConfig.region,
      analyticsMeasurementId: props.runtimeConfig.analyticsMeasurementId,
    });
    this.responseHeadersPolicy = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'CSP limited to the app endpoints, HSTS, no framing, no sniffing.',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: this.contentSecurityPolicy, override: true },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
          preload: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [{ header: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=()', override: true }],
      },
    });

    const spaRouting = new CloudFrontFunction(this, 'SpaRouting', {
      comment: 'Serves /index.html for client-side routes (paths without a file extension).',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(SPA_ROUTING_FUNCTION_CODE),
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `${Stack.of(this).stackName} web app`,
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        compress: true,
        responseHeadersPolicy: this.responseHeadersPolicy,
        functionAssociations: [{ function: spaRouting, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      httpVersion: HttpVersion.HTTP2_AND_3,
      // North America and Europe: the product serves recruiters from a us-east-2 backend.
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: this.logsBucket,
      logFilePrefix: 'cloudfront/',
    });
    Validations.of(this.distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR1',
        reason: 'No geo restriction: the spec names no country limits; recruiters may sign in from anywhere.',
      },
      {
        id: 'AwsSolutions-CFR2',
        reason:
          'No WAF web ACL: the distribution serves only static files from a private bucket (no origin logic to attack); a web ACL (USD 5/month plus rules and requests) buys nothing here.',
      },
      {
        id: 'AwsSolutions-CFR4',
        reason:
          'The spec has no custom domain, so the distribution uses the default *.cloudfront.net certificate, whose minimum protocol CloudFront fixes at TLSv1 and cannot be raised; with a custom domain certificate the cdk.json flag defaultSecurityPolicyTLSv1.2_2021 makes TLSv1.2_2021 the minimum.',
      },
    );
    this.origin = `https://${this.distribution.distributionDomainName}`;
    this.url = `${this.origin}/`;

    // Both deployments share CDK's singleton handler; without a log group of our own it would
    // write to an auto-created /aws/lambda/… group that never expires.
    const deploymentLogs = new LogGroup(this, 'DeploymentLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });

    // 1. Content-hashed files first, cached for a year; never pruned, so tabs still running the
    //    previous build can load their chunks.
    const assetsDeployment = new BucketDeployment(this, 'DeployHashedAssets', {
      sources: [Source.asset(props.webDistPath)],
      destinationBucket: this.bucket,
      exclude: ['*'],
      include: [`${HASHED_ASSETS_PREFIX}*`],
      prune: false,
      logGroup: deploymentLogs,
      cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()],
      memoryLimit: 512,
    });
    // 2. Then the entry points and the runtime config, revalidated on every load.
    this.pagesDeployment = new BucketDeployment(this, 'DeployPages', {
      sources: [Source.asset(props.webDistPath), Source.jsonData(RUNTIME_CONFIG_FILE, props.runtimeConfig)],
      destinationBucket: this.bucket,
      exclude: [`${HASHED_ASSETS_PREFIX}*`],
      prune: true,
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/', '/index.html', `/${RUNTIME_CONFIG_FILE}`],
      memoryLimit: 512,
      logGroup: deploymentLogs,
    });
    this.pagesDeployment.node.addDependency(assetsDeployment);

    // Both deployments share CDK's singleton handler (same memory size): acknowledge its findings.
    const handlerRole = this.pagesDeployment.handlerRole;
    acknowledgeCdkManagedRole(handlerRole, 'the BucketDeployment handler that copies the web app into the bucket');
    const handler = handlerRole.node.scope;
    if (handler) {
      Validations.of(handler).acknowledge({
        id: 'AwsSolutions-L1',
        reason: "BucketDeployment's handler runtime is chosen by aws-cdk-lib and moves with CDK upgrades.",
      });
    }
  }
}

/** Fails synth early, with the fix, when the web app has not been built. */
function assertWebDistBuilt(webDistPath: string): void {
  if (!fs.existsSync(path.join(webDistPath, 'index.html'))) {
    throw new Error(
      `The web app is not built: ${path.join(webDistPath, 'index.html')} is missing. ` +
        'Run `npm run build:web` first (`npx cdk synth` runs it through the "build" hook in cdk.json).',
    );
  }
}
