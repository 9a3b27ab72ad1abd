import { ApiErrorBodySchema } from '../../../../lambdas/shared/contracts/api-error';
import {
  BillingUnavailableError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  RateLimitedError,
  UnauthorizedError,
  UpstreamError,
  ValidationError,
} from '../../../../lambdas/shared/errors';
import { errorResponse, INTERNAL_ERROR_MESSAGE, jsonResponse, mapError } from '../../../../lambdas/shared/http/response';
import { captureLogs, type CapturedLogs } from '../../support/capture-logs';

const APP = 'https://app.talentpilot.example.com';
const cors = { requestOrigin: APP, allowedOrigins: [APP, 'http://127.0.0.1:5180'] };

describe('jsonResponse', () => {
  it('answers JSON with the status, CORS for the allowed origin and security headers', () => {
    const response = jsonResponse(200, { plans: [] }, cors);

    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ plans: [] });
    expect(response.headers).toEqual({
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Access-Control-Allow-Origin': APP,
      Vary: 'Origin',
    });
  });

  it('does not echo an origin that is not allowed', () => {
    const response = jsonResponse(200, {}, { requestOrigin: 'https://evil.example', allowedOrigins: [APP] });

    expect(response.headers?.['Access-Control-Allow-Origin']).toBe(APP);
  });

  it('lets a public answer be cached, and extra headers through, but never over the security headers', () => {
    const response = jsonResponse(200, {}, cors, {
      cacheControl: 'public, max-age=300',
      headers: { 'X-Content-Type-Options': 'sniff', 'Access-Control-Allow-Origin': '*', 'X-Extra': 'yes' },
    });

    expect(response.headers).toMatchObject({
      'Cache-Control': 'public, max-age=300',
      'X-Content-Type-Options': 'nosniff',
      'Access-Control-Allow-Origin': APP,
      'X-Extra': 'yes',
    });
  });
});

describe('mapError: one error model for every route', () => {
  it.each([
    [
      new ValidationError('Some fields are missing or invalid.', { email: 'Please enter a valid email address.' }),
      400,
      'validation_failed',
    ],
    [new UnauthorizedError(), 401, 'unauthorized'],
    [new ForbiddenError(), 403, 'forbidden'],
    [new NotFoundError('No such subscription.'), 404, 'not_found'],
    [new ConflictError('A subscription already exists.', { code: 'subscription_exists' }), 409, 'subscription_exists'],
    [new RateLimitedError(), 429, 'rate_limited'],
    [new BillingUnavailableError('Billing is temporarily unavailable.', { retryable: true }), 503, 'billing_unavailable'],
    [new BillingUnavailableError('Billing is unavailable right now.', { retryable: false }), 502, 'billing_unavailable'],
    [new UpstreamError('The directory is unavailable.', { retryable: true }), 503, 'upstream_error'],
  ])('maps %p to %i with code %s and its own message', (error, statusCode, code) => {
    const mapped = mapError(error);

    expect(mapped.statusCode).toBe(statusCode);
    expect(mapped.body).toEqual(expect.objectContaining({ code, message: error.message }));
    expect(ApiErrorBodySchema.parse(mapped.body)).toEqual(mapped.body);
  });

  it('sends per-field messages for a validation error, and no fields key when there are none', () => {
    expect(mapError(new ValidationError('Bad', { 'address.city': 'Please enter a city.' })).body).toEqual({
      message: 'Bad',
      code: 'validation_failed',
      fields: { 'address.city': 'Please enter a city.' },
    });
    expect(mapError(new ValidationError('Request body must be valid JSON', {}, { code: 'invalid_json' })).body).toEqual({
      message: 'Request body must be valid JSON',
      code: 'invalid_json',
    });
  });

  it('tells the caller how long to wait when it is known', () => {
    expect(mapError(new RateLimitedError(undefined, { retryAfterSeconds: 41.2 })).headers).toEqual({ 'Retry-After': '42' });
    expect(mapError(new BillingUnavailableError('x', { retryable: true, retryAfterSeconds: 30 })).headers).toEqual({ 'Retry-After': '30' });
    expect(mapError(new RateLimitedError()).headers).toEqual({});
  });

  it('turns anything else into a generic 500 that says nothing about the cause', () => {
    const secret = new Error('connect ECONNREFUSED 10.0.3.7:5432 password=hunter2');

    expect(mapError(secret)).toEqual({
      statusCode: 500,
      body: { message: INTERNAL_ERROR_MESSAGE, code: 'internal_error' },
      headers: {},
    });
    expect(mapError('a thrown string').statusCode).toBe(500);
    expect(mapError(undefined).statusCode).toBe(500);
  });
});

describe('errorResponse', () => {
  let logs: CapturedLogs;
  beforeEach(() => {
    logs = captureLogs();
  });
  afterEach(() => logs.restore());

  it('answers an unknown failure with a generic 500, logs the real error, and leaks nothing', () => {
    const response = errorResponse(new TypeError("Cannot read properties of undefined (reading 'apiKey')"), cors);

    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('apiKey');
    expect(response.body).not.toContain('TypeError');
    expect(JSON.parse(response.body)).toEqual({ message: INTERNAL_ERROR_MESSAGE, code: 'internal_error' });
    expect(response.headers).toMatchObject({
      'Cache-Control': 'no-store',
      'Access-Control-Allow-Origin': APP,
      'X-Content-Type-Options': 'nosniff',
    });
    expect(logs.lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: 'Request failed',
        statusCode: 500,
        error: expect.objectContaining({
          name: 'TypeError',
          message: "Cannot read properties of undefined (reading 'apiKey')",
          stack: expect.any(String),
        }),
      }),
    );
  });

  it('logs a caller mistake without a stack, and exposes Retry-After to the browser', () => {
    const response = errorResponse(new RateLimitedError(undefined, { retryAfterSeconds: 5 }), cors);

    expect(response.statusCode).toBe(429);
    expect(response.headers).toMatchObject({ 'Retry-After': '5', 'Access-Control-Expose-Headers': 'Retry-After' });
    expect(logs.lines).toEqual([
      expect.objectContaining({ level: 'info', message: 'Request refused', statusCode: 429, code: 'rate_limited' }),
    ]);
  });

  it('logs the cause of an upstream failure, which the caller never sees', () => {
    const cause = Object.assign(new Error('Unauthorized. Please check that you are using a valid API key.'), { type: 'unauthorized' });

    const response = errorResponse(new BillingUnavailableError('Billing is unavailable right now.', { retryable: false, cause }), cors);

    expect(response.statusCode).toBe(502);
    expect(response.body).not.toContain('API key');
    expect(logs.lines[0]).toMatchObject({
      level: 'error',
      error: { name: 'BillingUnavailableError', retryable: false, cause: { type: 'unauthorized' } },
    });
  });
});
