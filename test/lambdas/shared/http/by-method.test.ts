import type { APIGatewayProxyResult } from 'aws-lambda';
import { byMethod } from '../../../../lambdas/shared/http/by-method';
import type { ApiGatewayHandler } from '../../../../lambdas/shared/http/handler';
import { apiGatewayEvent, lambdaContext } from '../../support/api-gateway-event';

const answering =
  (body: string): ApiGatewayHandler =>
  async () =>
    ({ statusCode: 200, body }) satisfies APIGatewayProxyResult;

describe('one Lambda serving several methods', () => {
  const handler = byMethod(
    { POST: answering('saved'), PATCH: answering('changed'), DELETE: answering('deleted') },
    { allowedOrigins: ['https://app.example'] },
  );
  const call = (method: string) =>
    handler(apiGatewayEvent({ method, resource: '/assistant/jobs/{id}', headers: { Origin: 'https://app.example' } }), lambdaContext());

  it.each([
    ['POST', 'saved'],
    ['PATCH', 'changed'],
    ['DELETE', 'deleted'],
  ])('hands %s to its own handler', async (method, body) => {
    expect(await call(method)).toMatchObject({ statusCode: 200, body });
  });

  it.each(['GET', 'PUT', 'toString', '__proto__'])(
    'answers %s, which it does not serve, 404 with CORS headers like any refusal',
    async (method) => {
      const answer = await call(method);
      expect(answer.statusCode).toBe(404);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'route_not_found' });
      expect(answer.headers?.['Access-Control-Allow-Origin']).toBe('https://app.example');
    },
  );
});
