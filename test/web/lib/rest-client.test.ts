/** @jest-environment ./test/support/backend-environment.js */
import { createRestClient, parseApiErrorBody, RestApiError } from '../../../web/src/lib/rest-client';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function client(answer: Response | Error, token: string | null = 'id-token-1') {
  const fetchImpl = jest.fn(async () => {
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const getIdToken = jest.fn(async () => token ?? undefined);
  return {
    api: createRestClient({ baseUrl: 'http://127.0.0.1:5181/prod/', getIdToken, fetch: fetchImpl as unknown as typeof fetch }),
    fetchImpl,
    getIdToken,
  };
}

describe('the REST client', () => {
  it('sends the id token as Authorization and reads the JSON answer', async () => {
    const { api, fetchImpl } = client(jsonResponse(200, { subscriptions: [], account: null }));
    await expect(api.get('/user/subscriptions/SubscriptionTBD', { query: { product: 'talentpilot' } })).resolves.toEqual({
      subscriptions: [],
      account: null,
    });
    expect(fetchImpl).toHaveBeenCalledWith(
      'http://127.0.0.1:5181/prod/user/subscriptions/SubscriptionTBD?product=talentpilot',
      expect.objectContaining({ method: 'GET', headers: { Accept: 'application/json', Authorization: 'id-token-1' } }),
    );
  });

  it('posts JSON', async () => {
    const { api, fetchImpl } = client(jsonResponse(201, { ok: true }));
    await api.post('admin/user', { username: 'ada' });
    expect(fetchImpl).toHaveBeenCalledWith(
      'http://127.0.0.1:5181/prod/admin/user',
      expect.objectContaining({
        method: 'POST',
        body: '{"username":"ada"}',
        headers: expect.objectContaining({ 'Content-Type': 'application/json', Authorization: 'id-token-1' }),
      }),
    );
  });

  it('sends extra headers (an Idempotency-Key), which cannot replace its own', async () => {
    const { api, fetchImpl } = client(jsonResponse(201, { ok: true }));
    await api.post(
      'subscription/create-change',
      { planCode: 'starter' },
      { headers: { 'Idempotency-Key': 'key-1', Authorization: 'forged' } },
    );
    expect(fetchImpl).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({
        headers: {
          'Idempotency-Key': 'key-1',
          Accept: 'application/json',
          'Content-Type': 'application/json',
          Authorization: 'id-token-1',
        },
      }),
    );
  });

  it('makes public calls without a token and without asking for one', async () => {
    const { api, fetchImpl, getIdToken } = client(jsonResponse(200, [{ code: 'starter' }]));
    await api.get('subscription/plans', { auth: 'none' });
    expect(getIdToken).not.toHaveBeenCalled();
    expect(fetchImpl).toHaveBeenCalledWith(expect.any(String), expect.objectContaining({ headers: { Accept: 'application/json' } }));
  });

  it('refuses a user call when nobody is signed in, without sending it', async () => {
    const { api, fetchImpl } = client(jsonResponse(200, {}), null);
    await expect(api.get('user/subscriptions/x')).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHENTICATED',
      message: 'You are not logged in',
    });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('turns an ApiErrorBody into a typed error with its fields', async () => {
    const { api } = client(
      jsonResponse(400, { message: 'Check the highlighted fields.', code: 'VALIDATION', fields: { email: 'Enter an email.' } }),
    );
    const error = await api.post('admin/user/create', {}).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(RestApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION',
      message: 'Check the highlighted fields.',
      fields: { email: 'Enter an email.' },
    });
  });

  it('answers other failures with a generic message', async () => {
    await expect(client(jsonResponse(502, { message: 'Internal server error' })).api.get('x')).rejects.toMatchObject({
      status: 502,
      code: 'HTTP_502',
      message: 'Something went wrong',
    });
    await expect(client(new TypeError('Failed to fetch')).api.get('x')).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK',
      message: 'We could not reach our servers. Check your connection and try again.',
    });
  });

  it('reads only well-formed error bodies', () => {
    expect(parseApiErrorBody({ message: 'm', code: 'C' })).toEqual({ message: 'm', code: 'C' });
    expect(parseApiErrorBody({ message: 'm' })).toBeUndefined();
    expect(parseApiErrorBody({ message: 'm', code: 'C', fields: { a: 1 } })).toBeUndefined();
    expect(parseApiErrorBody('nope')).toBeUndefined();
  });
});
