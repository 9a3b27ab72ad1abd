import { LambdaInvocationError } from '../../../local/lambda/host';
import { createOutbox } from '../../../local/identity/outbox';
import { functionNameOf, startLambdaEndpoint, type RunningLambdaEndpoint } from '../../../local/identity/lambda-endpoint';

/** The local Lambda service endpoint: the Invoke API cognito-local calls, and the outbox's door for workers. */

const outbox = createOutbox();
let endpoint: RunningLambdaEndpoint;

beforeAll(async () => {
  endpoint = await startLambdaEndpoint({
    port: 0,
    outbox,
    functions: {
      'talentpilot-local-Echo': { functionName: 'talentpilot-local-Echo', invoke: async (event) => ({ echoed: event }) },
      'talentpilot-local-Refuse': {
        functionName: 'talentpilot-local-Refuse',
        invoke: async () => {
          throw new LambdaInvocationError(
            'Error: REGISTRATION_CODE_INVALID: unknown code',
            'error',
            'Error: REGISTRATION_CODE_INVALID: unknown code\n    at handler (pre-sign-up.ts:1:1)',
          );
        },
      },
      'talentpilot-local-Slow': {
        functionName: 'talentpilot-local-Slow',
        invoke: async () => {
          throw new LambdaInvocationError('Task timed out after 10.00 seconds', 'timeout');
        },
      },
    },
  });
});

afterAll(() => endpoint.stop());

const invoke = (name: string, payload: string, headers: Record<string, string> = {}) =>
  fetch(`${endpoint.url}/2015-03-31/functions/${encodeURIComponent(name)}/invocations`, { method: 'POST', body: payload, headers });

describe('the local Lambda endpoint', () => {
  it('invokes a function by name or ARN and answers its result', async () => {
    const byName = await invoke('talentpilot-local-Echo', '{"a":1}');
    const byArn = await invoke('arn:aws:lambda:us-east-2:123456789012:function:talentpilot-local-Echo:$LATEST', '{"a":2}');

    expect(byName.status).toBe(200);
    expect(await byName.json()).toEqual({ echoed: { a: 1 } });
    expect(await byArn.json()).toEqual({ echoed: { a: 2 } });
    expect(functionNameOf('123456789012:function:f')).toBe('f');
  });

  it('reports a handler’s error as Lambda does: 200, X-Amz-Function-Error Unhandled, errorType and errorMessage', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const refused = await invoke('talentpilot-local-Refuse', '{}');
      const slow = await invoke('talentpilot-local-Slow', '{}');

      expect(refused.status).toBe(200);
      expect(refused.headers.get('x-amz-function-error')).toBe('Unhandled');
      expect(await refused.json()).toEqual({
        errorType: 'Error',
        errorMessage: 'REGISTRATION_CODE_INVALID: unknown code',
        trace: ['Error: REGISTRATION_CODE_INVALID: unknown code', '    at handler (pre-sign-up.ts:1:1)'],
      });
      expect(await slow.json()).toMatchObject({ errorType: 'Sandbox.Timedout', errorMessage: 'Task timed out after 10.00 seconds' });
    } finally {
      spy.mockRestore();
    }
  });

  it('answers ResourceNotFoundException for an unknown function and refuses a payload that is not JSON', async () => {
    const missing = await invoke('talentpilot-local-Nope', '{}');
    const garbled = await invoke('talentpilot-local-Echo', '{nope');

    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-amzn-errortype')).toBe('ResourceNotFoundException');
    expect(garbled.status).toBe(400);
    expect(garbled.headers.get('x-amzn-errortype')).toBe('InvalidRequestContentException');
  });

  it('takes messages for the outbox from handlers in workers (POST /_local/outbox)', async () => {
    const posted = await fetch(endpoint.outboxUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        to: 'invited@example.com',
        subject: 'Your temporary password',
        body: 'Your username is invited@example.com and temporary password is Tmp#12345678.',
        temporaryPassword: 'Tmp#12345678',
        kind: 'invitation',
      }),
    });
    const refused = await fetch(endpoint.outboxUrl, { method: 'POST', body: JSON.stringify({ to: 'x@example.com' }) });

    expect(posted.status).toBe(201);
    expect(outbox.messages()[0]).toMatchObject({ to: 'invited@example.com', temporaryPassword: 'Tmp#12345678', kind: 'invitation' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: '"subject" must be a non-empty string.' });
  });
});
