/**
 * The website's edge policy as plain values, kept apart from the Website construct so tests can
 * check them directly: the Content-Security-Policy and the SPA routing function's code.
 */

/** What the CSP must allow; values may be CDK tokens (they are joined into one string). */
export interface ContentSecurityPolicySources {
  /** `https://<api id>.execute-api.<region>.amazonaws.com` */
  readonly restApiOrigin: string;
  /** `https://<id>.appsync-api.<region>.amazonaws.com/graphql` */
  readonly graphqlUrl: string;
  /** `wss://<id>.appsync-realtime-api.<region>.amazonaws.com/graphql` */
  readonly graphqlRealtimeUrl: string;
  /** Region of the Cognito endpoints Amplify calls. */
  readonly region: string;
  /** Google Analytics 4 measurement id: its hosts are allowed only when it is set. */
  readonly analyticsMeasurementId?: string;
}

/** Google's documented CSP hosts for GA4 (gtag.js and its collect endpoints). */
const ANALYTICS_SCRIPT_SOURCES = ['https://www.googletagmanager.com'];
const ANALYTICS_CONNECT_SOURCES = ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'];
const ANALYTICS_IMG_SOURCES = ['https://*.google-analytics.com', 'https://*.googletagmanager.com'];

/**
 * Recurly.js (card entry): the script, its tokenization API, and the card field iframes it serves
 * from api.recurly.com, so card data goes to Recurly and never to our API.
 */
const RECURLY_SCRIPT_SOURCES = ['https://js.recurly.com'];
const RECURLY_CONNECT_SOURCES = ['https://api.recurly.com'];
const RECURLY_FRAME_SOURCES = ['https://api.recurly.com'];

/**
 * The Content-Security-Policy: only the app's own files and exactly its endpoints (REST API,
 * AppSync over https and its realtime wss endpoint, Cognito user and identity pools, Recurly.js
 * for card entry), plus the Google Analytics hosts when a measurement id is configured. No 'unsafe-eval', no inline script.
 * `style-src 'unsafe-inline'` is needed because react-hot-toast injects its styles at run time
 * (goober writes a `<style>` element); styles cannot run code.
 */
export function buildContentSecurityPolicy(sources: ContentSecurityPolicySources): string {
  const analytics = Boolean(sources.analyticsMeasurementId);
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...RECURLY_SCRIPT_SOURCES, ...(analytics ? ANALYTICS_SCRIPT_SOURCES : [])],
    [
      'connect-src',
      "'self'",
      sources.restApiOrigin,
      sources.graphqlUrl,
      sources.graphqlRealtimeUrl,
      `https://cognito-idp.${sources.region}.amazonaws.com`,
      `https://cognito-identity.${sources.region}.amazonaws.com`,
      ...RECURLY_CONNECT_SOURCES,
      ...(analytics ? ANALYTICS_CONNECT_SOURCES : []),
    ],
    ['frame-src', ...RECURLY_FRAME_SOURCES],
    ['img-src', "'self'", 'data:', ...(analytics ? ANALYTICS_IMG_SOURCES : [])],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['frame-ancestors', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['object-src', "'none'"],
    ['upgrade-insecure-requests'],
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/**
 * CloudFront Function (viewer request, cloudfront-js-2.0) for the single-page app: a path
 * without a file extension is a client-side route and is served `/index.html`; a path with an
 * extension is a file and goes to S3 as is. So a missing `/config.json` or `/assets/x.js` stays
 * an error (403 from the private bucket) instead of silently becoming HTML, which a 403/404 →
 * index.html error-response fallback would do.
 */
export const SPA_ROUTING_FUNCTION_CODE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri.lastIndexOf('.') <= uri.lastIndexOf('/')) {
    request.uri = '/index.html';
  }
  return request;
}
`;
