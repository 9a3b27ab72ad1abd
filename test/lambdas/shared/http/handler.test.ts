import { z } from 'zod';
import { ConflictError } from '../../../../lambdas/shared/errors';
import { httpHandler, INVALID_FIELDS_MESSAGE, INVALID_JSON_MESSAGE } from '../../../../lambdas/shared/http/handler';
import { INTERNAL_ERROR_MESSAGE } from '../../../../lambdas/shared/http/response';
import { apiGatewayEvent, lambdaContext } from '../../support/api-gateway-event';
import { captureLogs, type CapturedLogs } from '../../support/capture-logs';

const ORIGIN = 'http://127.0.0.1:5180';
const allowedOrigins = [ORIGIN];

const InviteSchema = z.object({
  email: z.email({ error: 'Please enter a valid email address.' }),
  seats: z.number().int().min(1, { error: 'At least one seat.' }),
});

const post = (body: string | null, extra: { isBase64Encoded?: boolean } = {}) =>
  apiGatewayEvent({
    method: 'POST',
    resource: '/admin/user/create',
    headers: { 'Content-Type': 'application/json', origin: ORIGIN },
    body,
    ...extra,
  });

describe('httpHandler', () => {
  let logs: CapturedLogs;
  beforeEach(() => {
    logs = captureLogs();
  });
  afterEach(() => logs.restore());

  it('answers what the route returns as JSON, 200 by default, with CORS for the caller', async () => {
    const handler = httpHandler(async () => ({ body: { ok: true } }), { allowedOrigins });

    const response = await handler(apiGatewayEvent({ headers: { Origin: ORIGIN } }), lambdaContext());

    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ ok: true });
    expect(response.headers).toMatchObject({ 'Access-Control-Allow-Origin': ORIGIN, Vary: 'Origin', 'Cache-Control': 'no-store' });
  });

  it('hands a validated body to the route and lets it choose the status', async () => {
    const handler = httpHandler(
      async (request) => ({ statusCode: 201, body: { invited: request.body.email, seats: request.body.seats } }),
      {
        allowedOrigins,
        body: InviteSchema,
      },
    );

    const response = await handler(post('{"email":"ana@agency.com","seats":3}'), lambdaContext());

    expect(response.statusCode).toBe(201);
    expect(JSON.parse(response.body)).toEqual({ invited: 'ana@agency.com', seats: 3 });
  });

  it('decodes a base64 body', async () => {
    const handler = httpHandler(async (request) => ({ body: request.body }), { allowedOrigins, body: InviteSchema });

    const response = await handler(
      post(Buffer.from('{"email":"ana@agency.com","seats":1}').toString('base64'), { isBase64Encoded: true }),
      lambdaContext(),
    );

    expect(JSON.parse(response.body)).toEqual({ email: 'ana@agency.com', seats: 1 });
  });

  it.each([
    ['malformed JSON', '{"email": "ana@agency.com",'],
    ['an empty body', ''],
    ['no body', null],
  ])('refuses %s with 400 and a clear message, without calling the route', async (_label, body) => {
    const route = jest.fn(async () => ({ body: {} }));
    const handler = httpHandler(route, { allowedOrigins, body: InviteSchema });

    const response = await handler(post(body), lambdaContext());

    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toEqual({ message: INVALID_JSON_MESSAGE, code: 'invalid_json' });
    expect(route).not.toHaveBeenCalled();
  });

  it('refuses a body that breaks the schema with one message per field', async () => {
    const handler = httpHandler(async () => ({ body: {} }), { allowedOrigins, body: InviteSchema });

    const response = await handler(post('{"email":"not-an-email","seats":0}'), lambdaContext());

    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toEqual({
      message: INVALID_FIELDS_MESSAGE,
      code: 'validation_failed',
      fields: { email: 'Please enter a valid email address.', seats: 'At least one seat.' },
    });
  });

  it('refuses a body that is not an object at all', async () => {
    const handler = httpHandler(async () => ({ body: {} }), { allowedOrigins, body: InviteSchema });

    const response = await handler(post('[1,2]'), lambdaContext());

    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body).fields).toEqual({ body: expect.any(String) });
  });

  it('maps a domain error thrown by the route', async () => {
    const handler = httpHandler(
      async () => {
        throw new ConflictError('This email is already invited.');
      },
      { allowedOrigins },
    );

    const response = await handler(apiGatewayEvent(), lambdaContext());

    expect(response.statusCode).toBe(409);
    expect(JSON.parse(response.body)).toEqual({ message: 'This email is already invited.', code: 'conflict' });
  });

  it('answers an unexpected failure with a generic 500 that leaks nothing, and logs it with the request id', async () => {
    const handler = httpHandler(
      async () => {
        throw new Error('DynamoDB table users-prod-7f3a not found in account 123456789012');
      },
      { allowedOrigins },
    );

    const response = await handler(apiGatewayEvent({ headers: { origin: ORIGIN } }), lambdaContext('req-500'));

    expect(response.statusCode).toBe(500);
    expect(JSON.parse(response.body)).toEqual({ message: INTERNAL_ERROR_MESSAGE, code: 'internal_error' });
    expect(response.body).not.toMatch(/DynamoDB|123456789012|users-prod/);
    expect(response.headers?.['Access-Control-Allow-Origin']).toBe(ORIGIN);
    expect(logs.lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        requestId: 'req-500',
        error: expect.objectContaining({ message: expect.stringContaining('users-prod-7f3a') }),
      }),
    );
  });

  it('writes one summary line per request, tagged with the request id', async () => {
    const handler = httpHandler(async () => ({ body: {} }), { allowedOrigins });

    await handler(apiGatewayEvent(), lambdaContext('req-summary'));

    expect(logs.lines).toEqual([
      expect.objectContaining({
        level: 'info',
        message: 'Request handled',
        requestId: 'req-summary',
        method: 'GET',
        resource: '/subscription/plans',
        statusCode: 200,
        durationMs: expect.any(Number),
      }),
    ]);
  });

  it('keeps request ids apart when requests run concurrently', async () => {
    const handler = httpHandler(
      async (request) => {
        await new Promise((resolve) => setTimeout(resolve, request.requestId === 'slow' ? 20 : 1));
        return { body: {} };
      },
      { allowedOrigins },
    );

    await Promise.all([
      handler(apiGatewayEvent({ path: '/slow' }), lambdaContext('slow')),
      handler(apiGatewayEvent(), lambdaContext('fast')),
    ]);

    expect(logs.lines.map((line) => line.requestId).sort()).toEqual(['fast', 'slow']);
  });

  describe('allowed origins from ALLOWED_ORIGINS', () => {
    const saved = process.env.ALLOWED_ORIGINS;
    afterEach(() => {
      if (saved === undefined) delete process.env.ALLOWED_ORIGINS;
      else process.env.ALLOWED_ORIGINS = saved;
    });

    it('reads the comma-separated list once, on the first request', async () => {
      process.env.ALLOWED_ORIGINS = ' https://app.talentpilot.example.com , http://127.0.0.1:5180 ';
      const handler = httpHandler(async () => ({ body: {} }));

      const first = await handler(apiGatewayEvent({ headers: { origin: 'http://127.0.0.1:5180' } }), lambdaContext());
      process.env.ALLOWED_ORIGINS = 'https://elsewhere.example.com';
      const second = await handler(apiGatewayEvent({ headers: { origin: 'https://app.talentpilot.example.com' } }), lambdaContext());
      const stranger = await handler(apiGatewayEvent({ headers: { origin: 'https://evil.example' } }), lambdaContext());

      expect(first.headers?.['Access-Control-Allow-Origin']).toBe('http://127.0.0.1:5180');
      expect(second.headers?.['Access-Control-Allow-Origin']).toBe('https://app.talentpilot.example.com');
      expect(stranger.headers?.['Access-Control-Allow-Origin']).toBe('https://app.talentpilot.example.com');
    });

    it('fails closed with a logged 500 naming the variable when it is missing', async () => {
      delete process.env.ALLOWED_ORIGINS;
      const route = jest.fn(async () => ({ body: {} }));
      const handler = httpHandler(route);

      const response = await handler(apiGatewayEvent({ headers: { origin: ORIGIN } }), lambdaContext());

      expect(response.statusCode).toBe(500);
      expect(response.headers?.['Access-Control-Allow-Origin']).toBe('null');
      expect(route).not.toHaveBeenCalled();
      expect(logs.lines).toContainEqual(
        expect.objectContaining({
          level: 'error',
          error: expect.objectContaining({ message: expect.stringContaining('ALLOWED_ORIGINS is not set') }),
        }),
      );
    });
  });
});
