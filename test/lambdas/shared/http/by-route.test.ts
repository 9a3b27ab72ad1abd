import type { APIGatewayProxyResult } from 'aws-lambda';
import { byRoute } from '../../../../lambdas/shared/http/by-route';
import type { ApiGatewayHandler } from '../../../../lambdas/shared/http/handler';
import { apiGatewayEvent, lambdaContext } from '../../support/api-gateway-event';

const answering =
  (body: string): ApiGatewayHandler =>
  async () =>
    ({ statusCode: 200, body }) satisfies APIGatewayProxyResult;

describe('one Lambda serving several routes', () => {
  const handler = byRoute(
    {
      'POST /assistant/jobs': answering('saved'),
      'PATCH /assistant/jobs/{id}': answering('changed'),
      'DELETE /assistant/jobs/{id}': answering('deleted'),
    },
    { allowedOrigins: ['https://app.example'] },
  );
  const call = (method: string, resource: string) =>
    handler(apiGatewayEvent({ method, resource, headers: { Origin: 'https://app.example' } }), lambdaContext());

  it.each([
    ['POST', '/assistant/jobs', 'saved'],
    ['PATCH', '/assistant/jobs/{id}', 'changed'],
    ['DELETE', '/assistant/jobs/{id}', 'deleted'],
  ])('hands %s %s to its own handler', async (method, resource, body) => {
    expect(await call(method, resource)).toMatchObject({ statusCode: 200, body });
  });

  it.each([
    ['GET', '/assistant/jobs'],
    ['POST', '/assistant/jobs/{id}'],
    ['PUT', '/assistant/jobs/{id}'],
    ['toString', '/assistant/jobs'],
    ['__proto__', '/assistant/jobs'],
  ])('answers %s %s, which it does not serve, 404 with CORS headers like any refusal', async (method, resource) => {
    const answer = await call(method, resource);
    expect(answer.statusCode).toBe(404);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'route_not_found' });
    expect(answer.headers?.['Access-Control-Allow-Origin']).toBe('https://app.example');
  });
});
