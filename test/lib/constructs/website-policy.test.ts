import { buildContentSecurityPolicy, SPA_ROUTING_FUNCTION_CODE } from '../../../lib/constructs/website-policy';

type Request = { uri: string; querystring?: Record<string, unknown> };
// The CloudFront Function source, run as CloudFront would: handler(event) → request.
const handler = new Function(`${SPA_ROUTING_FUNCTION_CODE}; return handler;`)() as (event: { request: Request }) => Request;
const route = (uri: string) => handler({ request: { uri } }).uri;

describe('SPA routing function', () => {
  it.each(['/', '/products', '/sign-in-error', '/account/', '/some/unknown/path', '/v1.2/route'])(
    'serves index.html for the client-side route %s',
    (uri) => {
      expect(route(uri)).toBe('/index.html');
    },
  );

  it.each(['/config.json', '/assets/index-Bx1y2z3A.js', '/favicon.svg', '/index.html', '/robots.txt'])(
    'leaves the file %s alone, so a missing file stays an error instead of HTML',
    (uri) => {
      expect(route(uri)).toBe(uri);
    },
  );

  it('uses only what the cloudfront-js-2.0 runtime offers (no imports, a plain handler function)', () => {
    expect(SPA_ROUTING_FUNCTION_CODE).toMatch(/^function handler\(event\) \{/);
    expect(SPA_ROUTING_FUNCTION_CODE).not.toMatch(/\b(import|require)\b/);
  });
});

describe('Content-Security-Policy', () => {
  const sources = {
    restApiOrigin: 'https://abc123.execute-api.us-east-2.amazonaws.com',
    graphqlUrl: 'https://xyz.appsync-api.us-east-2.amazonaws.com/graphql',
    graphqlRealtimeUrl: 'wss://xyz.appsync-realtime-api.us-east-2.amazonaws.com/graphql',
    region: 'us-east-2',
  };

  it('is exactly the app’s policy without analytics', () => {
    expect(buildContentSecurityPolicy(sources)).toBe(
      [
        "default-src 'self'",
        "script-src 'self' https://js.recurly.com",
        "connect-src 'self' https://abc123.execute-api.us-east-2.amazonaws.com https://xyz.appsync-api.us-east-2.amazonaws.com/graphql wss://xyz.appsync-realtime-api.us-east-2.amazonaws.com/graphql https://cognito-idp.us-east-2.amazonaws.com https://cognito-identity.us-east-2.amazonaws.com https://api.recurly.com",
        'frame-src https://api.recurly.com',
        "img-src 'self' data:",
        "style-src 'self' 'unsafe-inline'",
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "object-src 'none'",
        'upgrade-insecure-requests',
      ].join('; '),
    );
  });

  it('adds the Google Analytics hosts to script, connect and img sources when a measurement id is set', () => {
    const csp = buildContentSecurityPolicy({ ...sources, analyticsMeasurementId: 'G-ABC1234' });
    expect(csp).toContain("script-src 'self' https://js.recurly.com https://www.googletagmanager.com;");
    expect(csp).toContain('https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com;');
    expect(csp).toContain("img-src 'self' data: https://*.google-analytics.com https://*.googletagmanager.com;");
    expect(csp).not.toContain('unsafe-eval');
  });

  it('stays under CloudFront’s 1783-character limit for the header', () => {
    expect(buildContentSecurityPolicy({ ...sources, analyticsMeasurementId: 'G-ABC1234' }).length).toBeLessThan(1783);
  });
});
