/** @jest-environment ./test/support/backend-environment.js */
import {
  CARD_SERVICE_UNAVAILABLE_MESSAGE,
  CARD_SERVICE_UNREACHABLE_MESSAGE,
  CardTokenError,
  createTestCardTokenizer,
} from '../../../../web/src/features/subscriptions/api/test-card-tokenizer';
import { THREE_D_SECURE_MESSAGES, threeDSecureActionOf } from '../../../../web/src/features/subscriptions/three-d-secure';
import { RestApiError } from '../../../../web/src/lib/rest-client';

const CARD = { number: '4111111111111111', month: '12', year: '2030', cvv: '123', firstName: 'Ada', lastName: 'Okafor' };
const TOKEN_URL = 'http://127.0.0.1:5181/_local/billing/tokens';

function tokenizer(answer: Response | Error) {
  const fetchImpl = jest.fn(async () => {
    if (answer instanceof Error) throw answer;
    return answer;
  });
  return { tokens: createTestCardTokenizer(TOKEN_URL, fetchImpl as unknown as typeof fetch), fetchImpl };
}

describe('the local card tokenizer', () => {
  it('posts the card to the local billing token URL and returns the token id', async () => {
    const { tokens, fetchImpl } = tokenizer(new Response(JSON.stringify({ id: 'tok-local-1' }), { status: 200 }));
    await expect(tokens.tokenize(CARD)).resolves.toBe('tok-local-1');
    expect(fetchImpl).toHaveBeenCalledWith(TOKEN_URL, expect.objectContaining({ method: 'POST', body: JSON.stringify(CARD) }));
  });

  it('reports a refused card with the service’s message and field messages', async () => {
    const body = { message: 'Use a test card.', fields: { number: 'Use a test card.', cvv: 'Enter the 3 or 4 digit security code.' } };
    const { tokens } = tokenizer(new Response(JSON.stringify(body), { status: 400 }));
    const error = await tokens.tokenize(CARD).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(CardTokenError);
    expect(error).toMatchObject({ message: 'Use a test card.', fields: body.fields });
  });

  it('says when the card service cannot be reached or fails', async () => {
    await expect(tokenizer(new TypeError('Failed to fetch')).tokens.tokenize(CARD)).rejects.toThrow(CARD_SERVICE_UNREACHABLE_MESSAGE);
    await expect(tokenizer(new Response('oops', { status: 500 })).tokens.tokenize(CARD)).rejects.toThrow(CARD_SERVICE_UNAVAILABLE_MESSAGE);
  });
});

describe('the local 3-D Secure check', () => {
  it('posts the answer beside the tokens route and returns the result token of a passed check', async () => {
    const { tokens, fetchImpl } = tokenizer(new Response(JSON.stringify({ id: '3dsr_abc' }), { status: 201 }));
    await expect(tokens.completeThreeDSecure('3dsa_abc', 'authenticate')).resolves.toBe('3dsr_abc');
    expect(fetchImpl).toHaveBeenCalledWith(
      'http://127.0.0.1:5181/_local/billing/three-d-secure',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ actionTokenId: '3dsa_abc', outcome: 'authenticate' }) }),
    );
  });

  it('fails with the reason: a failed check, or a check that could not be reached', async () => {
    const failed = tokenizer(new Response(JSON.stringify({ code: 'three_d_secure_failed' }), { status: 422 }));
    await expect(failed.tokens.completeThreeDSecure('3dsa_abc', 'fail')).rejects.toMatchObject({
      name: 'ThreeDSecureFailedError',
      message: THREE_D_SECURE_MESSAGES.failed,
    });
    const unreachable = tokenizer(new TypeError('Failed to fetch'));
    await expect(unreachable.tokens.completeThreeDSecure('3dsa_abc', 'authenticate')).rejects.toThrow(THREE_D_SECURE_MESSAGES.unavailable);
  });
});

describe('threeDSecureActionOf', () => {
  it('reads the action token of a 402 three_d_secure_required answer only', () => {
    const body = { message: 'Confirm', code: 'three_d_secure_required', threeDSecureActionTokenId: 'act-9' };
    expect(threeDSecureActionOf(new RestApiError(402, 'three_d_secure_required', 'Confirm', {}, body))).toBe('act-9');
    expect(
      threeDSecureActionOf(new RestApiError(400, 'card_declined', 'Declined', {}, { ...body, code: 'card_declined' })),
    ).toBeUndefined();
    expect(threeDSecureActionOf(new RestApiError(402, 'three_d_secure_required', 'Confirm', {}, {}))).toBeUndefined();
    expect(threeDSecureActionOf(new Error('network'))).toBeUndefined();
  });
});
